// The big screen (issue 36; templates/public/screen.html): polls the competition's screen data, counts the
// round's clock down every second (its end plus the extra time), and pages through the tables still
// playing and the standings when they do not fit. Through a Wi-Fi drop it keeps the last data and the
// clock going and says how old the data is. Every word is the template's (data-w-*), translated.
"use strict";

(() => {
  const frame = document.getElementById("screen");
  if (!frame) return;
  const words = frame.dataset;
  const pollMs = Number(words.poll || 5) * 1000;
  const pageMs = Number(words.page || 10) * 1000;
  const $ = (id) => document.getElementById(id);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? values[key] : all));

  let data = null; // the last answer
  let gotAt = null; // Date.now() when it came
  let skew = 0; // server clock minus this clock (ms), from the answer's Date header
  let standingsPage = 0;
  let tablesPage = 0;

  const serverNow = () => Date.now() + skew;
  const pad = (n) => String(n).padStart(2, "0");
  const timeOf = (iso) => {
    const d = new Date(iso);
    return d.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
  };
  const windName = (w) => words["wWind" + w] || w;

  function duration(ms) {
    const total = Math.max(0, Math.round(ms / 1000));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  }

  function tickClock() {
    const digits = $("clock-digits");
    const note = $("clock-note");
    const round = data && data.round;
    frame.classList.remove("soon", "over");
    if (!round) {
      digits.textContent = "";
      note.textContent = data ? words.wNoRound : "";
      return;
    }
    const notes = [];
    if (round.status === "playing" && round.clock_ends) {
      const left = Date.parse(round.clock_ends) - serverNow();
      frame.classList.toggle("over", left <= 0);
      frame.classList.toggle("soon", left > 0 && left <= 600000);
      digits.textContent = left <= 0 ? words.wUp : duration(left);
    } else if (round.status === "playing") {
      digits.textContent = words.wPlaying;
      notes.push(words.wNoEnd);
    } else if (round.status === "finished") {
      digits.textContent = words.wFinished;
    } else {
      digits.textContent = round.starts_at ? timeOf(round.starts_at) : "--:--";
    }
    if (round.status !== "finished" && round.starts_at && round.status !== "playing") {
      notes.push(fill(words.wStarts, { time: timeOf(round.starts_at) }));
    }
    if (round.clock_ends && round.status !== "finished") {
      notes.push(fill(words.wEnds, { time: timeOf(round.clock_ends) }));
    }
    if (round.extra_minutes && round.status !== "finished") {
      notes.push(fill(words.wExtra, { n: round.extra_minutes }));
    }
    note.textContent = notes.join(" · ");
  }

  function tickAge() {
    const age = $("screen-age");
    if (!gotAt) return;
    const seconds = Math.round((Date.now() - gotAt) / 1000);
    const offline = seconds > 3 * (pollMs / 1000) + 5;
    frame.classList.toggle("offline", offline);
    age.textContent = offline
      ? fill(words.wOffline, { time: new Date(gotAt).toLocaleTimeString(document.documentElement.lang), age: duration(seconds * 1000) })
      : fill(words.wUpdated, { s: Math.max(0, seconds) });
  }

  function handText(hand) {
    if (!hand) return words.wNoHand;
    let text;
    if (hand.outcome === "win") {
      text = hand.self_drawn
        ? fill(words.wSelfDrawn, { winner: hand.winner })
        : fill(words.wDiscard, { winner: hand.winner, discarder: hand.discarder });
      if (hand.limit) text += " · " + words.wLimit;
      else if (hand.doubles !== null) text += " · " + fill(words.wDoubles, { n: hand.doubles });
    } else if (hand.outcome === "false_win") {
      text = fill(words.wFalseWin, { name: hand.offender });
    } else {
      text = words.wDraw;
    }
    return fill(words.wHand, { n: hand.number }) + ": " + text;
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function tableCard(table) {
    const card = el("article", "table-card");
    card.dataset.table = table.number;
    const head = el("h3", "", fill(words.wTable, { n: table.number }));
    head.append(el("span", "table-wind", fill(words.wPrevailing, { wind: windName(table.prevailing_wind) })));
    card.append(head);
    const list = el("ul", "table-players");
    table.players.forEach((p) => {
      const li = el("li", p.dealer ? "dealer" : "");
      li.append(el("span", "wind", words["wLetter" + p.wind] || p.wind), el("span", "name", p.name), el("span", "chips", String(p.chips)));
      list.append(li);
    });
    card.append(list, el("p", "last-hand", handText(table.last_hand)));
    return card;
  }

  // How many of ``items`` fit in ``box``, measured with one sample item (at least one).
  function perPage(box, sample, columns) {
    const room = box.clientHeight;
    const one = sample.getBoundingClientRect().height || 1;
    return Math.max(1, Math.floor(room / one) * (columns || 1));
  }

  function renderTables() {
    const box = $("tables-list");
    const round = data.round;
    const tables = data.tables || [];
    box.replaceChildren();
    $("tables-count").textContent = tables.length ? `(${tables.length})` : "";
    $("tables-page").textContent = "";
    if (!round || round.status !== "playing") {
      box.append(el("p", "screen-empty", round ? words.wTablesLater : ""));
      return;
    }
    if (round.held) {
      box.append(el("p", "screen-empty", words.wHeld));
      return;
    }
    if (!tables.length) {
      box.append(el("p", "screen-empty", words.wNoTables));
      return;
    }
    const sample = tableCard(tables[0]);
    box.append(sample);
    const columns = Math.max(1, getComputedStyle(box).gridTemplateColumns.split(" ").length);
    const size = perPage(box, sample, columns);
    const pages = Math.ceil(tables.length / size);
    tablesPage %= pages;
    box.replaceChildren(...tables.slice(tablesPage * size, (tablesPage + 1) * size).map(tableCard));
    if (pages > 1) $("tables-page").textContent = fill(words.wPage, { i: tablesPage + 1, n: pages });
  }

  function standingRow(line) {
    const tr = el("tr", line.chips < 0 ? "down" : line.chips === 0 ? "even" : "");
    tr.append(
      el("td", "num", line.rank === null ? "" : (line.shared ? "=" : "") + line.rank),
      el("td", "name", line.name),
      el("td", "club", line.club),
      el("td", "num chips", (line.chips > 0 ? "+" : "") + line.chips),
      el("td", "num", String(line.sessions)),
    );
    return tr;
  }

  function renderStandings() {
    const body = $("standings-body");
    const lines = data.standings || [];
    body.replaceChildren();
    $("standings-page").textContent = "";
    if (!lines.length) {
      const tr = el("tr");
      const td = el("td", "screen-empty", words.wNoStandings);
      td.colSpan = 5;
      tr.append(td);
      body.append(tr);
      return;
    }
    const sample = standingRow(lines[0]);
    body.append(sample);
    const box = body.closest("section");
    const head = box.querySelector("h2").getBoundingClientRect().height + box.querySelector("thead").getBoundingClientRect().height;
    const room = box.clientHeight - head - 8;
    const size = Math.max(1, Math.floor(room / (sample.getBoundingClientRect().height || 1)));
    const pages = Math.ceil(lines.length / size);
    standingsPage %= pages;
    body.replaceChildren(...lines.slice(standingsPage * size, (standingsPage + 1) * size).map(standingRow));
    if (pages > 1) $("standings-page").textContent = fill(words.wPage, { i: standingsPage + 1, n: pages });
  }

  function render() {
    if (!data) return;
    const round = data.round;
    const status = round ? words["w" + round.status.charAt(0).toUpperCase() + round.status.slice(1)] || "" : "";
    const stage = data.stage ? data.stage.name : "";
    $("screen-round").textContent = round
      ? [stage, fill(words.wRound, { n: round.number }), status, round.venue].filter(Boolean).join(" · ")
      : "";
    const message = $("screen-message");
    message.textContent = data.message;
    message.hidden = !data.message;
    renderTables();
    renderStandings();
    tickClock();
    tickAge();
  }

  async function poll() {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(3000, pollMs - 500));
    try {
      const answer = await fetch(words.url, { headers: { Accept: "application/json" }, signal: controller.signal });
      if (!answer.ok) throw new Error(String(answer.status));
      const fresh = await answer.json();
      const date = Date.parse(answer.headers.get("Date") || "");
      // The Date header is whole seconds: a difference under two seconds is that rounding, not a wrong clock.
      if (!Number.isNaN(date) && Math.abs(date - Date.now()) > 2000) skew = date - Date.now();
      data = fresh;
      gotAt = Date.now();
      render();
    } catch (error) {
      tickAge(); // keep the last data; the age says how old it is
    } finally {
      clearTimeout(timer);
    }
  }

  function nextPage() {
    if (!data) return;
    standingsPage += 1;
    tablesPage += 1;
    renderTables();
    renderStandings();
  }

  poll();
  setInterval(poll, pollMs);
  setInterval(() => {
    tickClock();
    tickAge();
  }, 1000);
  setInterval(nextPage, pageMs);
  window.addEventListener("resize", render);
  document.addEventListener("change", (event) => {
    const select = event.target.closest && event.target.closest("select[data-autosubmit]");
    if (select && select.form) select.form.submit();
  });
})();
