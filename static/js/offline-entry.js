// The hand on the scoresheet's form, for keeping it offline (issue 18; used by static/js/offline-sheet.js):
// its fields as the form would post them, what it is (read), its price from the competition's price card
// (priced: a lookup and rule 17's split, "to be checked"; never a scoring engine), a line about it
// (summary), and the form cleared or filled again with a kept hand's fields (clearForm, load).
"use strict";
window.offlineEntry = ({ card, say, fill, players, nameOf, form }) => {
  const NOT_SENT = new Set(["csrfmiddlewaretoken", "previewed", "bao_liable", "bao_decline"]);
  const fieldsOf = (f) => Array.from(new FormData(f)).filter(([k, v]) => !NOT_SENT.has(k) && typeof v === "string");

  function read(fields) {
    const one = (n) => (fields.find(([k]) => k === n) || ["", ""])[1];
    const rows = new Set(fields.filter(([k, v]) => /^p-\d+-kind$/.test(k) && v).map(([k]) => k.split("-")[1]));
    fields.filter(([k]) => /^p-\d+-drop$/.test(k)).forEach(([k]) => rows.delete(k.split("-")[1]));
    const doubles = one("doubles") || one("doubles_other");
    return {
      outcome: one("outcome") || "win",
      winner: one("winner"),
      from: one("win_from"),
      offender: one("offender"),
      doubles: doubles === "" ? null : Number(doubles),
      pingHu: fields.some(([k]) => k === "ping_hu"),
      limit: fields.some(([k]) => k === "limit"),
      thirteen: fields.some(([k]) => k === "thirteen_wonders"),
      fullHand: Boolean(one("hand_json") || one("concealed").trim()),
      payouts: rows.size > 0,
      // who pays may hang on these (scoring.settle: robbing_eighth_flower_paid_by, kong_discarder_pays_for_all)
      decidedByServer: fields.some(([k, v]) => k === "situations" && (v === "robbing_eighth_flower" || v === "kong_replacement")),
    };
  }

  function price(e) {
    if (e.limit) return card.limit_price;
    if (e.pingHu && card.ping_hu_price && e.doubles === card.ping_hu_doubles) return card.ping_hu_price;
    const rows = card.price_table;
    return rows[Math.min(e.doubles, card.limit_doubles ?? Infinity, rows.length - 1)];
  }

  // Who pays what (scoring.payments.win_shares): the discarder full, the others half; self-drawn all full.
  function shares(e, full, half) {
    const self = e.from === "self";
    const allFull = (e.limit && card.limit_all_pay_full) || (e.thirteen && card.thirteen_all_pay_full);
    const deltas = { [e.winner]: 0 };
    players().forEach((p) => {
      if (p.id === e.winner) return;
      const amount = allFull || self || p.id === e.from ? full : half;
      const payer = !self && card.shooter_pays_all ? e.from : p.id;
      deltas[payer] = (deltas[payer] || 0) - amount;
      deltas[e.winner] += amount;
    });
    return deltas;
  }

  function priced(e) {
    if (e.outcome === "false_win") return e.offender ? { line: say.serverPrices, deltas: null } : { problem: say.needOffender };
    if (e.outcome === "draw") return e.payouts ? { line: say.payouts, deltas: null } : { line: say.noChips, deltas: {} };
    if (!e.winner) return { problem: say.needWinner };
    if (!e.from) return { problem: say.needFrom };
    if (e.fullHand) return { line: say.fullHand, deltas: null };
    if (e.decidedByServer) return { line: say.serverPrices, deltas: null };
    if (e.doubles === null && !e.limit) return { problem: say.needDoubles };
    const [full, half] = price(e);
    const line = e.limit ? fill(say.pricedLimit, { n: card.limit_doubles, full, half }) : fill(say.priced, { d: e.doubles, full, half });
    if (e.payouts) return { line: `${line}. ${say.payouts}`, deltas: null };
    return { line: fill(say.toCheck, { line }), deltas: shares(e, full, half) };
  }

  function summary(e) {
    if (e.outcome === "draw") return say.draw;
    if (e.outcome === "false_win") return fill(say.falseWin, { offender: nameOf(e.offender) });
    const who = e.from === "self"
      ? fill(say.winSelf, { winner: nameOf(e.winner) })
      : fill(say.winDiscard, { winner: nameOf(e.winner), from: nameOf(e.from) });
    if (e.limit) return `${who} · ${fill(say.limit, { n: card.limit_doubles })}`;
    if (e.doubles === null) return who;
    return `${who} · ${e.doubles === 1 ? say.doubleOne : fill(say.doubles, { n: e.doubles })}`;
  }

  function clearForm() {
    const f = form();
    f.reset();
    ["hand_json", "concealed", "winning_tile", "bonus"].forEach((n) => {
      const el = f.querySelector(`[name="${n}"]`);
      if (el) el.value = "";
    });
  }

  function load(fields) {
    const f = form();
    clearForm();
    f.querySelectorAll("input, select").forEach((el) => {
      if (el.name === "csrfmiddlewaretoken" || el.type === "button" || el.type === "submit") return;
      const values = fields.filter(([k]) => k === el.name).map(([, v]) => v);
      if (el.type === "radio" || el.type === "checkbox") el.checked = values.includes(el.value);
      else if (values.length) el.value = values[0];
    });
  }

  return { fieldsOf, read, priced, summary, clearForm, load };
};
