// Learning Wakhan (issue 36): a toggle on a Wakhan game's page. While it is on, she pauses after each of her
// decisions until "Next" (the step-by-step preference), and the board shows why she made the last one: the line
// of her AI card she followed (lit in her panel; the lines above it were not possible), her red arrows on the
// market, the card she chose and the cards she passed over. It reads the log entries' "wakhan" explanation
// (paxpamir/server/wakhan_teach.py, from her public reasons and notes): nothing here decides a rule.
import { _, fmt } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { prefs } from "./preferences.js";
import { withCardLinks } from "./card.js";
import { cardName } from "./words.js";

const STORE = "paxpamir.prefs";
let lastShown = null;  // the explanation drawn last (a new one is scrolled into view)

function setSteps(on) {
  prefs.wakhanSteps = on;
  try { localStorage.setItem(STORE, JSON.stringify(prefs)); } catch (e) { /* private mode */ }
}

// The last of Wakhan's explained decisions in the log: {entry, at} or null.
function lastExplained(m) {
  const entries = (m.log && m.log.entries) || [];
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].wakhan && entries[i].event.player === m.wakhan_seat) return entries[i];
  return null;
}

function mark(selector, cls) {
  for (const node of document.querySelectorAll(selector)) node.classList.add(cls);
}

export function drawWakhanTeach() {
  const box = $("wakhan-teach");
  const m = session.model;
  for (const node of document.querySelectorAll(".wk-line, .wk-skipped, .wk-chosen, .wk-passed")) node.classList.remove("wk-line", "wk-skipped", "wk-chosen", "wk-passed");
  if (!box || !m) return;
  box.hidden = !m.wakhan || !!session.replay;
  if (box.hidden) return;
  const toggle = el("label", { class: "pref" }, el("input", { type: "checkbox", id: "wakhan-learn", checked: !!prefs.wakhanSteps,
    onchange: (ev) => { setSteps(ev.target.checked); session.render(); } }),
    el("span", { text: _("Learn Wakhan: she pauses after each decision and the board shows why") }));
  const kids = [toggle];
  const found = prefs.wakhanSteps ? lastExplained(m) : null;
  if (found) {
    const w = found.wakhan;
    const face = m.wakhan.ai_card_face;
    if (w.kind === "line") {
      kids.push(el("p", { class: "wk-where", text: fmt(_("AI card {n}, line {line} of {lines}"), { n: w.ai_card, line: w.line, lines: w.lines }) }));
      if (w.line > 1) kids.push(el("p", { class: "small", text: _("The lines above it were not possible: she takes the first line she can, from the top.") }));
      if (face && face.number === w.ai_card) {
        mark(`#wakhan ol li:nth-child(${w.line})`, "wk-line");
        for (let k = 1; k < w.line; k++) mark(`#wakhan ol li:nth-child(${k})`, "wk-skipped");
      }
    } else kids.push(el("p", { class: "wk-where", text: _("A bonus action: her leftmost unused card of the favored suit") }));
    kids.push(el("p", { class: "wk-why" }, ...withCardLinks(found.text)));
    if (w.card !== null) {
      kids.push(el("p", { class: "small" }, el("span", { class: "wk-key wk-key-chosen" }), " ", fmt(_("Her choice: {card}"), { card: cardName(w.card) })));
      mark(`.card[data-card="${w.card}"]`, "wk-chosen");
    }
    if (w.passed.length) {
      kids.push(el("p", { class: "small" }, el("span", { class: "wk-key wk-key-passed" }), " ", fmt(_("Passed over: {cards}"), { cards: w.passed.map(cardName).join(", ") })));
      for (const c of w.passed) mark(`#market .card[data-card="${c}"]`, "wk-passed");
    }
    if (m.wakhan.arrows) kids.push(el("p", { class: "small", text: _("The red arrows on the market show where she starts looking for a card to buy.") }));
    if (m.to_move === m.wakhan_seat && !m.over) kids.push(el("p", { class: "small", text: _("Press \u201cNext\u201d (beside the decision) for her next step.") }));
  } else if (prefs.wakhanSteps) kids.push(el("p", { class: "small", text: _("Her next decision will be explained here.") }));
  box.replaceChildren(...kids);
  if (found && found !== lastShown && m.to_move === m.wakhan_seat && matchMedia("(min-width: 761px)").matches) box.scrollIntoView({ block: "nearest" });
  lastShown = found;
}
