// The lobby: create a game through the JSON API, show every link, remember this browser's games, join by link.
import { _, fmt, lang, languageMenu, ngettext, preferredLanguage, setLanguage } from "./i18n.js";
import { beginTutorial, unfinishedTutorial } from "./tutorial.js";

const $ = (id) => document.getElementById(id);
const seats = $("seats");
let kinds = { human: "a person" };
const STORE = "paxpamir.games";

function addSeat(kind) {
  if (seats.children.length >= 5) return;
  const n = seats.children.length + 1;
  const row = document.createElement("div");
  row.className = "seat";
  const select = document.createElement("select");
  select.setAttribute("aria-label", fmt(_("Seat {n} kind"), { n }));
  for (const [k, text] of Object.entries(kinds)) {
    const o = document.createElement("option");
    o.value = k; o.textContent = `${k} — ${text}`; o.selected = k === kind;
    select.append(o);
  }
  const name = document.createElement("input");
  name.placeholder = fmt(_("Player {n}"), { n });
  name.setAttribute("aria-label", fmt(_("Seat {n} name"), { n }));
  row.append(fmt(_("Seat {n}: "), { n }), select, " " + _("name") + " ", name);
  seats.append(row);
  select.onchange = showWakhanChoices;
  showWakhanChoices();
}

// Wakhan's variants are asked only when a seat is Wakhan.
function showWakhanChoices() {
  $("wakhan-variants").hidden = ![...seats.querySelectorAll("select")].some((s) => s.value === "wakhan");
}

const VARIANTS = ["savvy_purchasing", "spy_movement", "steadfast_loyalty"];
// The Wakhan variants chosen: a preset ticks its boxes; ticking a box by hand makes the choice custom.
function chosenVariants(form) {
  return VARIANTS.filter((v) => form[v].checked);
}
function syncVariants() {
  const form = $("create");
  const preset = form.wakhan_preset.value;
  if (preset !== "custom") for (const v of VARIANTS) form[v].checked = preset === "improved";
}
$("create").wakhan_preset.onchange = syncVariants;
for (const v of VARIANTS) $("create")[v].onchange = () => {
  const form = $("create");
  const on = chosenVariants(form).length;
  form.wakhan_preset.value = on === 0 ? "rulebook" : on === VARIANTS.length ? "improved" : "custom";
};

$("add").onclick = () => addSeat("random");
$("remove").onclick = () => { if (seats.children.length > 2) seats.lastChild.remove(); showWakhanChoices(); };

function item(label, url) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = url; a.textContent = url;
  li.append(`${label}: `, a);
  return li;
}

function remembered() {
  try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
}
function remember(entry) {
  try {
    const games = remembered().filter((g) => g.url !== entry.url);
    games.unshift(entry);
    localStorage.setItem(STORE, JSON.stringify(games.slice(0, 30)));
  } catch (e) { /* nothing remembered in private mode */ }
}
// What this browser last saw of each game (the game page keeps it): {game: {seq, chat}}.
function seenGames() {
  try { return JSON.parse(localStorage.getItem("paxpamir.seen") || "{}"); } catch (e) { return {}; }
}
const tokenOf = (url) => { try { return decodeURIComponent(new URL(url, location.href).hash.slice(1)); } catch (e) { return ""; } };
let status = {};  // url -> the answer of POST /api/status for that link

// Where each remembered game stands (POST /api/status with this browser's links): whose turn, over, news.
async function loadStatus() {
  const games = remembered().filter((g) => g.game && tokenOf(g.url)).slice(0, 50);
  if (!games.length) return;
  try {
    const r = await fetch(`/api/status?lang=${lang}`, { method: "POST", body: JSON.stringify({ links: games.map((g) => ({ game: g.game, token: tokenOf(g.url) })) }) });
    if (!r.ok) return;
    const answers = (await r.json()).games;
    status = {};
    games.forEach((g, i) => { if (answers[i]) status[g.url] = answers[i]; });
    $("mine-status").textContent = "";
  } catch (e) { $("mine-status").textContent = _("The server could not say where your games stand."); }
  showMine();
}
function mark(text, cls, title) {
  const span = document.createElement("span");
  span.className = `mark ${cls}`; span.textContent = text;
  if (title) span.title = title;
  return span;
}

function showMine() {
  const list = $("mine");
  const games = remembered();
  const seen = seenGames();
  list.replaceChildren();
  if (!games.length) { const li = document.createElement("li"); li.textContent = _("No games yet."); list.append(li); return; }
  for (const g of games) {
    const label = g.label === "creator" ? _("creator") : (g.label || _("game"));
    const which = fmt(_("(game {id})"), { id: g.game });
    const st = status[g.url];
    const title = st && !st.error ? st.title : g.title;
    const li = item(`${label}${title ? ` — ${title}` : ""} ${which}`, g.url);
    li.dataset.game = g.game;
    if (st && st.error) li.append(" ", mark(_("this link opens nothing any more"), "gone"));
    else if (st) {
      const was = seen[g.game];
      const moves = was ? st.seq - (was.seq || 0) : 0;
      const lines = was ? st.chat - (was.chat || 0) : 0;
      if (st.your_turn) { li.classList.add("your-turn"); li.append(" ", mark(_("your turn"), "turn")); }
      if (st.over) li.append(" ", mark(_("over"), "over"));
      if (st.rematch) li.append(" ", mark(_("rematch ready"), "rematch"));
      if (moves > 0 || lines > 0) {
        const parts = [];
        if (moves > 0) parts.push(fmt(ngettext("{n} new move", "{n} new moves", moves), { n: moves }));
        if (lines > 0) parts.push(fmt(ngettext("{n} new chat line", "{n} new chat lines", lines), { n: lines }));
        li.classList.add("news");
        li.append(" ", mark("● " + _("news"), "news", parts.join(", ")), " ", mark(parts.join(", "), "news-detail"));
      }
    }
    const forget = document.createElement("button");
    forget.type = "button"; forget.textContent = _("Forget");
    forget.onclick = () => { localStorage.setItem(STORE, JSON.stringify(remembered().filter((x) => x.url !== g.url))); showMine(); };
    li.append(" ", forget);
    list.append(li);
  }
}

