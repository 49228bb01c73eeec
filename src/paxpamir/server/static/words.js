// Names of the game's things in the page's language, and the small marks used everywhere (player chips,
// coalition badges). The English names are msgids of the web catalog.
import { _, fmt } from "./i18n.js";
import { el } from "./dom.js";
import { session } from "./session.js";

export const COALITIONS = ["afghan", "british", "russian"];
export const LETTER = { afghan: "A", british: "B", russian: "R" };
const SUIT = { political: "Political", intelligence: "Intelligence", economic: "Economic", military: "Military" };
const ACTION = { tax: "Tax", gift: "Gift", build: "Build", move: "Move", betray: "Betray", battle: "Battle" };
const COALITION = { afghan: "Afghan", british: "British", russian: "Russian" };
// For the catalog: the names above are translated where they are shown.
void [_("Political"), _("Intelligence"), _("Economic"), _("Military"), _("Tax"), _("Gift"), _("Build"), _("Move"),
  _("Betray"), _("Battle"), _("Afghan"), _("British"), _("Russian")];

export const suitName = (s) => _(SUIT[s] || s);
export const actionName = (a) => _(ACTION[a] || a);
export const coalitionName = (c) => _(COALITION[c] || c);
export const capital = (name) => (name ? name[0].toUpperCase() + name.slice(1) : name);

export function cardFacts(n) {
  return session.cards[n] || (session.model && session.model.cards[n]) || null;
}
export function cardName(n) {
  const c = cardFacts(n);
  return c ? c.name : fmt(_("Card {n}"), { n });
}

export function playerChip(p) {
  const m = session.model;
  return el("span", { class: `pc pc${p}`, title: m ? m.names[p] : fmt(_("Seat {n}"), { n: p + 1 }), text: String(p + 1) });
}
export function coalBadge(c) {
  return el("span", { class: `badge coal-${c}`, title: coalitionName(c), text: LETTER[c] });
}

// The engine names seats "Player 1" ...; the page uses the names the players chose.
export function named(text) {
  const m = session.model;
  if (!m || !m.engine_names) return text;
  let out = text;
  m.engine_names.forEach((n, p) => { if (n !== m.names[p]) out = out.split(n).join(m.names[p]); });
  return out;
}

// Where a red arrow of Wakhan's AI card points, as the board shows it.
export function arrowWords(side) {
  return side === "topLeft" ? _("top row, left end") : _("bottom row, right end");
}
