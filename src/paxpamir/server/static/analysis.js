// The analysis board: a new game from a step of this one (POST /api/games/{id}/analysis), with seats of your
// choice. Once the game is over it starts from the true position; during the game it is a "what if": the
// server deals the cards this link cannot see anew, from what it sees. The new game has links of its own.
import { _, fmt, lang } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";

let kinds = null;   // seat kind -> description (GET /api/kinds)
let at = 0;         // the step the new game starts from

async function loadKinds() {
  if (kinds) return kinds;
  try { kinds = (await (await fetch(`/api/kinds?lang=${lang}`)).json()).kinds; } catch (e) { kinds = { human: "", heuristic: "" }; }
  return kinds;
}

// The seat menu of one player: Wakhan keeps her seat; anyone else may be a person or a bot of any kind.
function seatRow(p, mine) {
  const label = fmt(_("Seat {n} ({name})"), { n: p.seat + 1, name: p.name });
  if (p.kind === "wakhan") return el("p", { class: "seat-choice", "data-seat": p.seat, "data-kind": "wakhan", text: `${label}: Wakhan` });
  const select = el("select", { "data-seat": p.seat, "aria-label": fmt(_("Who plays seat {n}"), { n: p.seat + 1 }) });
  const chosen = mine ? "human" : (p.kind === "human" ? "heuristic" : p.kind);
  for (const [k, text] of Object.entries(kinds)) {
    if (k === "wakhan") continue;
    select.append(el("option", { value: k, title: text, text: k === "human" ? _("a person") : fmt(_("{kind} bot"), { kind: k }), selected: k === chosen }));
  }
  return el("p", { class: "seat-choice" }, el("label", {}, `${label}: `, select));
}

export async function openAnalysis(step) {
  const state = session.state;
  if (!state) return;
  at = step;
  await loadKinds();
  const over = state.over;
  $("analysis-title").textContent = fmt(_("A new game from step {at}"), { at });
  $("analysis-note").textContent = over
    ? _("The game is over: the new game starts from the true position, every card where it was.")
    : _("What if: the cards you cannot see are dealt anew from what you know at that step. The new game is a game of its own and never counts as this one.");
  const me = state.role === "seat" ? state.seat : (state.players.find((p) => p.kind === "human") || {}).seat;
  $("analysis-seats").replaceChildren(...state.players.map((p) => seatRow(p, p.seat === me)));
  $("analysis-open").checked = false;
  $("analysis-hints").checked = false;
  $("analysis-error").textContent = "";
  $("analysis-links").replaceChildren();
  $("analysis-start").hidden = false;
  $("analysis-start").disabled = false;
  $("analysis").showModal();
}

function remember(url, game, label) {
  try {
    const games = JSON.parse(localStorage.getItem("paxpamir.games") || "[]").filter((g) => g.url !== url);
    games.unshift({ url, game, label, when: Date.now() });
    localStorage.setItem("paxpamir.games", JSON.stringify(games.slice(0, 30)));
  } catch (e) { /* private mode: nothing remembered */ }
}

async function start() {
  const button = $("analysis-start");
  const seats = [...$("analysis-seats").querySelectorAll("[data-seat]")].map((node) => {
    const p = session.state.players[Number(node.dataset.seat)];
    const kind = node.dataset.kind || node.value;
    return kind === "human" ? { kind, name: p.name } : { kind };
  });
  button.disabled = true;
  $("analysis-error").textContent = _("Dealing…");
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(session.gameId)}/analysis?lang=${lang}`, {
      method: "POST", headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ at, seats, open_hands: $("analysis-open").checked, hints: $("analysis-hints").checked }),
    });
    const data = await r.json();
    if (!r.ok) { $("analysis-error").textContent = data.message || _("request failed"); button.disabled = false; return; }
    $("analysis-error").textContent = "";
    button.hidden = true;
    const what = data.analysis && data.analysis.what_if ? _("what if") : _("analysis");
    const links = [[_("Creator (watch, issue new links)"), data.creator.url], [_("Spectators"), data.spectator.url]];
    remember(data.creator.url, data.game, `${what} — ${_("creator")}`);
    let first = null;
    for (const s of data.seats) if (s.url) {
      links.push([fmt(_("Seat {n} ({name})"), { n: s.seat + 1, name: s.name }), s.url]);
      remember(s.url, data.game, `${what} — ${s.name}`);
      if (!first) first = s;
    }
    const items = links.map(([label, url]) => el("li", {}, `${label}: `, el("a", { href: url, text: url })));
    if (first) items.unshift(el("li", {}, el("a", { href: first.url, id: "analysis-play", text: fmt(_("Play as {name} now"), { name: first.name }) })));
    $("analysis-links").replaceChildren(...items);
    const go = $("analysis-play");
    if (go) go.focus();
  } catch (e) { $("analysis-error").textContent = _("request failed"); button.disabled = false; }
}

// What every page of an analysis game shows: that it is one, and from which step of its original.
export function drawAnalysisMark() {
  const state = session.state;
  const mark = $("analysis-mark");
  const origin = state && state.analysis;
  mark.hidden = !origin;
  if (origin) {
    mark.textContent = origin.what_if ? fmt(_("What if… (from step {at})"), { at: origin.at }) : fmt(_("Analysis (from step {at})"), { at: origin.at });
    mark.title = origin.what_if ? _("A game from an imagined deal: the cards its creator could not see were dealt anew.") : _("A game from a position of a finished game.");
  }
  $("whatif-toggle").hidden = !state || !!session.replay || state.over;  // once over: "Play from here" in the replay
}

$("analysis-start").onclick = start;
$("whatif-toggle").onclick = () => session.state && openAnalysis(session.state.seq);
$("rp-analyse").onclick = () => session.replay && openAnalysis(session.replay.at);
