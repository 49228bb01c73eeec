// Game review and hints (issue 35). The review (POST, then GET /api/games/{id}/review while it is computed) is
// a chart of each player's chance of winning over the game, the Dominance Checks marked — a click on a point
// opens the replay at that decision — and the list of decisions, the mistakes marked, each with its line of words
// and the bot's choice. During the game a seat's link reviews its own decisions so far. Hints (POST .../hint):
// the bot's three best options for your decision with their chances, and the options people overlook.
import { _, fmt, lang } from "./i18n.js";
import { $, el, svg, svgTitle } from "./dom.js";
import { session } from "./session.js";
import { named } from "./words.js";
import { openReplay, stepTo } from "./replay.js";
import { botPlaysMySeat } from "./friends.js";

const path = (what) => `/api/games/${encodeURIComponent(session.gameId)}/${what}?lang=${lang}`;
const headers = () => ({ Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" });
let polling = null;
let onlyMistakes = false;
let shown = null;     // the review answer drawn
let hint = null;      // {seq, answer} or {seq, error}

// ---------------------------------------------------------------------------- review

export async function openReview() {
  shown = null;
  $("review-body").replaceChildren(el("p", { class: "small", text: _("Asking the server…") }));
  if (!$("review").open) $("review").showModal();
  await ask("POST");
}

async function ask(method) {
  clearTimeout(polling);
  let data;
  try {
    const r = await fetch(path("review"), { method, headers: headers(), body: method === "POST" ? "{}" : undefined });
    data = await r.json();
    if (!r.ok && r.status !== 202) { $("review-body").replaceChildren(el("p", { class: "error", role: "alert", text: data.message || _("request failed") })); return; }
  } catch (e) { $("review-body").replaceChildren(el("p", { class: "error", role: "alert", text: _("request failed") })); return; }
  if (data.status === "done") { shown = data; drawReview(); return; }
  if (data.status === "failed") { $("review-body").replaceChildren(el("p", { class: "error", role: "alert", text: data.message })); return; }
  // Not known here (another server process computes it, or this one restarted): ask for it again.
  if (data.status === "none") { if ($("review").open) polling = setTimeout(() => ask("POST"), 1000); return; }
  const done = data.done || 0, total = data.total || 0;
  $("review-body").replaceChildren(
    el("p", { id: "review-progress-text", text: total ? fmt(_("Reviewing: {done} of {total} decisions weighed…"), { done, total }) : _("Reviewing: replaying the game…") }),
    el("progress", { id: "review-progress", max: String(Math.max(1, total)), value: String(done), "aria-labelledby": "review-progress-text" }),
    el("p", { class: "small", text: _("The bot plays each decision's options out in deals imagined from what its player knew. This takes a while; the review is kept with the game.") }));
  if ($("review").open) polling = setTimeout(() => ask("GET"), 1000);
}

const percent = (p) => (p === null || p === undefined ? "–" : `${Math.round(100 * p)}%`);

function drawReview() {
  const data = shown;
  const rev = data.review, words = data.words;
  const names = session.state ? session.state.players.map((p) => p.name) : rev.names;
  const body = $("review-body");
  $("review-title").textContent = data.scope === "seat" ? _("Your decisions so far") : words.title;
  const chips = names.map((n, p) => (rev.chances.some((c) => c[p] !== null) ? el("span", { class: `legend-item lp${p}` }, el("span", { class: `pc pc${p}`, text: String(p + 1) }), ` ${n}`) : null));
  const toggle = el("label", { class: "only-mistakes" }, el("input", { type: "checkbox", id: "review-only", checked: onlyMistakes, onchange: (ev) => { onlyMistakes = ev.target.checked; drawList(); } }), " " + _("Only the mistakes"));
  body.replaceChildren(
    el("ul", { class: "review-summary" }, ...words.summary.map((line) => el("li", { text: named(line) }))),
    el("figure", { class: "review-chart" }, chart(rev, data.steps, names),
      el("figcaption", {}, ...chips, el("span", { class: "legend-item" }, el("span", { class: "check-mark", text: "♛" }), " " + _("Dominance Check")),
        el("span", { class: "legend-item" }, el("span", { class: "mistake-dot" }), " " + _("mistake")))),
    el("p", { class: "small", text: words.legend + " " + _("Click a point to open the replay at that decision.") }),
    toggle,
    el("ol", { id: "review-list", class: "review-list" }));
  drawList();
}

function chart(rev, steps, names) {
  // Drawn at the width it is shown at (up to 720), so its labels keep their size on a phone instead of
  // shrinking with the whole drawing; the points are larger there, for a finger.
  const room = $("review-body").clientWidth || 720;
  const W = Math.round(Math.max(300, Math.min(720, room))), narrow = W < 520;
  const H = narrow ? 220 : 250, left = 40, right = 12, top = 14, bottom = 26;
  const r = narrow ? [5, 8] : [4, 6];
  const n = Math.max(1, rev.decisions_in_record);
  const x = (i) => left + (i / n) * (W - left - right);
  const y = (p) => top + (1 - p) * (H - top - bottom);
  const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-svg", role: "group", "aria-label": _("Chance of winning over the game") });
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    box.append(svg("line", { x1: left, x2: W - right, y1: y(p), y2: y(p), class: p === 0 ? "axis" : "grid" }));
    const t = svg("text", { x: left - 6, y: y(p) + 4, "text-anchor": "end", class: "tick" }); t.textContent = `${Math.round(p * 100)}%`; box.append(t);
  }
  const xt = svg("text", { x: W - right, y: H - 6, "text-anchor": "end", class: "tick" }); xt.textContent = _("decisions →"); box.append(xt);
  for (const c of rev.checks) {
    const cx = x(c + 1);
    box.append(svg("line", { x1: cx, x2: cx, y1: top, y2: H - bottom, class: "check" }, svgTitle(_("Dominance Check"))));
    const t = svg("text", { x: cx, y: top - 2, "text-anchor": "middle", class: "check-mark" }, svgTitle(_("Dominance Check"))); t.append("♛"); box.append(t);
  }
  const dash = ["", "6 3", "2 2", "8 2 2 2", "1 3"];
  names.forEach((_n, p) => {
    const pts = rev.decisions.map((d, i) => [d.index, rev.chances[i][p]]).filter(([, c]) => c !== null && c !== undefined);
    if (pts.length) box.append(svg("polyline", { points: pts.map(([i, c]) => `${x(i)},${y(c)}`).join(" "), class: "line", stroke: `var(--p${p})`, "stroke-dasharray": dash[p] }));
  });
  for (const d of rev.decisions) {
    const step = steps[d.index];
    const said = fmt(_("{player}, turn {turn}: {option} — {before} → {after}"), { player: names[d.seat], turn: d.turn, option: named(label(d.chosen)), before: percent(d.before), after: percent(d.after) });
    const dot = svg("circle", { cx: x(d.index), cy: y(d.before), r: d.mistake ? r[1] : r[0], fill: `var(--p${d.seat})`, class: d.mistake ? "pt mistake" : "pt", "data-index": d.index, "data-step": step }, svgTitle(said));
    dot.addEventListener("click", () => goTo(step));
    if (d.mistake) {  // the mistakes are reachable with the keyboard too (the list below holds every decision)
      dot.setAttribute("tabindex", "0"); dot.setAttribute("role", "button"); dot.setAttribute("aria-label", said);
      dot.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); goTo(step); } });
    }
    box.append(dot);
  }
  return box;
}

