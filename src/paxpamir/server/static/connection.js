// The live connection: the websocket (docs/server-protocol.md, protocol 2: each "state" message carries this
// page's whole view model), reconnection, the JSON API for replay steps and results, and the page's log.
import { _, fmt, lang } from "./i18n.js";
import { $ } from "./dom.js";
import { session } from "./session.js";
import { prefs, yourTurnAlert } from "./preferences.js";
import { bannersFor } from "./log.js";
import { chatError, markSeen, takeHistory, takeLines } from "./chat.js";

let socket = null;
let retry = 500;
let fetching = 0;
let logEntries = [];   // this page's log: {event, text}, kept from the entries each "state" message brings
const held = [];       // state messages of Wakhan's turn held back while her turn is shown step by step

let unsent = false;     // a message found no connection: the error line says so until the connection is back

// A message to the server; false (and said in the error line) when there is no connection to send it on.
export function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return true; }
  $("error").textContent = _("Not connected: that was not sent. The table reconnects by itself and then shows the game as it is; choose again then.");
  unsent = true;
  return false;
}
session.send = send;

export async function api(path, query = "") {
  try {
    const sep = query ? "&" : "?";
    const r = await fetch(`/api/games/${encodeURIComponent(session.gameId)}/${path}${query}${sep}lang=${lang}`, { headers: { Authorization: `Bearer ${session.token}` } });
    const data = await r.json();
    if (!r.ok) { $("error").textContent = data.message || _("request failed"); return null; }
    return data;
  } catch (e) {
    setConn("down");  // the server is out of reach: the websocket brings the page back when it returns
    return null;
  }
}
export function fetchModel(at) {
  const replay = session.replay;
  return api("model", `?at=${at}${replay && replay.as !== "" ? `&as=${replay.as}` : ""}`);
}

// The model drawn: the one the last "state" message brought (live), or one asked for (a replay step).
function adopt(next, seq, at) {
  session.previous = session.model;
  const model = next;
  model.replay_at = at;
  model.server_seq = seq;
  model.engine_names = model.names.slice();
  const state = session.state;
  if (state && state.players) model.names = state.players.map((p) => p.name);
  for (const p of model.players) p.name = model.names[p.seat];
  session.replayJump = at !== null && (!session.previous || Math.abs((session.previous.replay_at ?? -99) - at) !== 1);
  session.model = model;
  session.render();
}
export async function refresh() {
  const ticket = ++fetching;
  const replay = session.replay;
  if (!replay) {  // live: the last state message holds the model already (one view per page per move)
    const state = session.state;
    if (state && state.model) adopt({ ...state.model, log: { from: 0, size: logEntries.length, lines: logEntries.map((e) => e.text), entries: logEntries } }, state.seq, null);
    return;
  }
  const data = await fetchModel(replay.at);
  if (!data || ticket !== fetching || !session.replay) return;
  adopt(data.model, data.seq, data.at);
}

function takeState(m) {
  const state = session.state;
  if (!state || state.seq !== m.seq) $("error").textContent = "";  // an error stays until the game moves
  const fresh = m.log_from >= logEntries.length ? m.log : [];
  logEntries = logEntries.slice(0, m.log_from).concat(m.log.map((entry) => ({ event: entry.event, text: entry.text, wakhan: entry.wakhan })));
  delete document.body.dataset.thinking;
  const wasMine = state && state.decision;
  // When this page first saw the decision of this seq (the clock's estimate when the server sends no deadline).
  if (!state || state.seq !== m.seq || !session.since) session.since = { seq: m.seq, at: Date.now() };
  session.state = m;
  remember();
  markSeen();
  if (session.replay) { $("rp-step").max = String(m.seq); $("rp-label").textContent = `${session.replay.at} / ${m.seq}`; return; }
  refresh();
  if (state) bannersFor(fresh);
  if (m.decision && !wasMine && state) yourTurnAlert(m.title);
}

// Wakhan's turn step by step (a preference): her moves wait for "Next".
function wakhanMoving() {
  const m = session.model, s = session.state;
  return prefs.wakhanSteps && m && s && m.wakhan_seat !== null && m.wakhan_seat !== undefined && s.to_move === m.wakhan_seat && !session.replay;
}
function showNext() {
  const next = $("wakhan-next");
  next.hidden = !held.length;
  next.textContent = fmt(_("Next: Wakhan's step ({n} waiting)"), { n: held.length });
}
$("wakhan-next").onclick = () => { const m = held.shift(); if (m) takeState(m); if (held.length && !wakhanMoving()) { while (held.length) takeState(held.shift()); } showNext(); };

export function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(session.gameId)}`);
  socket.onopen = () => {
    retry = 500;
    send({ type: "hello", token: session.token, lang });
    setConn("live");
    if (unsent) { unsent = false; $("error").textContent = ""; }
  };
  socket.onmessage = (ev) => {
    performance.mark("pamir-state-in");
    const m = JSON.parse(ev.data);
    if (m.type === "state") {
      if (session.state && m.log_from < logEntries.length && m.log_from === 0) { held.length = 0; takeState(m); showNext(); return; }  // a new language or an undo: all again
      if (held.length || wakhanMoving()) { held.push(m); showNext(); return; }
      takeState(m);
    } else if (m.type === "thinking" && session.state && m.seq === session.state.seq && !session.replay) {
      $("prompt").textContent = fmt(_("{player} is thinking…"), { player: session.state.players[m.seat].name });
      document.body.dataset.thinking = String(m.seat);
    } else if (m.type === "chat_lines") {
      takeLines(m.messages);
    } else if (m.type === "chat_history") {
      takeHistory(m);
    } else if (m.type === "error") {
      if (chatError(m)) return;
      // Another page (or another player) moved first: say so in words; the current state follows.
      $("error").textContent = m.code === "stale_seq" ? _("Another move was made first (in another tab or by another player): the table now shows the game as it is.") : m.message;
    }
  };
  socket.onclose = (ev) => {
    if (ev.code >= 4400 && ev.code < 4500) {
      // Refused for good (a wrong or withdrawn link): no retry, so no "reconnecting" badge and no empty table.
      $("heading").textContent = _("This link does not open this game.");
      setConn("refused");
      document.body.dataset.refused = "";
      return;
    }
    setConn("down");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}
export function setConn(s) {
  const c = $("conn");
  c.className = `conn ${s}`;
  c.hidden = s === "refused";
  c.textContent = s === "live" ? _("live") : _("reconnecting…");
}
function remember() {
  const state = session.state;
  try {
    const games = JSON.parse(localStorage.getItem("paxpamir.games") || "[]").filter((g) => g.url !== location.href);
    games.unshift({ url: location.href, game: session.gameId, label: state.role === "seat" ? fmt(_("{player} (seat {n})"), { player: state.players[state.seat].name, n: state.seat + 1 }) : state.role, title: state.title, when: Date.now() });
    localStorage.setItem("paxpamir.games", JSON.stringify(games.slice(0, 30)));
  } catch (e) { /* private mode: nothing remembered */ }
}
