// Starts Redoc on /api/v1/redoc/ (tournament/api/docs.py): no inline script under the CSP. The
// nonce lets the <style> elements Redoc writes through the page's policy.
(function () {
  "use strict";
  var container = document.getElementById("redoc");
  if (!container || !window.Redoc) return;
  window.Redoc.init(container.dataset.specUrl, { nonce: container.dataset.nonce }, container);
})();
