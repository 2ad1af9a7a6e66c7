// The scoresheet with no connection (issue 18). Offline, Confirm becomes "Keep hand N to send later": the hand
// is kept on this phone (window.offlineHands, static/js/offline.js) with the Idempotency-Key and hand number
// of its entry, a banner counts the hands waiting, and the balances show them added, "not yet checked".
// A quick entry (a doubles count) is priced here from the competition's price table (the page's #price-card),
// "to be checked": a lookup, not a scoring engine; a hand entered tile by tile waits for the server's check.
// When the connection returns the hands are sent in order, one at a time, to table:queued; a refused hand
// stops the queue with its reason, to be fixed or discarded; a hand the table moved past (another device
// recorded meanwhile) is shown to be sent as the table's next hand or discarded: never merged by itself.
// The words are the template's (table/_offline.html), translated; the form's hand: static/js/offline-entry.js.
(() => {
  "use strict";
  const root = document.getElementById("offline");
  const hands = window.offlineHands;
  if (!root || !hands) return;
  const say = root.dataset;
  const table = say.table;
  const card = JSON.parse(document.getElementById("price-card").textContent);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, k) => (k in values ? String(values[k]) : all));

  let items = []; // this table's waiting hands, in order (a copy of the store)
  let online = navigator.onLine;
  let sending = false;
  let retry = null;
  let fixing = null; // the key of the waiting hand loaded into the form to be fixed
  let serverNumber = 0; // the hand the server's form was for
  let note = "";

  const form = () => document.getElementById("entry-form");
  const hidden = (name) => form() && form().querySelector(`input[name="${name}"]`);
  const players = () =>
    Array.from(document.querySelectorAll("#live .player[data-player]"), (li) => ({ id: li.dataset.player, name: li.dataset.name, li }));
  const nameOf = (id) => (players().find((p) => p.id === String(id)) || { name: "?" }).name;
  const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  const { fieldsOf, read, priced, summary, clearForm, load } = window.offlineEntry({ card, say, fill, players, nameOf, form });

  // ------------------------------------------------------------------ what the page shows

  // Keeping, not confirming: offline, fixing a kept hand, or while hands wait (a new one goes behind them).
  const entryMode = () => Boolean(form()) && (!online || fixing !== null || items.length > 0);

  function renderBar() {
    const f = form();
    document.body.classList.toggle("offline-entry", entryMode());
    let bar = document.getElementById("offline-bar");
    if (!entryMode()) {
      if (bar) bar.remove();
      return;
    }
    if (!bar) {
      bar = document.getElementById("offline-bar-template").content.firstElementChild.cloneNode(true);
      f.appendChild(bar);
    }
    const p = priced(read(fieldsOf(f)));
    bar.querySelector(".bar-line").textContent = p.problem || p.line;
    const list = bar.querySelector(".bar-deltas");
    list.replaceChildren();
    if (!p.problem && p.deltas) {
      players().forEach((pl) => {
        const d = p.deltas[pl.id] || 0;
        const li = document.createElement("li");
        li.className = `delta${d > 0 ? " up" : d < 0 ? " down" : ""}`;
        li.innerHTML = "<small></small> <b></b>";
        li.querySelector("small").textContent = pl.name;
        li.querySelector("b").textContent = d > 0 ? `+${d}` : String(d);
        list.appendChild(li);
      });
    }
    const button = bar.querySelector("#offline-keep");
    button.textContent = fill(fixing ? say.keepFixed : say.keep, { n: hidden("expected_number").value });
    button.disabled = Boolean(p.problem);
  }

  function renderBanner() {
    const el = document.getElementById("offline-banner");
    const stopped = items.find((i) => i.state !== "waiting");
    const n = items.length;
    let text = note;
    if (!online) text = n ? fill(n === 1 ? say.bannerOfflineOne : say.bannerOfflineOther, { n }) : say.bannerOfflineNone;
    else if (stopped) text = fill(say.bannerStopped, { number: stopped.number });
    else if (n) text = fill(n === 1 ? say.bannerSendingOne : say.bannerSendingOther, { n });
    el.textContent = text;
    el.hidden = !text;
    el.classList.toggle("is-offline", !online);
    el.classList.toggle("is-stopped", online && Boolean(stopped));
  }

  function button(label, action, key) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = action === "discard" ? "small danger" : "small";
    b.textContent = label;
    b.dataset.action = action;
    b.dataset.key = key;
    return b;
  }

  function renderWaiting() {
    const box = document.getElementById("waiting");
    const list = box.querySelector(".waiting-list");
    box.hidden = items.length === 0;
    list.replaceChildren();
    items.forEach((item) => {
      const li = document.createElement("li");
      li.className = `waiting-hand ${item.state}${item.key === fixing ? " fixing" : ""}`;
      li.setAttribute("data-testid", "waiting-hand");
      const head = document.createElement("p");
      head.innerHTML = "<strong></strong> <span></span> <small class=\"unchecked-tag\"></small>";
      head.querySelector("strong").textContent = fill(say.hand, { n: item.number });
      head.querySelector("span").textContent = item.summary;
      head.querySelector("small").textContent = say.unchecked;
      li.appendChild(head);
      if (item.line && item.state !== "waiting") { // a waiting hand's chips are in the balances already
        const line = document.createElement("p");
        line.className = "muted";
        line.textContent = item.line;
        li.appendChild(line);
      }
      if (item.state !== "waiting") {
        const why = document.createElement("p");
        why.className = "error";
        why.setAttribute("data-testid", "refused");
        why.textContent = `${say.notRecorded} ${item.reasons.join(" ")}`;
        li.appendChild(why);
        const actions = document.createElement("p");
        actions.className = "actions";
        if (form()) { // a table that takes hands: send it as the next one, or fix it
          if (item.state === "conflict") actions.appendChild(button(fill(say.sendAs, { n: item.now }), "renumber", item.key));
          else actions.appendChild(button(say.fix, "fix", item.key));
        } else {
          const told = document.createElement("p");
          told.className = "muted";
          told.textContent = say.toldOrganiser;
          li.appendChild(told);
        }
        actions.appendChild(button(say.discard, "discard", item.key));
        li.appendChild(actions);
      }
      list.appendChild(li);
    });
  }

  // Each player's balance with the waiting hands priced here added, marked "not yet checked".
  function renderBalances() {
    document.querySelectorAll("#live .unchecked").forEach((el) => el.remove());
    if (!items.length) return;
    players().forEach((p) => {
      const shown = p.li.querySelector(".balance");
      let balance = Number(shown ? shown.textContent : 0);
      items.forEach((i) => { balance += (i.state === "waiting" && i.deltas && i.deltas[p.id]) || 0; });
      const small = document.createElement("small");
      small.className = "unchecked";
      small.setAttribute("data-testid", "unchecked-balance");
      small.textContent = `→ ${balance}`;
      small.title = say.unchecked;
      p.li.appendChild(small);
    });
  }

  // Whether the dealer deals again after a hand (tournament.tables.state.dealer_keeps_deal), from the rule set's
  // deal rules on the price card; a draw's kong is a kong payout row, as the ledger reads it.
  function keepsDeal(e, fields, dealerId) {
    const deal = card.deal || {};
    let outcome = e.outcome;
    if (outcome === "false_win") {
      if (deal.false_win_keeps_deal) return true;
      outcome = "draw";
    }
    if (outcome === "win") return e.winner === dealerId && deal.dealer_win_keeps_deal !== false;
    const kong = fields.some(([k, v]) => /^p-\d+-kind$/.test(k) && /kong/.test(v));
    return !(kong && deal.draw_with_kong_passes_deal !== false);
  }

  // The header as the waiting hands leave the table (issue 54, item 2): the bold hand number, dealer, round
  // and each seat's wind are the projection's, as the form's number is, marked "not yet checked". The table
  // as the server last said is kept on #live (data-base), so each render starts from it, never from itself.
  function renderHeader() {
    const live = document.getElementById("live");
    const line = live && live.querySelector(".state-line");
    const seats = players();
    const number = live && live.querySelector("[data-testid=hand-number]");
    const dealerName = live && live.querySelector("[data-testid=dealer]");
    const round = live && live.querySelector("[data-testid=prevailing]");
    if (!line || seats.length !== 4 || !number || !dealerName || !round) return;
    live.querySelectorAll(".unchecked-state").forEach((el) => el.remove());
    if (!live.dataset.base) {
      live.dataset.base = JSON.stringify({
        passed: 4 * Math.max(0, "ESWN".indexOf(round.dataset.wind)) + Math.max(0, seats.findIndex((p) => p.li.classList.contains("dealer"))),
        repeats: Number(dealerName.dataset.repeats || 0),
        number: number.textContent,
      });
    }
    const base = JSON.parse(live.dataset.base);
    const waiting = [];
    for (const i of items) { if (i.state !== "waiting") break; waiting.push(i); }
    let passed = base.passed;
    let repeats = base.repeats;
    waiting.forEach((i) => {
      if (keepsDeal(read(i.fields), i.fields, seats[passed % 4].id)) repeats += 1;
      else { passed += 1; repeats = 0; }
    });
    if (passed >= 16) passed = base.passed; // the session would be over: the server says so when it checks
    const dealer = passed % 4;
    const wind = "ESWN"[Math.floor(passed / 4)];
    const letters = say.windLetters.split(",");
    const names = say.winds.split(",");
    number.textContent = waiting.length ? String(waiting[waiting.length - 1].number + 1) : base.number;
    round.dataset.wind = wind;
    round.textContent = fill(say.round, { wind: names["ESWN".indexOf(wind)] });
    dealerName.textContent = seats[dealer].name;
    const times = live.querySelector(".dealer-repeats");
    if (times) { times.hidden = !repeats; times.textContent = `(×${repeats + 1})`; }
    const mark = live.querySelector(".dealer-mark");
    seats.forEach((p, i) => {
      const at = (i - dealer + 4) % 4; // tables.state.seat_winds_for: the dealer is East, then S, W, N
      p.li.classList.toggle("dealer", i === dealer);
      const letter = p.li.querySelector(".wind");
      if (letter) { letter.textContent = letters[at]; letter.title = names[at]; }
      if (mark && i === dealer) p.li.querySelector(".name").appendChild(mark);
    });
    if (!waiting.length) return;
    const tag = document.createElement("span");
    tag.className = "unchecked-state muted";
    tag.setAttribute("data-testid", "unchecked-state");
    tag.textContent = say.unchecked; // muted beside the header, in the reader's language
    line.appendChild(tag);
  }

  function render() {
    renderBanner();
    renderWaiting();
    renderBalances();
    renderHeader();
    renderBar();
  }

  // The form is for the hand after the last waiting one, with a key never used.
  function numberTheForm() {
    const f = form();
    if (!f || fixing) return;
    const next = items.length ? items[items.length - 1].number + 1 : serverNumber;
    hidden("expected_number").value = String(next);
    hidden("idempotency_key").value = newKey();
    const title = f.closest(".entry") && f.closest(".entry").querySelector(".entry-title");
    if (title && !hidden("corrects")) title.textContent = fill(say.hand, { n: next });
  }

  // ------------------------------------------------------------------ keeping, fixing, discarding

  // `confirmed`: the server previewed it and Confirm was sent, but no answer came: kept as it was confirmed.
  async function keep(confirmed = false) {
    const f = form();
    const fields = fieldsOf(f);
    const e = read(fields);
    const p = priced(e);
    if (p.problem && !confirmed) return;
    const item = {
      key: hidden("idempotency_key").value,
      number: Number(hidden("expected_number").value),
      fields,
      summary: summary(e),
      line: p.line || "",
      deltas: p.deltas,
      state: "waiting",
      reasons: [],
    };
    const replacing = fixing;
    clearForm(); // at once: a tap on the next hand never lands in this one
    await hands.change(table, (list) => {
      const at = list.findIndex((x) => x.key === replacing);
      if (replacing && at >= 0) list[at] = item;
      else list.push(item);
      return list;
    });
    fixing = null;
    items = await hands.list(table);
    numberTheForm();
    render();
    window.scrollTo(0, 0);
    send();
  }

  // Later waiting hands follow the one before them: numbered on from `number`.
  const renumberFrom = (list, at, number) =>
    list.map((x, i) => (i < at ? x : { ...x, number: number + (i - at), state: i === at ? "waiting" : x.state, reasons: i === at ? [] : x.reasons }));

  document.addEventListener("click", async (event) => {
    const target = event.target.closest && event.target.closest("#offline-keep, #waiting [data-action]");
    if (!target) return;
    if (target.id === "offline-keep") return keep(false);
    const key = target.dataset.key;
    const at = items.findIndex((x) => x.key === key);
    if (at < 0) return;
    const item = items[at];
    if (target.dataset.action === "fix") {
      fixing = key;
      load(item.fields);
      hidden("expected_number").value = String(item.number);
      hidden("idempotency_key").value = item.key;
      render();
      form().scrollIntoView();
    } else if (target.dataset.action === "renumber") {
      await hands.change(table, (list) => renumberFrom(list, list.findIndex((x) => x.key === key), item.now));
      items = await hands.list(table);
      numberTheForm();
      render();
      send();
    } else if (target.dataset.action === "discard" && window.confirm(item.state === "waiting" ? say.discardAsk : say.discardRefusedAsk)) {
      if (item.state !== "waiting") await resolved(item.key); // before the next hand is sent: one write at a time
      await hands.change(table, (list) => {
        const i = list.findIndex((x) => x.key === key);
        const rest = list.filter((x) => x.key !== key);
        return renumberFrom(rest, i, item.number); // the hands after it were all waiting behind it
      });
      if (fixing === key) fixing = null;
      items = await hands.list(table);
      numberTheForm();
      render();
      send();
    }
  });

  // ------------------------------------------------------------------ sending, in order, each once

  function post(item) {
    const body = new URLSearchParams(item.fields);
    body.set("expected_number", String(item.number));
    body.set("idempotency_key", item.key);
    body.set("queued_by", hands.user);
    body.set("kept_summary", item.summary || "");
    const token = document.querySelector("[name=csrfmiddlewaretoken]");
    return fetch(say.queuedUrl, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": token ? token.value : "", Accept: "application/json" },
    });
  }

  // A refused hand discarded: the organiser's notice of it ends (tables.refusals). Offline, it stays open there.
  function resolved(key) {
    const body = new URLSearchParams({ idempotency_key: key });
    const token = document.querySelector("[name=csrfmiddlewaretoken]");
    return fetch(say.resolveUrl, {
      method: "POST", body, credentials: "same-origin",
      headers: { "X-CSRFToken": token ? token.value : "", Accept: "application/json" },
    }).catch(() => undefined);
  }

  function later() {
    clearTimeout(retry);
    retry = setTimeout(send, 5000);
  }

  async function drain() {
    let sent = 0, moved = false, refused = false;
    for (;;) {
      items = await hands.list(table);
      if (items.length) render(); // the count goes down; the last one sent is said once, below
      const item = items[0];
      if (!item || item.state !== "waiting" || item.key === fixing || !online) break;
      let response;
      try {
        response = await post(item);
      } catch (err) { // no answer: maybe not sent, maybe recorded; the same key makes the retry safe
        note = say.notSent;
        later();
        break;
      }
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        await hands.change(table, (list) => list.filter((x) => x.key !== item.key));
        sent += 1;
        continue;
      }
      if (response.status >= 500 || response.status === 403 || !answer.code) { // not an answer about the hand
        note = (answer.reasons || []).join(" ") || say.notSent;
        later();
        break;
      }
      const state = answer.code === "conflict" ? "conflict" : "refused";
      moved = state === "conflict"; // the sheet shows the table as it is now, to resolve against
      refused = true;
      await hands.change(table, (list) =>
        list.map((x) => (x.key === item.key ? { ...x, state, reasons: answer.reasons || [], now: answer.hand_number } : x)));
    }
    items = await hands.list(table);
    if (sent && !items.length) note = say.bannerSent;
    if ((sent || moved || refused) && !fixing) refreshSheet(); // e.g. the round ended: the sheet says so
    render();
  }

  async function send() {
    if (sending || !online) return;
    sending = true;
    note = "";
    try {
      // One sender per user and table, across this phone's tabs: a hand is never posted twice at once.
      const name = `mahjong-send-u${hands.user}-t${table}`;
      await (navigator.locks ? navigator.locks.request(name, drain) : drain());
    } finally {
      sending = false;
    }
  }

  // The sheet as the server has it now, in place.
  function refreshSheet() {
    if (window.htmx && document.getElementById("sheet")) {
      window.htmx.ajax("GET", window.location.pathname, { target: "#sheet", select: "#sheet", swap: "outerHTML" });
    }
  }

  function keepPage() {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker && online) worker.postMessage({ type: "keep", url: window.location.pathname });
  }

  // ------------------------------------------------------------------ the connection

  function goOffline() {
    if (!online) return;
    online = false;
    render();
  }

  function goOnline() {
    if (online) return;
    online = true;
    render();
    send();
  }

  window.addEventListener("offline", goOffline);
  window.addEventListener("online", goOnline);
  setInterval(() => {
    if (!online && navigator.onLine) {
      // Any answer means the server is reachable: /healthz says 503 when a worker or Redis is down, not the network.
      fetch(say.probe, { cache: "no-store" }).then(() => goOnline(), () => undefined);
    }
  }, 5000);

  // Offline the page asks the server nothing (no preview, no live poll); keeping, the form previews nothing.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const inForm = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("#entry-form");
    if (!online || (inForm && entryMode())) event.preventDefault();
  });
  // A Confirm that got no answer: the hand is kept with its key (the server may have it: the key makes the
  // second try answer that hand, never a second one), and the page goes on offline.
  document.addEventListener("htmx:sendError", (event) => {
    const wasConfirm = event.detail.elt && event.detail.elt.id === "confirm";
    goOffline();
    const bar = document.getElementById("request-error");
    if (bar) bar.hidden = true;
    if (wasConfirm) keep(true);
  });
  document.addEventListener("submit", (event) => {
    if (event.target === form() && entryMode()) event.preventDefault();
  });
  ["change", "input"].forEach((type) =>
    document.addEventListener(type, (event) => {
      if (entryMode() && event.target.form === form()) renderBar();
    }));
  // After any swap: a new form (Confirm, or the sheet refreshed) is numbered after the waiting hands, and
  // a new #live gets their balances again; the worker keeps the page as it is now.
  let lastForm = null;
  let lastLive = null;
  document.addEventListener("htmx:afterSettle", () => {
    const live = document.getElementById("live");
    const changed = form() !== lastForm || live !== lastLive;
    if (form() && form() !== lastForm) {
      serverNumber = Number(hidden("expected_number").value);
      numberTheForm();
    }
    lastForm = form();
    lastLive = live;
    render();
    if (changed) keepPage();
  });
  if (navigator.serviceWorker) navigator.serviceWorker.addEventListener("controllerchange", keepPage);

  async function start() {
    lastForm = form();
    lastLive = document.getElementById("live");
    serverNumber = form() ? Number(hidden("expected_number").value) : 0;
    items = await hands.list(table);
    numberTheForm();
    render(); // a page the worker controls was kept as it loaded; a first one is kept on controllerchange
    if (online && items.length) send();
  }
  start();
})();
