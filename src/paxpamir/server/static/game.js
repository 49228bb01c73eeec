// The game page: the whole table drawn from this page's view model, kept live by the websocket
// (docs/server-protocol.md). The page decides no rule: what can be clicked comes from the model's legal
// options grouped by target ("targets"); a click sends one of those options as it is. Each part of the table
// is drawn by the module named after it: map, card, market, court, players, log, decision, replay, results,
// preferences (connection: the websocket and the API).
import { _, fmt, lang, languageMenu, preferredLanguage, setLanguage, translatePage } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";
import { drawDecision } from "./decision.js";
import { drawInfo, drawMap } from "./map.js";
import { drawMarket } from "./market.js";
import { drawPlayers } from "./players.js";
import { drawCourts, drawHand } from "./court.js";
import { drawLog } from "./log.js";
import { showResults } from "./results.js";
import { connect, refresh, send } from "./connection.js";
import { animationMs, apply as applyPrefs, drawPreferences } from "./preferences.js";
import { hideZoom, takeLeaving } from "./card.js";
import "./replay.js";
import { drawChat } from "./chat.js";
import { botPlaysMySeat, drawClock, drawRematch } from "./friends.js";
import { drawAnalysisMark } from "./analysis.js";
import { drawReviewTools } from "./review.js";
import { drawTutorial, startTutorial } from "./tutorial.js";
import { drawWakhanTeach } from "./wakhan_teach.js";
import { linkRules } from "./ruleslinks.js";

function render() {
  const model = session.model;
  if (!model) return;
  performance.mark("pamir-render-start");
  const state = session.state;
  const replay = session.replay;
  const over = model.over;
  const names = model.names;
  let title;
  if (over) title = fmt(_("Game over: {players} won"), { players: model.winners.map((w) => names[w]).join(", ") });
  else if (model.your_decision && !botPlaysMySeat()) title = _("Your turn");
  else title = model.to_move !== null ? fmt(_("{player} to decide"), { player: names[model.to_move] }) : "";
  if (!replay) document.title = `${title} — Pax Pamir`;
  $("heading").textContent = replay ? fmt(_("Replay: step {at} of {n}"), { at: replay.at, n: state.seq }) : title;
  if (state) $("status").textContent = state.role === "seat" ? fmt(_("You: {player} (seat {n})"), { player: names[state.seat], n: state.seat + 1 }) : _("Watching (public view)");
  hideZoom();
  const letGo = replay ? () => {} : takeLeaving(model, session.previous, animationMs());  // discarded cards
  drawDecision(); drawMap(); drawInfo(); drawMarket(); drawPlayers(); drawHand(); drawCourts(); drawLog(); drawChat(); drawClock(); drawRematch();
  drawAnalysisMark(); drawReviewTools();
  letGo();
  drawTutorial(); drawWakhanTeach(); linkRules();  // the guided game, Wakhan explained, links to the rules
  $("me").hidden = !state || state.role !== "seat";
  if (state && state.role === "seat" && document.activeElement !== $("name") && !$("name").dataset.dirty) $("name").value = state.players[state.seat].name;
  drawCreatorLinks();
  if (over && !replay) showResults(); else $("results").hidden = true;
  // For tests and tools: what is drawn now.
  Object.assign(document.body.dataset, { seq: String(model.replay_at ?? model.server_seq), yours: model.your_decision && !replay && !botPlaysMySeat() ? "1" : "0",
    over: over ? "1" : "0", decision: model.decision || "", replay: replay ? String(replay.at) : "", as: String(model.seat ?? "public") });
  session.previous = model;  // drawn: a second drawing of the same model animates nothing
  performance.mark("pamir-render-end");
  performance.measure("pamir-render", "pamir-render-start", "pamir-render-end");
  // From the state message's arrival to the table drawn (tools/bench_board.py reads these).
  if (performance.getEntriesByName("pamir-state-in").length) {
    performance.measure("pamir-update", "pamir-state-in", "pamir-render-end");
    performance.clearMarks("pamir-state-in");
  }
}
session.render = render;

// The creator may issue a new link for a seat or the spectators (the old one stops working).
function drawCreatorLinks() {
  const state = session.state;
  $("links").hidden = !state || state.role !== "creator";
  if (!state || state.role !== "creator" || $("link-buttons").children.length) return;
  const targets = [...state.players.filter((p) => p.kind === "human").map((p) => [p.seat, p.name]), [null, _("spectators")]];
  $("link-buttons").replaceChildren(...targets.map(([seat, name]) => el("button", { type: "button", text: fmt(_("New link for {name}"), { name }), onclick: () => newLink(seat, name) })));
}
async function newLink(seat, name) {
  const response = await fetch(`/api/games/${encodeURIComponent(session.gameId)}/links`, {
    method: "POST", headers: { Authorization: `Bearer ${session.token}` }, body: JSON.stringify(seat === null ? {} : { seat }),
  });
  const data = await response.json();
  $("new-links").append(el("li", { text: response.ok ? `${name}: ${data.url}` : data.message }));
}