$("create").onsubmit = async (ev) => {
  ev.preventDefault();
  const form = ev.target;
  const spec = {
    seats: [...seats.children].map((row) => {
      const [select, name] = row.querySelectorAll("select, input");
      return name.value.trim() ? { kind: select.value, name: name.value.trim() } : { kind: select.value };
    }),
    open_hands: form.open_hands.checked,
    bot_delay: Number(form.bot_delay.value || 0),
  };
  const clock = form.clock.value === "minutes" ? Math.round(Number(form.clock_minutes.value || 0) * 60) : Number(form.clock.value || 0);
  if (clock) spec.clock = clock;
  if (form.spectator_chat.checked) spec.spectator_chat = true;
  if (form.hints.checked) spec.hints = true;
  if (spec.seats.some((s) => s.kind === "wakhan")) spec.wakhan_variants = chosenVariants(form);
  if (form.seed.value !== "") spec.seed = Number(form.seed.value);
  const response = await fetch(`/api/games?lang=${lang}`, { method: "POST", body: JSON.stringify(spec) });
  const data = await response.json();
  const error = $("error");
  if (!response.ok) { error.textContent = data.message; return; }
  error.textContent = "";
  const list = $("link-list");
  list.replaceChildren(item(_("Creator (watch, issue new links)"), data.creator.url), item(_("Spectators"), data.spectator.url));
  if (data.secret_deck === false) {
    const note = document.createElement("li");
    note.id = "not-secret";
    note.textContent = _("You chose the seed: whoever knows it knows the deck, and the game tells every player so.");
    list.prepend(note);
  }
  remember({ url: data.creator.url, game: data.game, label: "creator", when: Date.now() });
  let first = null;
  for (const s of data.seats) if (s.url) {
    list.append(item(fmt(_("Seat {n} ({name})"), { n: s.seat + 1, name: s.name }), s.url));
    if (first === null) first = s;
  }
  if (first) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = first.url; a.id = "play-first"; a.textContent = fmt(_("Play as {name} now"), { name: first.name });
    li.append(a);
    list.prepend(li);
    a.focus();
  }
  $("links").hidden = false;
  showMine();
};

// Learn to play: a guided game of a fixed deal against Wakhan (POST /api/tutorial); its steps are kept here.
// While one is unfinished, "Continue" is the main button and starting a new one asks first (it would replace it).
async function startTutorial() {
  const response = await fetch(`/api/tutorial?lang=${lang}`, { method: "POST", body: "{}" });
  const data = await response.json();
  if (!response.ok) { $("error").textContent = data.message; return; }
  const seat = data.seats.find((s) => s.url);
  beginTutorial(data.game, seat.url);
  location.href = seat.url;
}
$("learn-start").onclick = () => {
  if (unfinishedTutorial()) $("learn-ask").showModal();
  else startTutorial();
};
$("learn-ask").onclose = () => { if ($("learn-ask").returnValue === "new") startTutorial(); };
function showResume() {
  const open = unfinishedTutorial();
  const link = $("learn-resume");
  const start = $("learn-start");
  link.hidden = !open;
  $("learn").classList.toggle("resuming", !!open);
  start.textContent = open ? _("Start a new guided game") : _("Start the guided game");
  if (open) { link.href = open.url; link.textContent = _("Continue your guided game"); }
}

$("join").onsubmit = (ev) => {
  ev.preventDefault();
  const raw = $("join-url").value.trim();
  if (!raw) return;
  try {
    const url = new URL(raw, location.href);
    if (!url.pathname.startsWith("/g/") || !url.hash) throw new Error("not a game link");
    location.href = url.href;
  } catch (e) { $("error").textContent = _("That is not a game link (it looks like …/g/<game>#<token>)."); }
};

// The seat kinds, described in the page's language; switching the language redraws the seats' menus.
async function loadKinds() {
  const response = await fetch(`/api/kinds?lang=${lang}`);
  kinds = (await response.json()).kinds;
  for (const select of seats.querySelectorAll("select")) {
    for (const o of select.options) if (o.value in kinds) o.textContent = `${o.value} — ${kinds[o.value]}`;
  }
}
function relabelSeats() {
  [...seats.children].forEach((row, i) => {
    const n = i + 1;
    const [select, name] = row.querySelectorAll("select, input");
    select.setAttribute("aria-label", fmt(_("Seat {n} kind"), { n }));
    name.placeholder = fmt(_("Player {n}"), { n });
    name.setAttribute("aria-label", fmt(_("Seat {n} name"), { n }));
    row.firstChild.textContent = fmt(_("Seat {n}: "), { n });
    select.nextSibling.textContent = " " + _("name") + " ";
  });
}
await setLanguage(preferredLanguage()).catch(() => setLanguage("en"));
document.querySelector(".lobby-head").append(languageMenu(async () => { showResume(); await loadKinds(); relabelSeats(); showMine(); loadStatus(); }));
await loadKinds();
showResume();
addSeat("human"); addSeat("random"); addSeat("random");
showMine();
loadStatus();
addEventListener("focus", loadStatus);
$("create").clock.onchange = () => { $("clock-minutes-label").hidden = $("create").clock.value !== "minutes"; };
