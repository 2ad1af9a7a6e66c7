// A player's private links passed on by the organiser (the messages page, issue 34): "Share" opens the
// phone's share sheet (the Web Share API) where the browser has one, else copies like "Copy". The words
// come from the list's data- attributes (translated by the template; no inline script under the CSP).
"use strict";
(function () {
  const list = document.querySelector("[data-share-list]");
  if (!list) return;
  const say = (row, key) => {
    const status = row && row.querySelector("[data-share-status]");
    if (status) status.textContent = list.dataset[key] || "";
  };
  const copy = async (row, text) => {
    try {
      await navigator.clipboard.writeText(text);
      say(row, "copied");
    } catch (e) {
      const field = row && row.querySelector("input");
      if (field) field.select();
      say(row, "copyFailed");
    }
  };
  list.querySelectorAll("[data-copy], [data-share]").forEach((button) => {
    button.hidden = false; // without a script, the links stay in their fields to select by hand
  });
  list.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-copy], [data-share]");
    if (!button) return;
    const row = button.closest("[data-share-row]");
    if (button.hasAttribute("data-share") && navigator.share) {
      try {
        await navigator.share({ text: button.dataset.share });
        say(row, "shared");
        return;
      } catch (e) {
        if (e && e.name === "AbortError") return; // the organiser closed the share sheet
      }
    }
    await copy(row, button.dataset.copy || button.dataset.share);
  });
})();
