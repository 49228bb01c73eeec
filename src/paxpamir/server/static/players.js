// Every player's panel: loyalty, victory points, rupees, hand and court against their limits, influence,
// gifts, cylinders and prizes, each explained on hover; and Wakhan's panel (her AI card and the next back).
import { _, fmt } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { makeTarget, targetsOf } from "./decision.js";
import { withCardLinks } from "./card.js";
import { seatLine } from "./friends.js";
import { COALITIONS, LETTER, arrowWords, capital, cardName, coalBadge, coalitionName, playerChip } from "./words.js";

function stat(text, title, cls = "") {
  return el("span", { class: `stat ${cls}`, title, text });
}

export function drawPlayers() {
  const m = session.model;
  const state = session.state;
  const wrap = $("players");
  wrap.replaceChildren();
  for (const p of m.players) {
    const inf = typeof p.influence === "object" ? COALITIONS.map((c) => `${LETTER[c]}${p.influence[c]}`).join(" ") : p.influence;
    const you = state && p.seat === state.seat && state.role === "seat";
    let loyalty;
    if (p.wakhan) loyalty = el("span", { class: "meta", title: _("Wakhan is loyal to every coalition; she uses the blocks of the coalition her AI card names"), text: _("loyal to all") });
    else if (p.loyalty) loyalty = el("span", { class: "loyal", title: fmt(_("Loyal to the {coalition} coalition"), { coalition: coalitionName(p.loyalty) }) }, coalBadge(p.loyalty));
    else loyalty = el("span", { class: "meta", title: _("This player has not chosen a coalition yet"), text: _("no loyalty yet") });
    const stats = [
      stat(fmt(_("VP {n}"), { n: p.vp }), _("Victory points")),
      stat(`₨ ${p.rupees}`, _("Rupees"), `rupee${session.previous && !session.replayJump && session.previous.players[p.seat] && session.previous.players[p.seat].rupees !== p.rupees ? " rupees-changed" : ""}`),
    ];
    if (!p.wakhan) {
      stats.push(stat(fmt(_("Hand {n}/{limit}"), { n: p.hand_size, limit: p.hand_limit }), _("Cards in hand / hand limit (2 + intelligence stars in court), checked at the end of the turn")));
      stats.push(stat(fmt(_("Court {n}/{limit}"), { n: p.court_size, limit: p.court_limit }), _("Cards in court / court limit (3 + political stars in court), checked at the end of the turn")));
    } else {
      stats.push(stat(fmt(_("Court {n}"), { n: p.court_size }), _("Cards in Wakhan's court (she has no hand)")));
    }
    stats.push(
      stat(fmt(_("Influence {n}"), { n: inf }), _("Influence with your coalition: 1 + patriots in court + prizes + gifts; it scores at a successful Dominance Check")),
      stat(fmt(_("Gifts {n}"), { n: p.gifts }), p.gift_cost === null ? _("Gifts given (all three)") : fmt(_("Gifts given; the next costs {n} rupees"), { n: p.gift_cost })),
      stat(fmt(_("Cylinders {n}"), { n: p.cylinders_in_supply }), _("Cylinders left in supply (tribes, spies and gifts come from them); when a Dominance Check fails, cylinders in play score")),
      stat(fmt(_("Prizes {n}"), { n: p.prizes.length }), p.prizes.length ? fmt(_("Prizes: {cards}"), { cards: p.prizes.map(cardName).join(", ") }) : _("Prizes: cards betrayed and kept, each adds influence for its coalition")),
    );
    const box = el("div", { class: `player${m.to_move === p.seat ? " to-move" : ""}`, "data-player": p.seat },
      el("div", { class: "head" }, playerChip(p.seat), el("span", { class: "pname", text: p.name + (you ? _(" (you)") : (p.seat === m.seat ? _(" (viewing)") : "")) }),
        loyalty, m.to_move === p.seat ? el("span", { class: "meta", text: _("▶ to move") }) : null),
      el("div", { class: "stats" }, ...stats), seatLine(p.seat));
    makeTarget(box, targetsOf("players", p.seat), p.name);
    wrap.append(box);
  }
  drawWakhan();
}

function drawWakhan() {
  const m = session.model;
  const wk = m.wakhan;
  $("wakhan").hidden = !wk;
  if (!wk) return;
  const face = wk.ai_card_face;
  const back = wk.next_back;
  // Card names in her lines ("... (34)") show the card, as in the log.
  const line = (text) => el("li", {}, ...withCardLinks(text));
  // (a part that does not apply is null: left out, not written as "null")
  $("wakhan").replaceChildren(...[el("h2", { text: _("Wakhan's AI cards") }),
    el("p", { text: face ? fmt(_("Face up: AI card {n}"), { n: face.number }) : _("No AI card face up yet.") }),
    face ? el("ol", {}, ...face.actions.map((a) => line(a.text))) : null,
    face ? el("p", { text: fmt(_("Region order: {regions}. Loyalty order: {loyalty}."), { regions: face.region_order.map(capital).join(", "), loyalty: face.pragmatic_loyalty.map(coalitionName).join(", ") }) }) : null,
    back ? el("p", { text: fmt(_("Back of the next card: columns {columns}; rows {rows}"), { columns: back.column_numbers.map((c) => c + 1).join(" "), rows: back.row_side.map(arrowWords).join(" / ") }) }) : null,
    wk.arrows ? el("p", { class: "wakhan-arrows", text: fmt(_("Arrows: market column {column}, {row}"), { column: wk.arrows.column + 1, row: arrowWords(wk.arrows.row_side) }) }) : null,
    el("p", { text: fmt(_("AI deck: {n} cards. Blocks she uses now: {coalition}."), { n: wk.ai_deck_size, coalition: coalitionName(wk.pragmatic_loyalty) }) }),
    el("p", { text: wk.variants.length ? fmt(_("Variants: {variants}."), { variants: wk.variants.map((v) => v.title).join(", ") }) : _("Variants: none (the rulebook Wakhan).") })].filter(Boolean));
}
