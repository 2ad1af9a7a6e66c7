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
  // A time of another day carries its date ("Ends 3 Dec 20:33"): a countdown of days next to a bare "20:33" would
  // read as tonight (issue 54)
  const timeOf = (iso) => {
    const d = new Date(iso);
    const lang = document.documentElement.lang;
    const time = d.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    if (d.toDateString() === new Date(serverNow()).toDateString()) return time;
    return `${d.toLocaleDateString(lang, { day: "numeric", month: "short" })} ${time}`;
  };
  const windName = (w) => words["wWind" + w] || w;

  // A countdown of a day or more reads in days, in the page's language by the browser's own words ("3 days",
  // "3天"; issue 54: never "176:44:5" cut off); under a day h:mm:ss, under an hour m:ss.
  function duration(ms) {
    const total = Math.max(0, Math.round(ms / 1000));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    if (h >= 24) {
      const days = Math.floor(h / 24);
      return new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "unit", unit: "day", unitDisplay: "long" }).format(days);
    }
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
    } else if (round.starts_at && Date.parse(round.starts_at) > serverNow()) {
      digits.textContent = duration(Date.parse(round.starts_at) - serverNow()); // a countdown to the start (issue 49)
    } else {
      digits.textContent = round.starts_at ? timeOf(round.starts_at) : "--:--";
    }
    // h:mm:ss, or a word, is wider than m:ss: smaller, so that it stays inside its box (issue 49: "1:59:01" ran
    // to the edge at 1920x1080 and 1280x720)
    frame.classList.toggle("long", digits.textContent.length > 5);
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

  // The badge shows once two polls in a row have failed (issue 49: a wall screen says it is stale
  // within two polls and a second, about 11 s); the age is since the last answer came (a kept answer is
  // current until the data changes).
  function tickAge() {
    const age = $("screen-age");
    if (!gotAt) return;
    const madeAt = gotAt;
    const seconds = Math.max(0, Math.round((Date.now() - madeAt) / 1000));
    const offline = Date.now() - gotAt > 2 * pollMs + 1000;
    frame.classList.toggle("offline", offline);
    age.textContent = offline
      ? fill(words.wOffline, { time: new Date(madeAt).toLocaleTimeString(document.documentElement.lang, { hourCycle: "h23" }), age: duration(seconds * 1000) })
      : fill(words.wUpdated, { s: seconds });
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

  // A team event names each player's team where another names the club (issue 49).
  const teamEvent = () => Boolean(data && (data.teams || []).length);

  function standingRow(line) {
    const tr = el("tr", line.chips < 0 ? "down" : line.chips === 0 ? "even" : "");
    tr.append(
      el("td", "num", line.rank === null ? "" : (line.shared ? "=" : "") + line.rank),
      el("td", "name", line.name),
      el("td", "club", teamEvent() ? line.team : line.club),
      el("td", "num chips", (line.chips > 0 ? "+" : "") + line.chips),
      el("td", "num", String(line.sessions)),
    );
    return tr;
  }

  function renderStandings() {
    $("players-group").textContent = teamEvent() ? words.wTeam : words.wClub;
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
    const teams = $("teams-table");
    const head = box.querySelector("h2").getBoundingClientRect().height + box.querySelector("#players-table thead").getBoundingClientRect().height
      + (teams.hidden ? 0 : teams.getBoundingClientRect().height);
    const room = box.clientHeight - head - 8;
    let size = Math.max(1, Math.floor(room / (sample.getBoundingClientRect().height || 1)));
    let pages = Math.ceil(lines.length / size);
    standingsPage %= pages;
    body.replaceChildren(...lines.slice(standingsPage * size, (standingsPage + 1) * size).map(standingRow));
    // Names and clubs wrap rather than being cut (issue 49): rows that wrapped take more room; drop the last
    // rows of the page until it fits (the next page then starts there).
    while (size > 1 && box.scrollHeight > box.clientHeight + 1) {
      size -= 1;
      body.lastElementChild.remove();
    }
    pages = Math.ceil(lines.length / size);
    if (pages > 1) $("standings-page").textContent = fill(words.wPage, { i: (standingsPage % pages) + 1, n: pages });
  }

  // A team event's teams above the players (issue 49): every team, in its place.
  function renderTeams() {
    const table = $("teams-table");
    const teams = data.teams || [];
    table.hidden = !teams.length;
    const body = $("teams-body");
    body.replaceChildren(
      ...teams.map((t) => {
        const tr = el("tr", t.chips < 0 ? "down" : t.chips === 0 ? "even" : "");
        tr.append(
          el("td", "num", t.rank === null ? "–" : (t.shared ? "=" : "") + t.rank),
          el("td", "name", t.name),
          el("td", "num", words.placings === "true" ? String(t.points) : ""),
          el("td", "num chips", (t.chips > 0 ? "+" : "") + t.chips),
          el("td", "num", String(t.sessions)),
        );
        return tr;
      }),
    );
  }

  function render() {
    if (!data) return;
    const round = data.round;
    const status = round ? words["w" + round.status.charAt(0).toUpperCase() + round.status.slice(1)] || "" : "";
    const stage = !data.stage
      ? ""
      : data.stage.cut_size
        ? data.stage.name + " (" + fill(words.wCut, { n: data.stage.cut_size, stage: data.stage.cut_from }) + (data.stage.category ? ", " + (words["wCat" + data.stage.category.charAt(0).toUpperCase() + data.stage.category.slice(1)] || data.stage.category) : "") + ")"
        : data.stage.name;
    $("screen-round").textContent = round
      ? [stage, fill(words.wRound, { n: round.number }), status, round.venue].filter(Boolean).join(" · ")
      : "";
    const message = $("screen-message");
    message.textContent = data.message;
    message.hidden = !data.message;
    renderTables();
    renderTeams();
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
