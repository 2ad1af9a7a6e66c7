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

// A failed htmx request (403, 429, 503, a server error, no network) is never dropped silently: the bar
// #request-error (base.html) says what happened, in the page's language, with a Retry button that sends
// the same request again. A later request that succeeds (the next poll of a live partial) clears it.
(() => {
  let retry = null;
  const bar = () => document.getElementById("request-error");

  function reasonOf(status) {
    if (status === 403) return "forbidden";
    if (status === 429) return "tooMany";
    if (status === 502 || status === 503 || status === 504) return "unavailable";
    return "other";
  }

  function show(reason, detail) {
    const box = bar();
    if (!box) return;
    box.querySelector(".request-error-text").textContent = box.dataset[reason] || box.dataset.other;
    const config = detail.requestConfig || {};
    const source = detail.elt;
    retry = () => window.htmx.ajax(config.verb || "get", config.path, { source: source, target: detail.target });
    box.dataset.reason = reason;
    box.hidden = false;
  }

  function hide() {
    const box = bar();
    if (box) box.hidden = true;
  }

  document.addEventListener("htmx:responseError", (event) => show(reasonOf(event.detail.xhr.status), event.detail));
  document.addEventListener("htmx:sendError", (event) => show("network", event.detail));
  document.addEventListener("htmx:timeout", (event) => show("network", event.detail));
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.successful) hide();
  });
  document.addEventListener("click", (event) => {
    if (!event.target.closest) return;
    if (event.target.closest(".request-error-retry")) {
      hide();
      if (retry) retry();
    } else if (event.target.closest(".request-error-dismiss")) {
      hide();
    }
  });
})();

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

// One's own line (issue 50): the live partials a page polls are everybody's, the same for all, so they
// mark nobody. The page itself, made for this person, names their player (components/_me.html:
// data-me, and the word "you" in the page's language); after each refresh their line is marked again
// as the page first showed it (class "me", aria-current, the "you" label).
function markMine() {
  const holder = document.querySelector("[data-me]");
  if (!holder || !holder.dataset.me) return;
  const me = CSS.escape(holder.dataset.me);
  document.querySelectorAll(`.pub-live [data-player="${me}"], #live [data-player="${me}"]`).forEach((line) => {
    line.classList.add("me");
    if (line.tagName !== "LI" || line.closest(".pub-top")) line.setAttribute("aria-current", "true");
    if (line.querySelector(".pub-you")) return;
    const inTable = line.querySelector("span.name");
    const you = document.createElement(inTable ? "small" : "span");
    you.className = "pub-you";
    you.textContent = holder.dataset.meLabel;
    const name = line.querySelector(".name a") || (inTable ? null : line.querySelector("a"));
    if (name) name.after(" ", you);
    else if (inTable && inTable.firstChild) inTable.firstChild.after(" ", you);
  });
}
document.addEventListener("htmx:afterSettle", markMine);