const label = (entry) => (entry.labels && (entry.labels[lang] || entry.labels.en)) || entry.label || "";

function drawList() {
  const data = shown;
  const list = $("review-list");
  if (!data || !list) return;
  const rows = data.words.rows;
  const decisions = data.review.decisions;
  const items = [];
  rows.forEach((row, i) => {
    const d = decisions[i];
    if (onlyMistakes && !row.mistake) return;
    const when = row.turn > 0 ? fmt(_("Turn {turn}"), { turn: row.turn }) : _("Setup");
    const head = el("p", { class: "rv-head" }, el("span", { class: `pc pc${row.seat}`, text: String(row.seat + 1) }),
      ` ${when} · ${named(row.player)} · ${row.kind} `,
      row.mistake ? el("span", { class: "rv-mistake", text: _("Mistake") }) : null);
    const chance = fmt(_("{chance} chance of winning"), { chance: row.after }) + (row.loss ? ` (${row.loss})` : "");
    const chosen = el("p", {}, el("b", { text: named(row.chosen) }), ` — ${chance}`);
    // One line of words: the bot's choice and what it would have changed (or that this was the best found).
    const why = d.changed ? fmt(_("Bot's choice ({chance}): {why}"), { chance: row.before, why: named(row.why) }) : named(row.why);
    const go = el("button", { type: "button", class: "rv-go", text: _("Show in replay"), onclick: () => goTo(data.steps[d.index]) });
    items.push(el("li", { class: row.mistake ? "mistake" : "", "data-index": d.index }, head, chosen, el("p", { class: d.changed ? "rv-why rv-better" : "rv-why", text: why }), go));
  });
  if (!items.length) items.push(el("li", { text: _("No mistakes found.") }));
  list.replaceChildren(...items);
}

