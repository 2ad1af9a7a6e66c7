// A scorekeeper's sheet follows its table (issue 50). Every 3 s (#live's data-every) it reads its tables'
// marks: one answer for 32 tables, everybody's, which nginx keeps for a second whoever asks (/tables/marks/<part>/,
// tournament/views/table/marks.py). Only when its table's mark is not the one its state was made at does it
// ask its own address (#live's hx-get, live/mine/: "moved"). A sheet with no marks to read (a held round's)
// or whose table the answer does not name asks its own address every 3 s, as every sheet did before.
// A copy of the marks older than the state the sheet holds (nginx serves its last one while it asks the app
// again) names a mark the sheet has already asked about: it asks once for each mark it reads, not every tick.
(() => {
  "use strict";
  let asked = {}; // the table and the mark read in the marks when the sheet last asked its own address

  function ownPoll(live, mark) {
    asked = { table: live.dataset.table, mark };
    if (window.htmx) window.htmx.trigger(live, "moved");
  }

  async function tick() {
    const live = document.querySelector("#live[data-poll=mine]");
    if (!live) return;
    const url = live.dataset.marks;
    if (!url) return ownPoll(live);
    try {
      // No cookie: the answer is the same for everybody, and a copy nginx keeps is shared by all.
      const answer = await fetch(url, { credentials: "omit", headers: { Accept: "application/json" } });
      const marks = answer.ok ? (await answer.json()).marks || {} : {};
      const now = document.getElementById("live") || live;
      const mark = marks[now.dataset.table];
      if (mark === now.dataset.mark) return;
      if (mark !== undefined && asked.table === now.dataset.table && asked.mark === mark) return; // stale
      ownPoll(now, mark); // moved, or not named (held)
    } catch (error) {
      ownPoll(live); // the network: the own poll finds out and says so (app.js, offline-sheet.js)
    }
  }
  // One tick after the other (a slow answer never stacks a second), each "every" seconds after the last.
  function next() {
    const live = document.getElementById("live");
    const every = Number(live && live.dataset.every) || 3;
    setTimeout(() => tick().finally(next), every * 1000);
  }
  next();

  // "Unchanged" (204) names the mark the state it holds is current at; a new state carries its own.
  document.addEventListener("htmx:afterRequest", (event) => {
    const live = document.getElementById("live");
    const xhr = event.detail.xhr;
    if (!live || event.detail.elt !== live) return;
    if (!xhr || !(xhr.status >= 200 && xhr.status < 300)) asked = {}; // not answered: ask again next tick
    if (!xhr || xhr.status !== 204) return;
    const mark = xhr.getResponseHeader("X-Table-Mark");
    if (mark) live.dataset.mark = mark;
  });
})();
