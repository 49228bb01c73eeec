// The log: the game's lines with card names as card links, the lines since your last turn marked, and a
// banner for each Dominance Check, loyalty change and betrayal of your card as it happens.
import { _, fmt, ngettext } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { withCardLinks } from "./card.js";
import { cardName, named } from "./words.js";
import { animationMs } from "./preferences.js";

function line(entry) {
  const li = el("li", {}, ...withCardLinks(named(entry.text)));
  if (/^— /.test(entry.text) || (entry.event && entry.event.type === "turn")) li.classList.add("turn");
  if (entry.event && BANNER_KINDS.has(entry.event.type)) li.classList.add("major");
  return li;
}

export function drawLog() {
  const m = session.model;
  const log = $("log");
  const entries = m.log.entries || m.log.lines.map((text) => ({ text, event: null }));
  // The lines since this seat's last turn ended: what the others did meanwhile.
  let since = entries.length;
  if (m.seat !== null && !session.replay) {
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i].event;
      if (e && e.type === "end_turn" && e.player === m.seat) { since = i + 1; break; }
    }
  }
  log.replaceChildren(...entries.map((entry, i) => { const li = line(entry); if (i >= since && !(entry.event && entry.event.player === m.seat)) li.classList.add("since"); return li; }));
  drawSince(entries.slice(since));
  log.start = m.log.from + 1;
  log.scrollTop = log.scrollHeight;
  // Once more when the rest of the table is drawn: the chat beside it may change the log's height meanwhile.
  requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
}

// The log keeps its newest line in view when its box changes size (the chat beside it fills, the window is resized),
// unless the player had scrolled up to read: whether it was at its end is judged by its height before the change.
const logList = $("log");
if (logList) {
  let height = logList.clientHeight;
  new ResizeObserver(() => {
    const atEnd = logList.scrollHeight - logList.scrollTop - height < 4;
    height = logList.clientHeight;
    if (atEnd) logList.scrollTop = logList.scrollHeight;
  }).observe(logList);
}

// The other players' turns since yours, summed up: what each bought and played, and how many actions.
function drawSince(entries) {
  const m = session.model;
  const box = $("since");
  const by = new Map();
  for (const { event: e } of entries) {
    if (!e || e.player === undefined || e.player === m.seat || typeof e.player !== "number") continue;
    const s = by.get(e.player) || { bought: [], played: [], actions: 0 };
    if (e.type === "purchase") s.bought.push(cardName(e.card));
    else if (e.type === "play") s.played.push(cardName(e.card));
    else if (e.type === "action") s.actions += 1;
    by.set(e.player, s);
  }
  const lines = [...by.entries()].map(([p, s]) => {
    const player = m.names[p];
    const parts = [];
    if (s.bought.length) parts.push(fmt(_("{player} bought {cards}"), { player, cards: s.bought.join(", ") }));
    if (s.played.length) parts.push(fmt(_("{player} played {cards}"), { player, cards: s.played.join(", ") }));
    if (s.actions) parts.push(fmt(ngettext("{player} took {n} action", "{player} took {n} actions", s.actions), { player, n: s.actions }));
    return parts.join("; ");
  }).filter(Boolean);
  box.hidden = m.seat === null || session.replay || !lines.length;
  box.replaceChildren(el("b", { text: _("Since your last turn: ") }), lines.join(". "));
}

const BANNER_KINDS = new Set(["dominance_check", "loyalty_change", "betray", "blocks_cleared", "game_over"]);
// New log entries (from the last state message): the ones worth a banner.
export function bannersFor(entries) {
  const m = session.model;
  const shown = entries.filter((e) => e.event && BANNER_KINDS.has(e.event.type)
    && (e.event.type !== "betray" || e.event.owner === (m ? m.seat : -1) || e.event.player === (m ? m.seat : -1)));
  if (!shown.length) return;
  const banner = $("banner");
  banner.replaceChildren(el("div", { class: "banner-lines" }, ...shown.map((e) => el("p", { class: `banner-${e.event.type}` }, ...withCardLinks(named(e.text))))),
    el("button", { type: "button", class: "banner-close", "aria-label": _("Close"), text: "×", onclick: () => { banner.hidden = true; } }));
  banner.hidden = false;
  banner.dataset.kind = shown[shown.length - 1].event.type;
  clearTimeout(bannersFor.timer);
  bannersFor.timer = setTimeout(() => { banner.hidden = true; }, Math.max(6000, animationMs() * 12));
}