$("undo").onclick = () => session.model && send({ type: "undo", seq: session.model.server_seq });
// Your seat: only what you changed is sent (the server never tells the page your webhook, so an untouched
// webhook field keeps the webhook you set; a cleared one removes it).
$("name").oninput = () => { $("name").dataset.dirty = "1"; };
$("webhook").oninput = () => { $("webhook").dataset.dirty = "1"; };
$("save").onclick = () => {
  const state = session.state;
  const message = { type: "seat" };
  const name = $("name").value.trim();
  if (name && state && name !== state.players[state.seat].name) message.name = name;
  if ($("webhook").dataset.dirty) message.webhook = $("webhook").value.trim() || null;
  if (Object.keys(message).length === 1) return;
  send(message);
  delete $("name").dataset.dirty;
  delete $("webhook").dataset.dirty;
  $("saved").textContent = "webhook" in message && message.webhook === null ? _("Saved; webhook removed.") : _("Saved.");
};
document.addEventListener("keydown", (ev) => {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT" || !session.model || session.replay) return;
  if (ev.key === "u" && !$("undo").hidden) $("undo").click();
  if (ev.key === "Escape") hideZoom();
});
$("prefs-toggle").onclick = () => { drawPreferences(); $("prefs").showModal(); };
$("prefs").addEventListener("close", () => session.render());
let resizeTimer = null;
addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => { session.previous = null; render(); }, 150); });

// The language: the browser's (or the one chosen before); the menu in the top bar switches it at once.
function loadCards() {
  return fetch(`/api/cards?lang=${lang}`).then((r) => r.json()).then((d) => { session.cards = d.cards; if (session.model) render(); }).catch(() => {});
}
applyPrefs();
await setLanguage(preferredLanguage()).catch(() => setLanguage("en"));
$("topbar-tools").append(languageMenu(() => {
  translatePage();
  loadCards();
  send({ type: "lang", lang });  // the server sends the whole state again, its texts in the new language
  refresh();
}));

// On a phone the top bar keeps two rows: the title, then the marks and as many tools as fit; the tools that do not
// fit go, in their order, into the "More" menu (nothing is left off screen, nothing scrolls sideways).
const PHONE = matchMedia("(max-width: 760px)");
function menuOpen() { return !$("tools-menu").hidden; }
function showMenu(open) {
  $("tools-menu").hidden = !open;
  $("tools-more").setAttribute("aria-expanded", String(open));
  if (!open) fitTopbar();
}
function fitTopbar() {
  if (menuOpen()) return;  // refitted when it closes (moving a focused tool would lose the focus)
  const row = $("topbar-row"), tools = $("topbar-tools"), menu = $("tools-menu");
  tools.append(...menu.children);
  row.classList.remove("folded", "squeeze");
  if (!PHONE.matches) return;
  const fits = () => row.scrollWidth <= row.clientWidth + 1;
  if (fits()) return;
  row.classList.add("folded");
  const items = [...tools.children];
  for (let i = items.length - 1; i >= 0 && !fits(); i--) menu.prepend(items[i]);
  if (!fits()) row.classList.add("squeeze");  // the marks alone are too wide: the long one wraps
}
let fitPending = false;
function fitSoon() {
  if (fitPending) return;
  fitPending = true;
  requestAnimationFrame(() => { fitPending = false; fitTopbar(); });
}
$("tools-more").onclick = (ev) => { ev.stopPropagation(); showMenu(!menuOpen()); };
// A tool taken from the menu closes it (the language menu once a language is chosen).
$("tools-menu").addEventListener("click", (ev) => { if (ev.target.closest("button, a")) showMenu(false); });
$("tools-menu").addEventListener("change", () => showMenu(false));
document.addEventListener("click", (ev) => { if (menuOpen() && !ev.target.closest("#tools-menu")) showMenu(false); });
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && menuOpen()) { showMenu(false); $("tools-more").focus(); }
});
// Marks, labels or tools that appear, change or hide (a new state, another language) may change what fits.
new MutationObserver((records) => {
  const moved = [$("topbar-tools"), $("tools-menu"), $("tools-more"), $("topbar-row")];
  if (records.some((r) => !moved.includes(r.target))) fitSoon();
}).observe($("topbar"), { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
addEventListener("resize", fitSoon);
PHONE.addEventListener("change", fitSoon);
if (document.fonts) document.fonts.ready.then(fitSoon);
fitTopbar();

if (!session.token) $("heading").textContent = _("Open this page with the link you were given (it ends in #…).");
else {
  loadCards();
  connect();
  startTutorial();
}