function goTo(step) {
  if (step === undefined) return;
  $("review").close();
  if (!session.replay) openReplay(true);
  stepTo(step);
}

// ---------------------------------------------------------------------------- hints

async function askHint() {
  const m = session.model;
  if (!m) return;
  const seq = m.server_seq;
  const button = $("hint");
  button.disabled = true;
  hint = { seq, pending: true };
  drawHints();
  try {
    const r = await fetch(path("hint"), { method: "POST", headers: headers(), body: JSON.stringify({ seq }) });
    const data = await r.json();
    hint = r.ok ? { seq, answer: data } : { seq, error: data.message || _("request failed") };
  } catch (e) { hint = { seq, error: _("request failed") }; }
  button.disabled = false;
  drawHints();
}

function option(entry, kindName) {
  const head = kindName ? `${kindName}: ` : "";
  return el("li", {}, head, el("b", { text: named(entry.label) }), ` — ${entry.percent}`, entry.why ? el("span", { class: "hint-why", text: ` · ${named(entry.why)}` }) : null);
}

function drawHints() {
  const box = $("hints");
  const m = session.model;
  const current = hint && m && !session.replay && hint.seq === m.server_seq && m.your_decision;
  box.hidden = !current;
  if (!current) return;
  if (hint.pending) { box.replaceChildren(el("p", { class: "small", text: _("The bot is weighing your options…") })); return; }
  if (hint.error) { box.replaceChildren(el("p", { class: "error", text: hint.error })); return; }
  const a = hint.answer;
  const parts = [el("h3", { text: _("The bot's best options") }), el("ol", {}, ...a.best.map((e) => option(e)))];
  if (a.overlooked.length) parts.push(el("h3", { text: _("Often overlooked") }), el("ul", {}, ...a.overlooked.map((e) => option(e, e.kind_name))));
  parts.push(el("p", { class: "small", text: _("Chances of winning, from what you can see; the lines say what the option brings against the next best by your next turn.") }));
  box.replaceChildren(...parts);
}

// The buttons on the table: Review (over: the whole game; during it: your own decisions), Hint (your decision in
// a game with hints).
export function drawReviewTools() {
  const state = session.state, m = session.model;
  const mine = state && state.role === "seat" && state.players[state.seat] && state.players[state.seat].kind === "human";
  const review = $("review-toggle");
  review.hidden = !state || !(state.over || mine);
  review.textContent = state && state.over ? _("Review") : _("Review my play");
  $("hint").hidden = !(state && state.hints && mine && m && m.your_decision && !session.replay && !botPlaysMySeat());
  $("hints-mark").hidden = !(state && state.hints && !state.over);
  drawHints();
}

$("review-toggle").onclick = openReview;
$("review").addEventListener("close", () => clearTimeout(polling));
$("hint").onclick = askHint;
