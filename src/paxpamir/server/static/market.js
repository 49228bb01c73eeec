// The market: two rows of six cards, each column numbered (as Wakhan's AI cards name them) with its cost,
// rupees lying on cards, what each card costs you, Wakhan's arrows, events and vacant slots.
import { _, fmt } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { cardBox } from "./card.js";
import { makeTarget, targetsOf } from "./decision.js";
import { arrowWords, cardName } from "./words.js";

export function drawMarket() {
  const m = session.model;
  const market = $("market");
  market.replaceChildren();
  const doubled = m.favored === "military";
  const arrows = m.wakhan && m.wakhan.arrows;
  for (let col = 0; col < 6; col++) {
    const cost = m.column_costs[col];
    const head = el("div", { class: `cost${arrows && arrows.column === col ? " wakhan-arrow" : ""}`, "data-column": col + 1,
      title: doubled ? fmt(_("Column {n}: a card here costs {cost} rupees (doubled: military is favored)"), { n: col + 1, cost })
        : fmt(_("Column {n}: a card here costs {cost} rupees, one to each card to its left"), { n: col + 1, cost }) },
    el("span", { class: "colnum", text: String(col + 1) }), " ", el("span", { class: "colcost", text: `${cost} ₨` }),
    doubled ? el("span", { class: "doubled", text: " ×2" }) : null,
    arrows && arrows.column === col ? el("span", { class: "arrow", title: fmt(_("Wakhan's arrows: market column {column}, {row}"), { column: col + 1, row: arrowWords(arrows.row_side) }), text: " ⬇" }) : null);
    market.append(head);
  }
  for (const slot of m.market) {
    let box;
    if (slot.card === null) box = el("div", { class: "card empty", text: _("vacant") });
    else {
      box = cardBox(slot.card);
      if (session.arrived(slot.card, (p) => p.market.map((s) => s.card))) box.classList.add("arrived");
      const foot = el("div", { class: "slot-foot" });
      if (slot.rupees) foot.append(el("span", { class: "rupee on-card", title: _("Rupees lying on this card: the buyer takes them") , text: fmt(_("+{n} ₨ on card"), { n: slot.rupees }) }));
      const seat = m.seat;
      if (seat !== null && slot.cost) foot.append(el("span", { class: "costs-you", text: fmt(_("costs you {n}"), { n: slot.cost[seat] }) }));
      if (foot.children.length) box.append(foot);
      makeTarget(box, targetsOf("cards", slot.card), cardName(slot.card));
    }
    if (arrows && arrows.column === slot.column) box.classList.add("wakhan-column");
    // Where her red arrow enters the market: the left end of the top row or the right end of the bottom row.
    if (arrows && ((arrows.row_side === "topLeft" && slot.row === 0 && slot.column === 0) || (arrows.row_side !== "topLeft" && slot.row === 1 && slot.column === 5))) {
      box.classList.add("wakhan-row");
      box.append(el("span", { class: `wakhan-row-mark ${arrows.row_side === "topLeft" ? "left" : "right"}`, title: fmt(_("Wakhan's arrows: market column {column}, {row}"), { column: arrows.column + 1, row: arrowWords(arrows.row_side) }), text: arrows.row_side === "topLeft" ? "➜" : "⬅" }));
    }
    box.style.gridRow = String(slot.row + 2);
    box.style.gridColumn = String(slot.column + 1);
    market.append(box);
  }
}
