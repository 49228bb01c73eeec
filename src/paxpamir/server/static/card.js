// A card drawn as the project's own card: suit colour and rank stars, name, region, card actions and impact
// icons in their printed order, patriot and prize marks, the full special ability; events with both effects.
// Hovering a card (or its name anywhere) shows it large; on a touch screen a long press does, and its ⓘ
// button opens the full reference.
import { _, fmt } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { icon, SUIT_ICONS } from "./icons.js";
import { actionName, capital, cardFacts, cardName, coalBadge, coalitionName, suitName } from "./words.js";
import { makeTarget } from "./decision.js";

const IMPACT = { road: "Road", army: "Army", spy: "Spy", tribe: "Tribe", leverage: "Leverage" };
void [_("Road"), _("Army"), _("Spy"), _("Tribe"), _("Leverage")];
export function impactName(code) {
  if (SUIT_ICONS.includes(code)) return fmt(_("Favored suit becomes {suit}"), { suit: suitName(code) });
  return _(IMPACT[code] || code);
}
export function impactExplained(code) {
  const text = {
    road: _("Road: place a block of your coalition on a border of this card's region"),
    army: _("Army: place a block of your coalition in this card's region"),
    spy: _("Spy: place a spy on a court card of this card's region"),
    tribe: _("Tribe: place one of your cylinders in this card's region"),
    leverage: _("Leverage: take 2 rupees now; if this card leaves your court you pay 2 rupees"),
  }[code];
  return text || fmt(_("The favored suit becomes {suit}; while military is favored, market costs are doubled"), { suit: suitName(code) });
}

function stars(c) {
  const wrap = el("span", { class: "stars", title: fmt(_("{suit}, rank {rank}"), { suit: suitName(c.suit), rank: c.rank }) });
  for (let i = 0; i < c.rank; i++) wrap.append(icon(c.suit));
  return wrap;
}

// extra: {usable: [actions the player to move can take now], actionIndex(action) → option index or null, big}
export function cardBox(n, extra = {}) {
  const c = cardFacts(n);
  const box = el("div", { class: "card", "data-card": n });
  if (!c) { box.append(el("span", { class: "name", text: fmt(_("Card {n}"), { n }) })); return box; }
  if (c.kind === "court") {
    box.classList.add(`suit-card-${c.suit}`);
    box.append(el("div", { class: `head bg-${c.suit}` }, el("span", { class: "name", text: c.name }), stars(c)));
    box.append(el("div", { class: "meta region-line" }, el("span", { text: capital(c.region_title || c.region) }),
      el("span", { class: "suit-word", text: suitName(c.suit) })));
    const acts = el("div", { class: "row acts" });
    for (const a of c.actions) {
      const usable = extra.usable && extra.usable.includes(a);
      const b = el("span", { class: `act${usable ? " usable" : ""}`, "data-action": a, title: fmt(_("{action} action"), { action: actionName(a) }) },
        icon(a), el("span", { class: "act-name", text: actionName(a) }));
      if (usable && extra.actionIndex) {
        const idx = extra.actionIndex(a);
        if (idx !== null) makeTarget(b, [idx], fmt(_("{action} with {card}"), { action: actionName(a), card: c.name }));
      }
      acts.append(b);
    }
    if (c.actions.length) box.append(acts);
    if (c.impact && c.impact.length) {
      box.append(el("div", { class: "row impact", title: _("Impact icons, resolved left to right when the card is played") },
        ...c.impact.map((code) => icon(code, impactExplained(code)))));
    }
    if (c.patriot || c.prize) {
      box.append(el("div", { class: "row marks" },
        c.patriot ? el("span", { class: "mark patriot", title: fmt(_("Patriot of the {coalition} coalition: it counts for your influence while you are loyal to it; playing it while loyal to another coalition changes your loyalty"), { coalition: coalitionName(c.patriot) }) }, _("Patriot"), " ", coalBadge(c.patriot)) : null,
        c.prize ? el("span", { class: "mark prize", title: fmt(_("Prize for the {coalition} coalition: betraying this card may keep it as a prize (influence for that coalition)"), { coalition: coalitionName(c.prize) }) }, _("Prize"), " ", coalBadge(c.prize)) : null));
    }
    if (c.ability_text) box.append(el("p", { class: "ability", text: c.ability_text }));
  } else {
    const check = c.kind === "dominance_check";
    box.classList.add(check ? "dominance" : "event");
    box.append(el("div", { class: "head" }, el("span", { class: "name", text: c.name })));
    box.append(el("span", { class: "meta", text: check ? _("Dominance Check") : _("Event") }));
    if (c.if_purchased) box.append(el("p", { class: "evtext" }, el("b", { text: _("If purchased:") }), " ", c.if_purchased));
    if (c.if_discarded) box.append(el("p", { class: "evtext" }, el("b", { text: _("If discarded:") }), " ", c.if_discarded));
  }
  // Any card that is not a legal target opens its full reference when clicked.
  box.addEventListener("click", () => { if (!box.classList.contains("target")) showCard(n); });
  if (!extra.big) {
    box.append(el("button", { type: "button", class: "info", text: "i", "aria-label": fmt(_("Reference: {card}"), { card: c.name }),
      onclick: (ev) => { ev.stopPropagation(); showCard(n); } }));
    zoomable(box, n);
  }
  return box;
}

