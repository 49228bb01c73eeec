// Table talk: the game's chat beside the log (below it on a phone). Every line is shown as text (textContent,
// never markup), with its speaker and time; Enter sends. Lines that arrive while the chat is collapsed, scrolled
// up or out of sight are counted as unread until seen. In the replay only the lines said at or before the step
// shown appear (each line carries the game's seq when it was said).
import { _, fmt, lang, ngettext } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";

let lines = [];          // every chat message received: {id, seat, role, name, text, seq, at}
let total = 0;           // how many lines the game's chat holds (for the lobby's news)
let unread = 0;
let pending = 0;         // when this page last sent a line (an error soon after is about it)
const OPEN_KEY = "paxpamir.chatOpen";
const SEEN_KEY = "paxpamir.seen";

let open = true;
try { open = localStorage.getItem(OPEN_KEY) !== "0"; } catch (e) { /* private mode */ }

// This browser saw the game up to this seq and this many chat lines (the lobby marks news against it).
export function markSeen() {
  const state = session.state;
  if (!state || !session.gameId) return;
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN_KEY) || "{}");
    const was = seen[session.gameId] || {};
    seen[session.gameId] = { seq: Math.max(state.seq, was.seq || 0), chat: Math.max(total, was.chat || 0), when: Date.now() };
    localStorage.setItem(SEEN_KEY, JSON.stringify(seen));
  } catch (e) { /* private mode */ }
}

export function takeHistory(m) {
  lines = (m.messages || []).slice();
  total = Math.max(m.total || 0, lines.length);
  drawChat();
  markSeen();
}

// The lines said at the table in the last moment (a chat_lines message: one or more, in order), drawn at once.
export function takeLines(messages) {
  let mine = false;
  let others = 0;
  for (const m of messages || []) {
    if (lines.some((l) => l.id === m.id)) continue;
    lines.push(m);
    total += 1;
    if (session.state && m.role === session.state.role && m.seat === session.state.seat) mine = true;
    else others += 1;
  }
  if (!mine && !others) return;
  if (mine) { pending = 0; $("chat-error").textContent = ""; }
  const list = $("chat");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
  drawChat(atBottom || mine);
  if (others && !inSight()) { unread += others; showUnread(); }
  markSeen();
}

// Is the newest line in view now? (open, scrolled to the end, on screen, the page visible)
function inSight() {
  const list = $("chat");
  if (!open || document.hidden || session.replay) return false;
  if (list.scrollHeight - list.scrollTop - list.clientHeight >= 8) return false;
  const r = list.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight && r.height > 0;
}
function seen() {
  if (unread && inSight()) { unread = 0; showUnread(); }
}
function showUnread() {
  const words = fmt(ngettext("{n} new", "{n} new", unread), { n: unread });
  $("chat-unread").hidden = !unread;
  $("chat-unread").textContent = words;
  const jump = $("chat-jump");
  jump.hidden = !unread;
  jump.textContent = fmt(_("Chat {n}"), { n: unread });
  jump.title = fmt(ngettext("{n} new line in the chat", "{n} new lines in the chat", unread), { n: unread });
  jump.setAttribute("aria-label", jump.title);
  document.body.dataset.unread = String(unread);
}

function time(at) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
}

function line(m) {
  const who = m.role === "seat" && m.seat !== null && m.seat !== undefined
    ? el("span", { class: `pc pc${m.seat}`, text: String(m.seat + 1), "aria-hidden": "true" }) : null;
  const name = m.role === "seat" ? m.name : fmt(_("{name} (watching)"), { name: m.name || _("spectator") });
  const d = new Date(m.at);
  return el("li", { "data-chat": m.id, "data-seq": m.seq, class: m.role !== "seat" ? "watcher" : "" },
    el("span", { class: "chat-head" }, who, el("b", { class: "chat-name", text: name }), " ",
      el("time", { class: "chat-time", datetime: m.at, title: Number.isNaN(d.getTime()) ? "" : d.toLocaleString(lang), text: time(m.at) })),
    " ", el("span", { class: "chat-text", text: m.text }));
}

// May this page write? Seats always; spectators where the game allows it; the creator reads.
function mayWrite() {
  const state = session.state;
  if (!state) return false;
  if (state.role === "seat") return true;
  return state.role === "spectator" && state.spectator_chat === true;
}

export function drawChat(scroll) {
  const list = $("chat");
  if (scroll === undefined) scroll = !!session.replay || list.scrollHeight - list.scrollTop - list.clientHeight < 8;
  const replay = session.replay;
  const shown = replay ? lines.filter((l) => l.seq <= replay.at) : lines;
  const keep = list.scrollTop;
  list.replaceChildren(...shown.map(line));
  if (!shown.length) list.append(el("li", { class: "meta empty", text: replay ? _("Nothing was said by this step.") : _("Nothing said yet.") }));
  if (scroll) list.scrollTop = list.scrollHeight; else list.scrollTop = keep;
  const write = mayWrite() && !replay;
  $("chat-form").hidden = !write;
  const note = $("chat-note");
  note.hidden = write;
  note.textContent = replay ? fmt(_("Replay: the lines said up to step {at}."), { at: replay.at })
    : (session.state && session.state.role === "creator" ? _("The creator's link reads the chat.") : _("Spectators read the chat; only the players write in it."));
  document.body.dataset.chatLines = String(shown.length);
  setOpen(open);
}

function setOpen(on) {
  open = on;
  $("chat-toggle").setAttribute("aria-expanded", String(on));
  $("chat-body").hidden = !on;
  $("chat-area").classList.toggle("collapsed", !on);
  try { localStorage.setItem(OPEN_KEY, on ? "1" : "0"); } catch (e) { /* private mode */ }
  if (on) requestAnimationFrame(seen);
}

// An error the server sent: about the chat (shown under its input) or not (false).
export function chatError(m) {
  const recent = Date.now() - pending < 5000;
  if (m.code === "bad_chat" || m.code === "rate_limited" && recent || m.code === "forbidden" && recent) {
    $("chat-error").textContent = m.code === "rate_limited" ? _("Slow down: a few lines a second at most.")
      : m.code === "forbidden" ? _("This link may not write in this game's chat.") : m.message;
    return true;
  }
  return false;
}

$("chat-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  if (text.length > 500) { $("chat-error").textContent = _("A line holds at most 500 characters."); return; }
  $("chat-error").textContent = "";
  if (!session.send({ type: "chat", text })) { $("chat-error").textContent = _("Not connected: your line was not sent; send it again once the table is back."); return; }
  pending = Date.now();
  input.value = "";
});
$("chat-toggle").onclick = () => setOpen(!open);
document.addEventListener("scroll", seen, { capture: true, passive: true });
document.addEventListener("visibilitychange", seen);
$("chat-jump").onclick = () => {
  setOpen(true);
  const list = $("chat");
  list.scrollTop = list.scrollHeight;
  $("chat-area").scrollIntoView({ block: "nearest" });
  requestAnimationFrame(seen);
  $("chat-input").focus({ preventScroll: true });
};
