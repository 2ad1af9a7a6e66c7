// "Tick every player listed" (issue 54): a box that ticks, or unticks, every box of the list it names
// (data-select-all="#list"), the ones a search hides left as they are; it follows the list's own ticks.
// Hidden without JavaScript, where the list is ticked one by one.
"use strict";

(() => {
  document.querySelectorAll("[data-select-all]").forEach((label) => {
    const list = document.querySelector(label.dataset.selectAll);
    const all = label.querySelector("input[type=checkbox]");
    if (!list || !all) return;
    const boxes = () => Array.from(list.querySelectorAll("input[type=checkbox]")).filter((b) => b.offsetParent !== null);
    const follow = () => {
      const shown = boxes();
      all.checked = shown.length > 0 && shown.every((b) => b.checked);
      all.indeterminate = !all.checked && shown.some((b) => b.checked);
    };
    label.hidden = false;
    all.addEventListener("change", () => {
      boxes().forEach((b) => { b.checked = all.checked; });
      follow();
    });
    list.addEventListener("change", follow);
    follow();
  });
})();
