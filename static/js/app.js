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

// A round's end time counts down (table/_timer.html): "12:04 left", then "Time is up". The words are the
// template's translated text; without JavaScript the end time ("ends 21:30") shows alone.
function tickTimers() {
  document.querySelectorAll("[data-ends]").forEach((timer) => {
    const out = timer.querySelector("[data-countdown]");
    const left = Math.round((Date.parse(timer.dataset.ends) - Date.now()) / 1000);
    if (!out || Number.isNaN(left)) return;
    timer.classList.toggle("over", left <= 0);
    timer.classList.toggle("soon", left > 0 && left <= 600);
    if (left <= 0) {
      out.textContent = timer.dataset.done;
      return;
    }
    const h = Math.floor(left / 3600);
    const m = Math.floor((left % 3600) / 60);
    const s = left % 60;
    const pad = (n) => String(n).padStart(2, "0");
    const text = h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
    out.textContent = timer.dataset.left.replace("{t}", text);
  });
}
let timersRunning = false;
function startTimers() {
  tickTimers();
  if (!timersRunning && document.querySelector("[data-ends]")) {
    timersRunning = true;
    setInterval(tickTimers, 1000);
  }
}
document.addEventListener("DOMContentLoaded", startTimers);
document.addEventListener("htmx:afterSettle", startTimers);
