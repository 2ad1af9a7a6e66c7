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
  // A preview answers the form as it was sent. A tap made while that answer was on its way has already
  // queued the next preview; drawing the old answer would redraw the payouts without the tap's choice
  // (a fast second tap lost). So an answer older than the form's last change is dropped: the queued one
  // follows with every choice.
  var changes = 0;
  document.addEventListener("change", function (event) {
    if (event.target.form && event.target.form.id === "entry-form") changes += 1;
  }, true);
  function isPreview(detail) {
    var path = detail.requestConfig && detail.requestConfig.path;
    return typeof path === "string" && /\/preview\/$/.test(path);
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPreview(event.detail)) event.detail.xhr.formChanges = changes;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var sent = event.detail.xhr && event.detail.xhr.formChanges;
    if (isPreview(event.detail) && sent !== undefined && sent !== changes) event.detail.shouldSwap = false;
  });
  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:afterSwap", function (event) { reveal(event.target.parentElement || document); });
  document.addEventListener("htmx:oobAfterSwap", function () { reveal(document); });
})();
