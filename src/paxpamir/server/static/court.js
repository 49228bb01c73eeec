// Courts: your court beside your hand (the side buttons when a play asks for the end of your court), and the
// other players' courts in tabs of their own. A court card shows the spies on it, a hostage, "used" and bonus
// actions, each explained; its usable actions are targets.
import { _, fmt } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { cardBox } from "./card.js";
import { choose, makeTarget, targetsOf } from "./decision.js";
import { cardName, playerChip } from "./words.js";

let tab = null;  // the seat whose court the tabs show (null: the player to move, else the next player)

function courtCard(cc, p) {
  const m = session.model;
  const box = cardBox(cc.card, {
    usable: m.to_move === p ? cc.usable_actions : [],
    actionIndex: (a) => { const o = m.options.find((x) => x.kind === "action" && x.option[1] === cc.card && x.option[2] === a); return o ? o.index : null; },
  });
  if (session.arrived(cc.card, (prev) => prev.courts[p].map((x) => x.card))) box.classList.add("arrived");
  const badges = el("div", { class: "row badges" });
  if (cc.used) {
    box.classList.add("used");
    badges.append(el("span", { class: "badge-used", title: _("Its action was taken this turn: each card gives one action per turn"), text: _("used") }));
  }
  if (cc.bonus && m.to_move === p) badges.append(el("span", { class: "badge-bonus", title: _("Its actions are bonus actions now: they do not count against your two actions"), text: _("bonus actions") }));
  const reasons = Object.entries(cc.unusable_actions || {});
  if (reasons.length) box.title = reasons.map(([a, why]) => `${a}: ${why}`).join("\n");
  if (badges.children.length) box.append(badges);
  const spies = el("div", { class: "row spies" });
  cc.spies.forEach((n, q) => { for (let i = 0; i < n; i++) spies.append(el("span", { class: `pc pc${q}`, title: fmt(_("spy of {player}"), { player: m.names[q] }), "data-spy": q, text: `${q + 1}` })); });
  if (spies.children.length) box.append(el("div", { class: "row" }, el("span", { class: "meta", text: _("spies:") }), spies));
  if (cc.hostage_of !== null) box.append(el("span", { class: "meta hostage", title: _("This player has more spies on the card than anyone else: using it costs its owner a bribe to them"), text: fmt(_("hostage of {player}"), { player: m.names[cc.hostage_of] }) }));
  // The card itself is a target only for non-action options (spies, battles, discards ...).
  const idx = (targetsOf("cards", cc.card) || []).filter((i) => m.options[i].kind !== "action");
  if (idx.length) makeTarget(box, idx, cardName(cc.card));
  return box;
}

function courtRow(p, withSides) {
  const m = session.model;
  const row = el("div", { class: "cards court-cards" });
  const sides = withSides ? m.options.filter((o) => o.kind === "side") : [];
  const side = (s) => sides.find((o) => o.option[1] === s);
  if (side("left")) row.append(el("button", { type: "button", class: "sidebtn", text: _("◀ Left end"), onclick: () => choose(side("left").index) }));
  for (const cc of m.courts[p]) row.append(courtCard(cc, p));
  if (side("right")) row.append(el("button", { type: "button", class: "sidebtn", text: _("Right end ▶"), onclick: () => choose(side("right").index) }));
  if (!row.children.length) row.append(el("span", { class: "meta", text: _("(no cards)") }));
  return row;
}

function courtTitle(p) {
  const pl = session.model.players[p];
  const prizes = pl.prizes.length ? el("span", { class: "meta", text: fmt(_(" prizes: {cards}"), { cards: pl.prizes.map(cardName).join(", ") }) }) : null;
  return el("h3", {}, playerChip(p), fmt(_("{player}'s court"), { player: pl.name }), prizes);
}

export function drawCourts() {
  const m = session.model;
  const mine = m.seat;
  // Your court (with the side buttons), beside your hand.
  const myCourt = $("my-court");
  myCourt.hidden = mine === null;
  if (mine !== null) myCourt.replaceChildren(el("div", { class: "court", "data-court": mine }, courtTitle(mine), courtRow(mine, true)));
  // The others: one tab per player, the court of the chosen one.
  const others = m.players.map((p) => p.seat).filter((p) => p !== mine);
  let shown = tab;
  if (shown === null || !others.includes(shown)) shown = others.includes(m.to_move) ? m.to_move : others[0];
  const tabs = el("div", { class: "tabs", role: "tablist", "aria-label": _("Courts") });
  for (const p of others) {
    const targets = m.courts[p].some((cc) => targetsOf("cards", cc.card) || (m.to_move === p && cc.usable_actions.length));
    tabs.append(el("button", { type: "button", role: "tab", class: `tab${targets ? " has-target" : ""}`, "aria-selected": String(p === shown), "data-tab": p,
      onclick: () => { tab = p; drawCourts(); } }, playerChip(p), ` ${m.players[p].name} (${m.courts[p].length})`));
  }
  const panel = shown === undefined ? null : el("div", { class: "court", role: "tabpanel", "data-court": shown }, courtTitle(shown), courtRow(shown, false));
  $("courts").replaceChildren(tabs, panel);
}

export function drawHand() {
  const m = session.model;
  const me = m.seat !== null ? m.players[m.seat] : null;
  const others = m.players.filter((q) => q.hand && q.seat !== m.seat);
  $("hand-area").hidden = !(me && me.hand) && !others.length;
  const hand = $("hand");
  hand.replaceChildren();
  if (me && me.hand) for (const n of me.hand) {
    const box = cardBox(n);
    box.classList.add("in-hand");
    if (session.arrived(n, (prev) => (prev.players[m.seat].hand || []))) box.classList.add("arrived");
    // Playing it owes the region's ruler a bribe (the view model says how much and to whom).
    const bribe = (me.play_bribes || []).find((b) => b.card === n);
    if (bribe && bribe.to !== null && bribe.rupees) box.append(el("span", { class: "meta bribe-note", title: _("The ruler of the card's region asks this bribe when you play it (they may lower or waive it)"), text: fmt(_("bribe: {n} ₨ to {player}"), { n: bribe.rupees, player: m.names[bribe.to] }) }));
    makeTarget(box, targetsOf("cards", n), cardName(n));
    hand.append(box);
  }
  if (me && me.hand && !me.hand.length) hand.append(el("span", { class: "meta", text: _("(no cards)") }));
  for (const q of others) hand.append(el("span", { class: "meta", text: `${q.name}: ${q.hand.map(cardName).join(", ") || "—"}` }));
}
