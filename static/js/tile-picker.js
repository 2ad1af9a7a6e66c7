/*
 * The tile picker (templates/components/tile_picker.html): tap a tile of the palette to add it to the field,
 * tap a chosen tile to take it out. The text input stays the source of truth (it is what the form posts, and
 * what a page without JavaScript types into); every change fires a bubbling "change" event on it so that an
 * enclosing htmx form re-posts. Only one picker's palette shows at a time: the active one.
 * A tile already used as often as the set holds it (four of a playing tile, one of a bonus tile) across all the
 * pickers of the same form is dimmed in every palette and cannot be added again.
 * When the hand (the picker of the field "concealed") reaches fourteen tiles, counting three for each declared
 * set, the winning tile's picker opens by itself: the next step.
 */
(function () {
  "use strict";

  function codesOf(input) {
    return input.value.trim().toUpperCase().split(/[\s,]+/).filter(Boolean);
  }

  var BONUS = /^(F[1-4]|S[1-4]|CAT|RAT|ROOSTER|CENTIPEDE)$/;

  function refreshUsed(root) {
    var scope = root.closest("form") || document;
    var used = {};
    scope.querySelectorAll("[data-tile-picker] [data-tile-input]").forEach(function (input) {
      codesOf(input).forEach(function (code) { used[code] = (used[code] || 0) + 1; });
    });
    scope.querySelectorAll("[data-tile-palette] [data-tile]").forEach(function (button) {
      var code = button.dataset.tile;
      var gone = (used[code] || 0) >= (BONUS.test(code) ? 1 : 4);
      button.classList.toggle("is-used-up", gone);
      button.setAttribute("aria-disabled", gone ? "true" : "false");
    });
  }

  // Fourteen tiles with the declared sets (a kong counts as three): the hand is complete.
  function handSize(form) {
    var size = 0;
    form.querySelectorAll("[data-tile-picker] [data-tile-input]").forEach(function (input) {
      var n = codesOf(input).length;
      if (input.name === "concealed") size += n;
      else if (/^meld_\d+$/.test(input.name)) size += Math.min(n, 3);
    });
    return size;
  }

  function nextStep(root, before) {
    var form = root.closest("form");
    var input = root.querySelector("[data-tile-input]");
    if (!form || !/^(concealed|meld_\d+)$/.test(input.name)) return;
    var winning = form.querySelector("[data-tile-picker]:has(input[name=winning_tile])");
    if (!winning || before >= 14 || handSize(form) < 14) return;
    setTimeout(function () {  // after this tap's own click has made its picker the active one
      activate(winning);
      winning.scrollIntoView({ block: "start", behavior: "smooth" });
    }, 0);
  }

  function activate(root) {
    document.querySelectorAll("[data-tile-picker].is-active").forEach(function (other) {
      if (other !== root) other.classList.remove("is-active");
    });
    root.classList.add("is-active");
  }

  function init(root) {
    if (root.dataset.tilePickerReady) return;
    root.dataset.tilePickerReady = "1";
    var input = root.querySelector("[data-tile-input]");
    var tray = root.querySelector("[data-tile-tray]");
    var palette = root.querySelector("[data-tile-palette]");
    var count = root.querySelector("[data-tile-count]");
    var clear = root.querySelector("[data-tile-clear]");
    var max = parseInt(root.dataset.max || "0", 10);
    root.classList.add("has-js");
    tray.hidden = false;
    palette.hidden = false;
    if (clear) clear.hidden = false;

    function imageOf(code) {
      var img = palette.querySelector('[data-tile="' + code + '"] img');
      return img ? img.getAttribute("src") : null;
    }

    function render() {
      var codes = codesOf(input);
      var chips = codes.map(function (code, i) {
        var chip = document.createElement("button");
        chip.type = "button";
        chip.className = "tile";
        chip.dataset.index = String(i);
        chip.dataset.code = code;
        chip.title = code;
        var src = imageOf(code);
        if (src) {
          var img = document.createElement("img");
          img.src = src;
          img.alt = code;
          img.width = 40;
          img.height = 53;
          chip.appendChild(img);
        } else {
          chip.textContent = code;
          chip.classList.add("tile-unknown");
        }
        chip.setAttribute("aria-label", code + " (remove)");
        return chip;
      });
      tray.replaceChildren.apply(tray, chips);
      if (count) count.textContent = max ? codes.length + " / " + max : String(codes.length || "");
      root.classList.toggle("is-full", max > 0 && codes.length >= max);
      refreshUsed(root);
    }

    function set(codes) {
      var form = root.closest("form");
      var before = form ? handSize(form) : 0;
      input.value = codes.join(" ");
      render();
      input.dispatchEvent(new Event("change", { bubbles: true }));
      nextStep(root, before);
    }

    palette.addEventListener("click", function (event) {
      var button = event.target.closest("[data-tile]");
      if (!button || button.classList.contains("is-used-up")) return;
      var codes = codesOf(input);
      if (max === 1) codes = [];
      else if (max && codes.length >= max) return;
      codes.push(button.dataset.tile);
      set(codes);
    });
    tray.addEventListener("click", function (event) {
      var chip = event.target.closest("[data-index]");
      activate(root);
      if (!chip) return;
      var codes = codesOf(input);
      codes.splice(parseInt(chip.dataset.index, 10), 1);
      set(codes);
    });
    if (clear) clear.addEventListener("click", function () { activate(root); set([]); });
    input.addEventListener("input", render);
    root.addEventListener("focusin", function () { activate(root); });
    root.addEventListener("click", function () { activate(root); });
    render();
  }

  function initAll(scope) {
    scope = scope || document;
    if (scope.matches && scope.matches("[data-tile-picker]")) init(scope);
    scope.querySelectorAll("[data-tile-picker]").forEach(init);
    var first = document.querySelector("[data-tile-picker]");
    if (first && !document.querySelector("[data-tile-picker].is-active")) first.classList.add("is-active");
  }

  window.TilePicker = { init: init, initAll: initAll };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { initAll(); });
  else initAll();
  document.addEventListener("htmx:load", function (event) { initAll(event.target); });
})();
