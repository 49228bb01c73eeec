// The guided first game ("Learn to play", issue 36). Its steps are data (GET /api/tutorial, from
// paxpamir/server/tutorial.py): each has a trigger on this page's view model, a text (a msgid of the web catalog,
// translated here with _()), the rules section it belongs to, and whether it only explains ("Next") or waits for
// a move. What to point at is the guided path's move for the decision now, found among the model's legal
// options: the page decides no rule. The step reached is kept in this browser, by game; the game is an ordinary
// stored game, so leaving the page and coming back resumes at the same step.
import { _, fmt, lang } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { rulesHref } from "./ruleslinks.js";

const KEY = (game) => `paxpamir.tutorial.${game}`;
export const CURRENT = "paxpamir.tutorial.current";
let data = null;       // the steps and the guided path
let progress = null;   // {index, shownAt, off, hidden}: the step reached, the seq it was shown at, off the path
let rereading = false; // showing the step before again
let fresh = false;     // a step has just appeared: its panel is brought into view (a phone may be scrolled away)

function load(game) {
  try { return JSON.parse(localStorage.getItem(KEY(game)) || "null"); } catch (e) { return null; }
}
function save() {
  try { localStorage.setItem(KEY(session.gameId), JSON.stringify(progress)); } catch (e) { /* private mode */ }
}
// The lobby starts a guided game: its progress begins here.
export function beginTutorial(game, url) {
  try {
    localStorage.setItem(KEY(game), JSON.stringify({ index: 0, shownAt: null, off: false, hidden: false }));
    localStorage.setItem(CURRENT, JSON.stringify({ game, url }));
  } catch (e) { /* private mode: the tutorial cannot be kept */ }
}
// The guided game this browser has not finished (for the lobby), or null.
export function unfinishedTutorial() {
  try {
    const current = JSON.parse(localStorage.getItem(CURRENT) || "null");
    const p = current && load(current.game);
    return p && !p.done ? current : null;
  } catch (e) { return null; }
}

// A step's trigger on the model (the twin of paxpamir.server.tutorial.holds).
export function holds(when, m, types, scripted) {
  if (when.start) return true;
  const yours = !!m.your_decision;
  if ("decision" in when && !(yours && m.decision === when.decision)) return false;
  if ("actions_used" in when && !(yours && m.actions_used === when.actions_used)) return false;
  if ("script" in when && !(yours && scripted && scripted[0] === when.script)) return false;
  if ("script_card" in when) {
    const card = yours && scripted && scripted.length > 1 && Number.isInteger(scripted[1]) ? scripted[1] : null;
    const facts = card === null ? null : (m.cards[String(card)] || session.cards[card]);
    if (!facts || facts.kind !== when.script_card) return false;
  }
  return !("event" in when && !types.has(when.event));
}

// The guided move for the decision now, as one of the model's options (null when off the path or none).
function guided(m) {
  if (!data || progress.off || !m.your_decision) return null;
  const move = data.script[String(m.server_seq)];
  if (!move) return null;
  const text = JSON.stringify(move);
  return m.options.find((o) => JSON.stringify(o.option) === text) || null;
}

// The learner's moves pass through here: a move off the guided path leaves it (the steps that need it stop).
function watchMoves() {
  const send = session.send;
  session.send = (message) => {
    if (progress && !progress.done && session.model && (message.type === "move" || message.type === "undo")) {
      const o = guided(session.model);
      if (message.type === "undo" || !o || JSON.stringify(o.option) !== JSON.stringify(message.option)) progress.off = true;
      const m = session.model;
      let step = data.steps[progress.index];
      if (step && step.ack && progress.shownAt !== null) { progress.index += 1; progress.shownAt = null; }  // read and acted on
      // A move made before its step was drawn (the learner went on without "Next") answers that step too.
      step = data.steps[progress.index];
      if (step && !step.ack && progress.shownAt === null && holds(step.when, m, eventTypes(m), o ? o.option : null)) progress.index += 1;
      save();
    }
    send(message);
  };
  // Undo (its button, or the u key that clicks it) goes straight to the socket: the guided path is left too.
  $("undo").addEventListener("click", () => { if (progress && !progress.done) { progress.off = true; save(); } }, true);
}

const eventTypes = (m) => new Set((m.log.entries || []).map((e) => e.event.type));

function advance(m) {
  const types = eventTypes(m);
  const scripted = guided(m);
  for (;;) {
    const step = data.steps[progress.index];
    if (!step) break;
    if (progress.shownAt !== null) {
      if (!step.ack && m.server_seq > progress.shownAt) { progress.index += 1; progress.shownAt = null; continue; }
      break;
    }
    if (!holds(step.when, m, types, scripted ? scripted.option : null)) {
      // Off the guided path the steps no longer come in their order: the first later one that holds now is
      // shown (those passed over are not); the steps that need the guided path never hold.
      if (!progress.off) break;
      const later = data.steps.findIndex((s, j) => j > progress.index && holds(s.when, m, types, null));
      if (later < 0) break;
      progress.index = later;
      continue;
    }
    progress.shownAt = m.server_seq;
    rereading = false;
    fresh = true;
  }
  if (progress.index >= data.steps.length && !progress.done) progress.done = true;
  save();
}

const rulesLink = (anchor) => el("a", { href: rulesHref(anchor), target: "pamir-rules", class: "tut-rules", text: _("More in the rules") });

