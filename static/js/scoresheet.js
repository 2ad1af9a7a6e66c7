// The scoresheet's only script: the doubles stepper and the controls that need JavaScript.
// Everything else is plain forms enhanced by htmx attributes.
(function () {
  "use strict";
  function reveal(root) {
    root.querySelectorAll("[data-needs-js][hidden]").forEach(function (el) { el.hidden = false; });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) return;
    var input = button.parentElement.querySelector("input[type=number]");
    var current = parseInt(input.value, 10);
    if (isNaN(current)) {  // the first tap shows the rule set's minimum (the placeholder)
      input.value = String(parseInt(input.placeholder, 10) || 0);
      input.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    var next = Math.max(parseInt(input.min, 10) || 0, Math.min(parseInt(input.max, 10) || 99,
      current + parseInt(button.dataset.step, 10)));
    input.value = String(next);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:afterSwap", function (event) { reveal(event.target.parentElement || document); });
  document.addEventListener("htmx:oobAfterSwap", function () { reveal(document); });
})();
