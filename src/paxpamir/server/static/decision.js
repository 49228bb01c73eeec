// The decision: the prompt, every legal option as a button, Undo, and the targets lit on the table. Whatever
// can be clicked comes from the model's options and targets; a click sends one option exactly as listed.
import { _, fmt, ngettext } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { prefs } from "./preferences.js";
import { cardName, coalitionName, named } from "./words.js";
import { withCardLinks, zoomable } from "./card.js";
import { botPlaysMySeat, playedBy } from "./friends.js";

function sendOption(o) {
  session.send({ type: "move", seq: session.model.server_seq, option: o.option });
}

// A question in the confirm dialog; onyes runs when the player says yes.
function confirmThen(text, yes, no, onyes) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  dialog.returnValue = "";
  dialog.onclose = () => { if (dialog.returnValue === "yes") onyes(); };
  dialog.showModal();
}

// Playing a patriot of another coalition changes your loyalty: what you lose then (rulebook, "Loyalty"), as the
// view model says (each play option's changes_loyalty, computed by the rules).
export function loyaltyLoss(o) {
  const m = session.model;
  const change = o && o.kind === "play" ? o.changes_loyalty : null;
  if (!m || !change) return null;
  const n = o.target && o.target.card !== undefined ? o.target.card : o.option[1];
  const { patriots, prizes, gifts } = change.loses;
  const losses = [];
  if (patriots.length) losses.push(fmt(ngettext("{n} patriot ({cards})", "{n} patriots ({cards})", patriots.length), { n: patriots.length, cards: patriots.map(cardName).join(", ") }));
  if (prizes.length) losses.push(fmt(ngettext("{n} prize ({cards})", "{n} prizes ({cards})", prizes.length), { n: prizes.length, cards: prizes.map(cardName).join(", ") }));
  if (gifts) losses.push(fmt(ngettext("{n} gift", "{n} gifts", gifts), { n: gifts }));
  const head = change.from
    ? fmt(_("Playing {card} makes you loyal to the {new} coalition instead of the {old} coalition."), { card: cardName(n), new: coalitionName(change.to), old: coalitionName(change.from) })
    : fmt(_("Playing {card} makes you loyal to the {new} coalition."), { card: cardName(n), new: coalitionName(change.to) });
  const lose = losses.length ? fmt(_("You lose: {things}."), { things: losses.join("; ") }) : _("You have no patriots, prizes or gifts to lose.");
  return `${head} ${lose}`;
}

export function choose(index) {
  const m = session.model;
  if (!m || session.replay) return;
  const o = m.options[index];
  if (!o) return;
  if (o.kind === "end_turn" && prefs.confirmEnd && m.actions_used < 2 && m.options.some((x) => x.kind !== "end_turn")) {
    const left = 2 - m.actions_used;
    confirmThen(fmt(ngettext("You have {n} action left. End your turn anyway?", "You have {n} actions left. End your turn anyway?", left), { n: left }),
      _("End turn"), _("Keep playing"), () => sendOption(o));
    return;
  }
  const loss = prefs.confirmLoyalty ? loyaltyLoss(o) : null;
  if (loss) {
    document.body.dataset.confirm = "loyalty";
    confirmThen(loss, _("Change loyalty"), _("Cancel"), () => sendOption(o));
    return;
  }
  sendOption(o);
}

// A click on a target: one option is taken at once; several are offered in a small chooser.
export function chooseAmong(indices, title) {
  if (!indices || !indices.length) return;
  if (indices.length === 1) { choose(indices[0]); return; }
  $("chooser-title").textContent = title;
  $("chooser-options").replaceChildren(...indices.map((i) => el("button", {
    type: "button", text: named(session.model.options[i].label), "data-kind": session.model.options[i].kind,
    onclick: () => { $("chooser").close(); choose(i); },
  })));
  $("chooser").showModal();
}

export const targetsOf = (group, key) => (session.model && !session.replay && !botPlaysMySeat() && session.model.targets[group][String(key)]) || null;

export function makeTarget(node, indices, title) {
  if (!indices) return;
  node.classList.add("target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  const said = `${title}: ${indices.map((i) => named(session.model.options[i].label)).join(" / ")}`;
  // A shape says it in its label; an element with text keeps its text as its name and adds the options to it.
  if (node instanceof SVGElement) node.setAttribute("aria-label", said);
  else node.append(el("span", { class: "sr-only", text: ` — ${said}` }));
  // A target holds no other control: a card's reference button goes (hover, focus or a long press shows the card).
  for (const inner of node.querySelectorAll("button.info")) inner.remove();
  const go = (ev) => { ev.stopPropagation(); chooseAmong(indices, title); };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(ev); } });
}

// The kinds of option kept out of the scrolling list, always in view.
const PINNED = new Set(["end_turn", "skip", "done"]);

// A list with options below its edge says so (a shadow at the bottom): a scroll bar alone is easily missed.
function markMore(list) {
  list.classList.toggle("more", list.scrollHeight - list.scrollTop > list.clientHeight + 1);
}
$("option-list").addEventListener("scroll", (ev) => markMore(ev.currentTarget));

export function drawDecision() {
  const m = session.model;
  const replay = session.replay;
  const handed = !replay && botPlaysMySeat();
  const yours = m.your_decision && !replay && !handed;
  $("decision").classList.toggle("yours", yours);
  const prompt = named(m.prompt);
  const bribe = (m.decision || "").startsWith("bribe");
  $("decision").classList.toggle("bribe", bribe);
  let text = prompt;
  if (replay) text = fmt(_("Replay — {prompt}"), { prompt });
  else if (yours) text = fmt(bribe ? _("Bribe — your answer: {prompt}") : _("Your decision: {prompt}"), { prompt });
  else if (handed) {
    text = fmt(_("A bot plays your seat now ({bot}): the game's creator can give it back."), { bot: playedBy(m.seat) });
    if (m.to_move !== null && m.to_move !== m.seat && !m.over) text += " " + fmt(_("Waiting for {player}."), { player: m.names[m.to_move] });
  }
  else if (m.to_move !== null && !m.over) {
    text = fmt(bribe ? _("Waiting for {player} (bribe) — {prompt}") : _("Waiting for {player} — {prompt}"), { player: m.names[m.to_move], prompt });
  }
  $("prompt").replaceChildren(...withCardLinks(text));
  const button = (o) => {
    const b = el("button", { type: "button", class: o.kind, "data-kind": o.kind, "data-index": o.index, text: named(o.label), onclick: () => choose(o.index) });
    // An option that names a card shows the card on hover (or a long press).
    if (o.target && o.target.card !== undefined) zoomable(b, o.target.card);
    return b;
  };
  // The options that finish something (End your turn, Skip, Done) stay in view above the decision's tools, beside
  // the list, which scrolls when a turn offers more options than its rows hold (a dozen purchases and plays).
  // A new decision shows its list from the top; a redraw of the same one (a hint, a message) keeps where it was.
  const shown = yours ? m.options : [];
  const list = $("option-list");
  const key = `${m.server_seq}:${m.replay_at ?? ""}`;
  if (list.dataset.drawn !== key) list.scrollTop = 0;
  list.dataset.drawn = key;
  list.replaceChildren(...shown.filter((o) => !PINNED.has(o.kind)).map(button));
  $("option-pinned").replaceChildren(...shown.filter((o) => PINNED.has(o.kind)).map(button));
  markMore(list);
  $("undo").hidden = !(yours && m.can_undo);
  if (yours) $("actions-left").textContent = m.decision === "turn" ? fmt(_("Actions used: {n} of 2"), { n: m.actions_used }) : "";
  else $("actions-left").textContent = "";
}
