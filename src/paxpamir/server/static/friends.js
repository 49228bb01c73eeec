// Games among friends that never stall: a person's seat handed to a bot and back (the creator's page), the
// clock of the decision now, and the rematch once the game is over.
import { _, fmt } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";

const post = (path, body) => fetch(`/api/games/${encodeURIComponent(session.gameId)}/${path}`, {
  method: "POST", headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}),
});

// The bot kinds a person's seat may be handed to (GET /api/kinds without "human" and "wakhan").
let bots = null;
async function loadBots() {
  try {
    const r = await fetch(`/api/kinds`);
    const kinds = (await r.json()).kinds;
    bots = Object.entries(kinds).filter(([k]) => k !== "human" && k !== "wakhan");
  } catch (e) { bots = []; }
  session.render();
}

// A bot plays this seat instead of its person (set by the game's creator).
export function playedBy(seat) {
  const state = session.state;
  const p = state && state.players && state.players[seat];
  return p ? p.played_by || null : null;
}
export function botPlaysMySeat() {
  const state = session.state;
  return !!(state && state.role === "seat" && playedBy(state.seat));
}

// The words on a player's panel, and (the creator's page) the control that hands the seat to a bot or back.
export function seatLine(seat) {
  const state = session.state;
  const p = state && state.players && state.players[seat];
  if (!p || p.kind !== "human") return null;
  const bot = p.played_by;
  const words = bot ? el("span", { class: "played-by", "data-played-by": bot, text: fmt(_("played by the {bot} bot"), { bot }) }) : null;
  if (state.role !== "creator" || state.over) return words;
  if (bots === null) { bots = []; loadBots(); }
  const box = el("div", { class: "handover" }, words);
  if (bot) {
    box.append(el("button", { type: "button", class: "give-back", "data-seat": seat, text: _("Give back"),
      title: fmt(_("{player} plays their seat again"), { player: p.name }), onclick: (ev) => { ev.stopPropagation(); handTo(seat, null); } }));
  } else if (bots.length) {
    const select = el("select", { class: "let-bot", "data-seat": seat, "aria-label": fmt(_("Let a bot play for {player}"), { player: p.name }),
      onclick: (ev) => ev.stopPropagation() },
    el("option", { value: "", text: _("Let a bot play…") }), ...bots.map(([k, text]) => el("option", { value: k, title: text, text: k })));
    select.onchange = () => { if (select.value) handTo(seat, select.value); };
    box.append(select);
  }
  return box;
}
async function handTo(seat, bot) {
  try {
    const r = await post(`seats/${seat}`, { played_by: bot });
    if (!r.ok) $("error").textContent = (await r.json()).message || _("request failed");
  } catch (e) { $("error").textContent = _("request failed"); }
}

// The clock: the time left for the decision now (the server's deadline, else estimated from when this page
// first saw the decision).
function left() {
  const state = session.state;
  if (!state || !state.clock || state.over || state.to_move === null || state.to_move === undefined) return null;
  const p = state.players[state.to_move];
  if (!p || p.kind !== "human" || p.played_by) return null;
  if (state.deadline) {
    const end = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(state.deadline) ? state.deadline : `${state.deadline}Z`);
    if (!Number.isNaN(end)) return { ms: end - Date.now(), exact: true };
  }
  const since = session.since && session.since.seq === state.seq ? session.since.at : Date.now();
  return { ms: since + state.clock * 1000 - Date.now(), exact: false };
}
function duration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d) return fmt(_("{d} d {h} h"), { d, h });
  if (h) return fmt(_("{h} h {m} min"), { h, m });
  if (m >= 5) return fmt(_("{m} min"), { m });
  return fmt(_("{m} min {s} s"), { m, s: s % 60 });
}
let tick = null;
export function drawClock() {
  const box = $("clock");
  const t = session.replay ? null : left();
  clearTimeout(tick);
  box.hidden = !t;
  if (!t) return;
  const mine = session.model && session.model.your_decision;
  const time = duration(t.ms);
  box.textContent = t.ms <= 0 ? _("Clock: time is up") : t.exact ? fmt(_("Clock: {time} left"), { time }) : fmt(_("Clock: about {time} left"), { time });
  box.title = fmt(_("Each decision has {time}; when it runs out, the heuristic bot decides that one."), { time: duration(session.state.clock * 1000) })
    + (t.exact ? "" : " " + _("Approximate: counted from when this page saw the decision."));
  box.classList.toggle("short", t.ms < Math.min(3600, session.state.clock / 4) * 1000);
  box.classList.toggle("mine", !!mine);
  document.body.dataset.clock = String(Math.round(t.ms / 1000));
  tick = setTimeout(drawClock, t.ms < 300_000 ? 1000 : 15_000);
}

// The rematch: this link's link to the new game (the first asking makes it).
export async function rematch() {
  const button = $("rematch");
  button.disabled = true;
  try {
    const r = await post("rematch");
    const data = await r.json();
    if (!r.ok || !data.url) { $("error").textContent = data.message || _("request failed"); button.disabled = false; return; }
    location.assign(data.url);
    if (new URL(data.url, location.href).pathname === location.pathname) location.reload();
  } catch (e) { $("error").textContent = _("request failed"); button.disabled = false; }
}
export function rematchLabel() {
  const state = session.state;
  return state && state.rematch ? _("A rematch is ready — join") : _("Rematch");
}
export function drawRematch() {
  const state = session.state;
  const button = $("rematch");
  button.hidden = !(state && state.over) || !!session.replay;
  button.textContent = rematchLabel();
  button.classList.toggle("ready", !!(state && state.rematch));
}
$("rematch").onclick = rematch;
