// Hands kept on this phone while offline, one store per user (issue 18), and the service worker.
// Loaded on every page of a signed-in user (base.html): the scoresheet (offline-sheet.js) fills and sends the
// store; logging out here deletes this user's waiting hands and kept pages, so the next person on the phone
// never sends them or sees them. Storage: IndexedDB through idb-keyval (static/vendor/idb-keyval.umd.js).
(() => {
  "use strict";
  const user = document.body.dataset.user;
  if (!user || !window.idbKeyval) return;
  const db = window.idbKeyval;
  const store = db.createStore("mahjong-offline", "hands");
  const mine = (key) => String(key).startsWith(`u${user}:`);
  const keyOf = (table) => `u${user}:t${table}`;

  // Each table's waiting hands are one array, in the order they were entered; every change is one
  // IndexedDB transaction (idb-keyval's update), so two tabs never lose each other's hands.
  window.offlineHands = {
    user,
    list: (table) => db.get(keyOf(table), store).then((items) => items || []),
    change: (table, fn) => db.update(keyOf(table), (items) => fn(items || []), store),
    count: async () => {
      const lists = await Promise.all((await db.keys(store)).filter(mine).map((key) => db.get(key, store)));
      return lists.reduce((n, items) => n + (items || []).length, 0);
    },
    forget: async () => {
      await db.delMany((await db.keys(store)).filter(mine), store);
      if (window.caches) await window.caches.delete("pages");
    },
  };

  if ("serviceWorker" in navigator && document.body.dataset.worker) {
    navigator.serviceWorker.register(document.body.dataset.worker, { scope: "/" }).catch(() => undefined);
  }

  // Logging out: say how many hands would be lost, then delete them and the kept pages before leaving.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches || !form.matches("form[data-logout]") || form.dataset.cleared) return;
    event.preventDefault();
    const waiting = await window.offlineHands.count().catch(() => 0);
    if (waiting && !window.confirm(form.dataset.unsent.replace("{n}", waiting))) return;
    await window.offlineHands.forget().catch(() => undefined);
    form.dataset.cleared = "1";
    form.submit();
  });
})();
