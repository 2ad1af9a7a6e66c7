// The scoresheet's only script: the controls that need JavaScript. Everything else is plain forms enhanced by
// htmx attributes (a tap previews; Confirm swaps the sheet in place).
(function () {
  "use strict";
  function reveal(root) {
    root.querySelectorAll("[data-needs-js][hidden]").forEach(function (el) { el.hidden = false; });
  }
  // The doubles are a tap (1 .. 6) or a typed count ("More"): one of them, never both.
  document.addEventListener("change", function (event) {
    var el = event.target;
    if (el.name === "doubles" && el.checked) {
      var other = document.getElementById("doubles_other");
      if (other) other.value = "";
    } else if (el.id === "doubles_other" && el.value !== "") {
      document.querySelectorAll("input[name=doubles]:checked").forEach(function (r) { r.checked = false; });
    }
  }, true);
  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:afterSwap", function (event) { reveal(event.target.parentElement || document); });
  document.addEventListener("htmx:oobAfterSwap", function () { reveal(document); });
})();