// The guided move on the table: its option button and the thing it points at get the orange pulse; the other
// targets are dimmed (still clickable).
function point(m) {
  for (const node of document.querySelectorAll(".tutorial-point")) node.classList.remove("tutorial-point");
  const o = guided(m);
  document.body.classList.toggle("tutorial-guided", !!o && !progress.hidden);
  if (!o || progress.hidden) return;
  const marks = [...document.querySelectorAll(`#options button[data-index="${o.index}"]`)];
  const t = o.target || {};
  if (t.card !== undefined) {
    if (o.kind === "action") marks.push(...document.querySelectorAll(`.card[data-card="${t.card}"] .act.target[data-action="${o.option[2]}"]`));
    else marks.push(...document.querySelectorAll(`.card.target[data-card="${t.card}"]`));
  } else if (t.region !== undefined) marks.push(...document.querySelectorAll(`#map .region.target[data-region="${t.region}"]`));
  else if (t.border !== undefined) marks.push(...document.querySelectorAll(`#map .border-spot.target[data-border="${t.border}"]`));
  else if (t.player !== undefined) marks.push(...document.querySelectorAll(`#players .player.target[data-player="${t.player}"]`));
  for (const node of marks) node.classList.add("tutorial-point");
}

// A real game after the lesson: the learner and two gentle bots.
async function realGame() {
  const r = await fetch(`/api/games?lang=${lang}`, { method: "POST", body: JSON.stringify({ seats: ["human", "heuristic:easy", "heuristic:easy"] }) });
  const made = await r.json();
  if (!r.ok) { $("error").textContent = made.message; return; }
  location.href = made.seats[0].url;
}

export function drawTutorial() {
  const box = $("tutorial");
  const m = session.model;
  if (!box || !m || !progress || !data || session.replay) { if (box) box.hidden = true; document.body.classList.remove("tutorial-guided"); return; }
  advance(m);
  box.hidden = false;
  document.body.dataset.tutorial = String(progress.index);
  const n = data.steps.length;
  const shown = progress.shownAt !== null ? data.steps[progress.index] : null;
  const last = data.steps[Math.min(progress.index, n) - 1] || null;
  if (progress.hidden) {
    box.replaceChildren(el("button", { type: "button", id: "tut-show", text: _("Show the tutorial"), onclick: () => { progress.hidden = false; save(); drawTutorial(); } }));
    point(m);
    return;
  }
  const kids = [];
  if (progress.done) {
    // The recap: the last step's summary, and every idea met with its section of the rules.
    const ideas = el("ul", { class: "tut-recap" }, ...data.steps.slice(1, -1).map((s) => el("li", {}, el("a", { href: rulesHref(s.rules), target: "pamir-rules", text: _(s.title) }))));
    kids.push(el("h2", { text: _("What you learned") }), el("p", { text: _(last.text) }),
      el("p", { text: _("The ideas of this game, each with its place in the rules:") }), ideas,
      el("div", { class: "tut-buttons" }, el("button", { type: "button", id: "tut-real", text: _("Play a real game against two bots"), onclick: realGame })));
  } else {
    const step = rereading && last ? last : shown;
    if (step) {
      const at = data.steps.indexOf(step) + 1;
      kids.push(el("h2", { text: fmt(_("Step {k} of {n}: {title}"), { k: at, n, title: _(step.title) }) }), el("p", { id: "tut-text", text: _(step.text) }), rulesLink(step.rules));
    } else {
      kids.push(el("h2", { text: fmt(_("Tutorial: {k} of {n} steps done"), { k: progress.index, n }) }),
        el("p", { id: "tut-text", text: progress.off ? _("You left the guided path: play on as you like; each new idea is still explained when it appears.")
          : m.your_decision ? _("Take the marked choice; the next idea comes when it matters.") : _("Wait for Wakhan; the next idea comes when it matters.") }));
    }
    const buttons = el("div", { class: "tut-buttons" });
    if (shown && shown.ack && !rereading) buttons.append(el("button", { type: "button", id: "tut-next", text: _("Next"), onclick: () => { progress.index += 1; progress.shownAt = null; save(); session.render(); } }));
    if (rereading) buttons.append(el("button", { type: "button", id: "tut-back", text: _("Back to now"), onclick: () => { rereading = false; drawTutorial(); } }));
    else if (!shown && last) buttons.append(el("button", { type: "button", id: "tut-again", text: _("Read the last step again"), onclick: () => { rereading = true; drawTutorial(); } }));
    buttons.append(el("button", { type: "button", id: "tut-hide", text: _("Hide the tutorial"), onclick: () => { progress.hidden = true; save(); drawTutorial(); } }));
    kids.push(buttons);
  }
  box.replaceChildren(...kids);
  point(m);
  if (fresh) {
    // A new step after a move made further down the page (a phone: the market, a court) would be drawn out of
    // sight: the panel comes into view, so the step is read before its mark is looked for.
    fresh = false;
    const r = box.getBoundingClientRect();
    if (r.top < 0 || r.top > window.innerHeight - 60) box.scrollIntoView({ block: "start" });
  }
}

// Start: only on a game this browser began as a guided game.
export async function startTutorial() {
  progress = load(session.gameId);
  if (!progress) return;
  try {
    const r = await fetch("/api/tutorial");
    data = await r.json();
  } catch (e) { data = null; return; }
  watchMoves();
  session.render();
}
