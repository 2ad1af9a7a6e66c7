// A scorekeeper's sheet follows its table (issue 50). Every 3 s it reads its tables' marks: one answer for
// 32 tables, everybody's, which nginx keeps for a second whoever asks (/tables/marks/<part>/,
// tournament/views/table/marks.py). Only when its table's mark is not the one its state was made at does it
// ask its own address (#live's hx-get, live/mine/: "moved"). A sheet with no marks to read (a held round's)
// or whose table the answer does not name asks its own address every 3 s, as every sheet did before.
(() => {
  "use strict";
  const EVERY = 3000;
  let asking = false;

  function ownPoll(live) {
    if (window.htmx) window.htmx.trigger(live, "moved");
  }

  async function tick() {
    const live = document.querySelector("#live[data-poll=mine]");
    if (!live || asking) return;
    const url = live.dataset.marks;
    if (!url) return ownPoll(live);
    asking = true;
    try {
      // No cookie: the answer is the same for everybody, and a copy nginx keeps is shared by all.
      const answer = await fetch(url, { credentials: "omit", headers: { Accept: "application/json" } });
      const marks = answer.ok ? (await answer.json()).marks || {} : {};
      const now = document.getElementById("live") || live;
      if (marks[now.dataset.table] === undefined || marks[now.dataset.table] !== now.dataset.mark) ownPoll(now);
    } catch (error) {
      ownPoll(live); // the network: the own poll finds out and says so (app.js, offline-sheet.js)
    } finally {
      asking = false;
    }
  }
  setInterval(tick, EVERY);

  // "Unchanged" (204) names the mark the state it holds is current at; a new state carries its own.
  document.addEventListener("htmx:afterRequest", (event) => {
    const live = document.getElementById("live");
    const xhr = event.detail.xhr;
    if (!live || event.detail.elt !== live || !xhr || xhr.status !== 204) return;
    const mark = xhr.getResponseHeader("X-Table-Mark");
    if (mark) live.dataset.mark = mark;
  });
})();