export function showCard(n) {
  const c = cardFacts(n);
  if (!c) return;
  const body = $("cardref-body");
  body.replaceChildren(el("h3", { text: `${c.name} (${n})` }), el("div", { class: "big-card" }, cardBox(n, { big: true })));
  const lines = c.text || [];
  for (const line of lines) body.append(el("p", { text: line }));
  hideZoom();
  $("cardref").showModal();
}

// The large card shown beside a card or a card's name: on hover and focus (desktop), on a long press (touch).
let zoomTimer = null;
export function zoomable(node, n, delay = 350) {
  node.addEventListener("mouseenter", () => { clearTimeout(zoomTimer); if (delay) zoomTimer = setTimeout(() => showZoom(node, n), delay); else showZoom(node, n); });
  node.addEventListener("mouseleave", () => { clearTimeout(zoomTimer); hideZoom(); });
  node.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    clearTimeout(zoomTimer);
    zoomTimer = setTimeout(() => { showZoom(node, n); node.dataset.pressed = "1"; }, 450);
  });
  node.addEventListener("pointerup", () => clearTimeout(zoomTimer));
  if (node.classList.contains("card")) {
    node.addEventListener("focus", () => showZoom(node, n));
    node.addEventListener("blur", hideZoom);
  }
  node.addEventListener("pointercancel", () => clearTimeout(zoomTimer));
  // A long press shows the card and takes nothing.
  node.addEventListener("click", (ev) => {
    if (node.dataset.pressed) { delete node.dataset.pressed; ev.stopImmediatePropagation(); ev.preventDefault(); }
  }, true);
}
export function showZoom(anchor, n) {
  const t = $("tip");
  t.replaceChildren(cardBox(n, { big: true }));
  t.hidden = false;
  const r = anchor.getBoundingClientRect();
  const w = t.offsetWidth, h = t.offsetHeight;
  // An option of the decision: below the decision (or above it), so that the card covers none of the other options.
  const panel = anchor.closest("#decision");
  if (panel) {
    const p = panel.getBoundingClientRect();
    const top = p.bottom + 4 + h <= innerHeight - 4 ? p.bottom + 4 : p.top - h - 4;
    if (top >= 4) {
      t.style.left = `${Math.max(4, Math.min(innerWidth - w - 4, r.left))}px`;
      t.style.top = `${top}px`;
      return;
    }
  }
  let left = r.right + 8;
  if (left + w > innerWidth - 4) left = r.left - w - 8;
  if (left < 4) left = Math.max(4, Math.min(innerWidth - w - 4, r.left));
  let top = Math.min(Math.max(4, r.top), innerHeight - h - 4);
  if (left === Math.max(4, Math.min(innerWidth - w - 4, r.left))) top = r.bottom + 4 + h > innerHeight ? Math.max(4, r.top - h - 4) : r.bottom + 4;
  t.style.left = `${left}px`;
  t.style.top = `${top}px`;
}
export function hideZoom() {
  clearTimeout(zoomTimer);
  $("tip").hidden = true;
}

// A card's name as a link to the card (log, prompts, Wakhan's panel): hover or focus shows it, a click opens it.
export function cardLink(n, text) {
  const span = el("span", { class: "cardname", tabindex: "0", role: "button", "data-card": n, text });
  span.addEventListener("focus", () => showZoom(span, n));
  span.addEventListener("blur", hideZoom);
  span.addEventListener("click", () => showCard(n));
  span.addEventListener("keydown", (ev) => { if (ev.key === "Enter") showCard(n); });
  zoomable(span, n, 0);
  return span;
}

// A text with card names followed by their number ("Bala Hissar (16)"): the names become card links.
export function withCardLinks(text) {
  const parts = [];
  let rest = text;
  const re = /\((\d{1,3})\)/;
  for (;;) {
    const found = re.exec(rest);
    if (!found) break;
    const n = found[1];
    const name = cardName(n);
    const start = rest.lastIndexOf(name, found.index);
    if (start < 0 || start + name.length + 1 !== found.index) { parts.push(rest.slice(0, found.index + found[0].length)); rest = rest.slice(found.index + found[0].length); continue; }
    parts.push(rest.slice(0, start), cardLink(n, `${name} (${n})`));
    rest = rest.slice(found.index + found[0].length);
  }
  parts.push(rest);
  return parts;
}


// Cards discarded since the model drawn before (from the market, a hand or a court): each leaves as a ghost of
// itself that falls away where it was, since the table drawn anew no longer holds it. Call takeLeaving() before
// drawing (it measures where those cards are) and the function it returns after (it lets them fall). Nothing
// under reduced motion or with animations off.
export function takeLeaving(model, previous, ms) {
  if (!previous || !ms || session.replayJump) return () => {};
  const before = new Set(previous.discard || []);
  const ghosts = [];
  for (const n of model.discard || []) {
    if (before.has(n)) continue;
    const node = [...document.querySelectorAll(`#market .card[data-card="${n}"], #courts .card[data-card="${n}"], #hand .card[data-card="${n}"], #hand-area .card[data-card="${n}"]`)]
      .find((x) => x.offsetParent !== null);
    if (!node) continue;
    const box = node.getBoundingClientRect();
    const ghost = node.cloneNode(true);
    ghost.classList.add("leaving");
    ghost.removeAttribute("id");
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { position: "fixed", left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`,
      height: `${box.height}px`, margin: "0", pointerEvents: "none", zIndex: "40" });
    ghosts.push(ghost);
  }
  return () => {
    for (const ghost of ghosts) {
      document.body.append(ghost);
      setTimeout(() => ghost.remove(), ms * 2 + 200);
    }
  };
}
