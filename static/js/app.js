// Every page's small behaviours, here rather than inline (the Content-Security-Policy allows no inline script).
"use strict";

// A <select data-autosubmit> sends its form when changed (the language menu); without JavaScript a button does.
document.addEventListener("change", (event) => {
  const select = event.target.closest && event.target.closest("select[data-autosubmit]");
  if (select && select.form) select.form.submit();
});

// A button with data-confirm asks first ("End every table now?"): the steps that end or undo something.
// The question is the template's translated text; without JavaScript the step goes ahead as before.
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button[data-confirm]");
  if (button && !window.confirm(button.dataset.confirm)) event.preventDefault();
});

// A search box with data-filter="#list" narrows the list's choices as one types (the staff page):
// shown only with JavaScript; without it the whole list is there to tick.
document.querySelectorAll("input[data-filter]").forEach((box) => {
  const list = document.querySelector(box.dataset.filter);
  if (!list) return;
  box.hidden = false;
  box.addEventListener("input", () => {
    const words = box.value.trim().toLowerCase();
    list.querySelectorAll(":scope > div").forEach((item) => {
      item.hidden = words !== "" && !item.textContent.toLowerCase().includes(words);
    });
  });
});
