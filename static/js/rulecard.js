// The rule card (organiser's rules page): "Add a row" under the price table and the lists of hands.
// Without this script the page still works: each list keeps one empty row to fill in.
(function () {
  "use strict";

  function renumber(row, index) {
    row.querySelectorAll("input, select, label").forEach(function (el) {
      ["name", "id", "for"].forEach(function (attr) {
        var v = el.getAttribute(attr);
        if (v) el.setAttribute(attr, v.replace(/-\d+-/, "-" + index + "-"));
      });
      if (el.tagName === "SELECT") el.selectedIndex = 0;
      else if (el.type === "checkbox") el.checked = false;
      else if (el.tagName === "INPUT") el.value = "";
    });
    var n = row.querySelector(".rc-n");
    if (n) n.textContent = String(index);
  }

  function setUp(table) {
    var body = table.tBodies[0];
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rc-add";
    button.textContent = table.dataset.add;
    button.addEventListener("click", function () {
      var rows = body.querySelectorAll("tr.rc-row");
      var row = rows[rows.length - 1].cloneNode(true);
      renumber(row, rows.length);
      body.appendChild(row);
      var first = row.querySelector("input:not([type=checkbox]), select");
      if (first) first.focus();
    });
    table.insertAdjacentElement("afterend", button);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("table.rc-rows[data-add]").forEach(setUp);
  });
})();
