// The game page: the whole table drawn from the server's view model (GET /api/games/{id}/model), kept live by
// the websocket (docs/server-protocol.md). The page decides no rule: what can be clicked comes from the model's
// legal options grouped by target ("targets"); a click sends one of those options as it is.
import { _, fmt, lang, languageMenu, ngettext, preferredLanguage, setLanguage, translatePage } from "./i18n.js";

const gameId = location.pathname.split("/").pop();
const token = decodeURIComponent(location.hash.slice(1));
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const COALITIONS = ["afghan", "british", "russian"];
const LETTER = { afghan: "A", british: "B", russian: "R" };
const SUIT_NAME = { political: _("Political"), intelligence: _("Intelligence"), economic: _("Economic"), military: _("Military") };
const ACTION_NAME = { tax: _("Tax"), gift: _("Gift"), build: _("Build"), move: _("Move"), betray: _("Betray"), battle: _("Battle") };
const COALITION_NAME = { afghan: _("Afghan"), british: _("British"), russian: _("Russian") };
// The tables above hold English until the language is chosen; these give the current language.
const suitName = (s) => _(SUIT_ENGLISH[s] || s);
const actionName = (a) => _(ACTION_ENGLISH[a] || a);
const coalitionName = (c) => _(COALITION_ENGLISH[c] || c);
const SUIT_ENGLISH = { ...SUIT_NAME };
const ACTION_ENGLISH = { ...ACTION_NAME };
const COALITION_ENGLISH = { ...COALITION_NAME };

// The board's geography (north at the top): region outlines, label spots, and a spot on each border for roads.
const REGION_SHAPES = {
  transcaspia: [[0, 0], [600, 0], [600, 120], [0, 120]],
  persia: [[0, 120], [170, 120], [170, 400], [0, 400]],
  herat: [[170, 120], [340, 120], [340, 250], [250, 262], [200, 400], [170, 400]],
  kabul: [[340, 120], [600, 120], [600, 220], [470, 232], [340, 250]],
  kandahar: [[340, 250], [470, 232], [430, 400], [200, 400], [250, 262]],
  punjab: [[470, 232], [600, 220], [600, 400], [430, 400]],
};
const REGION_FILL = { transcaspia: "#d8c99a", persia: "#e3cf9c", herat: "#cfd6a0", kabul: "#e6c7a0", kandahar: "#dcc08a", punjab: "#c9d8a8" };
const REGION_LABEL = { transcaspia: [300, 22], persia: [85, 145], herat: [255, 145], kabul: [470, 145], kandahar: [330, 290], punjab: [530, 262] };
const BORDER_SPOT = {
  "herat-kabul": [340, 190], "herat-kandahar": [226, 330], "herat-persia": [170, 270], "herat-transcaspia": [255, 120],
  "kabul-kandahar": [405, 241], "kabul-punjab": [535, 226], "kabul-transcaspia": [470, 120],
  "kandahar-punjab": [452, 316], "persia-transcaspia": [85, 120],
};

let state = null;      // the last websocket "state" message
let model = null;      // the view model drawn now
let cards = {};        // every card's facts and reference text (GET /api/cards)
let socket = null;
let retry = 500;
let replay = null;     // {at, as} while the replay viewer is open
let stats = null;
let fetching = 0;

const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};
const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};
const playerChip = (p) => el("span", { class: `pc pc${p}`, title: model ? model.names[p] : fmt(_("Seat {n}"), { n: p + 1 }), text: String(p + 1) });
const coalBadge = (c) => el("span", { class: `badge coal-${c}`, title: coalitionName(c), text: LETTER[c] });
const cardName = (n) => (cards[n] || (model && model.cards[n]) || { name: fmt(_("Card {n}"), { n }) }).name;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}
function choose(index) {
  if (!model || replay) return;
  const o = model.options[index];
  if (!o) return;
  if (o.kind === "end_turn" && model.actions_used < 2 && model.options.some((x) => x.kind !== "end_turn")) {
    const left = 2 - model.actions_used;
    $("confirm-text").textContent = fmt(ngettext("You have {n} action left. End your turn anyway?", "You have {n} actions left. End your turn anyway?", left), { n: left });
    $("confirm").returnValue = "";
    $("confirm").showModal();
    $("confirm").onclose = () => { if ($("confirm").returnValue === "yes") send({ type: "move", seq: model.server_seq, option: o.option }); };
    return;
  }
  send({ type: "move", seq: model.server_seq, option: o.option });
}
// A click on a target: one option is taken at once; several are offered in a small chooser.
function chooseAmong(indices, title) {
  if (!indices || !indices.length) return;
  if (indices.length === 1) { choose(indices[0]); return; }
  $("chooser-title").textContent = title;
  $("chooser-options").replaceChildren(...indices.map((i) => el("button", {
    type: "button", text: named(model.options[i].label), "data-kind": model.options[i].kind,
    onclick: () => { $("chooser").close(); choose(i); },
  })));
  $("chooser").showModal();
}
const targetsOf = (group, key) => (model && !replay && model.targets[group][String(key)]) || null;
function makeTarget(node, indices, title) {
  if (!indices) return;
  node.classList.add("target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", `${title}: ${indices.map((i) => model.options[i].label).join(" / ")}`);
  const go = (ev) => { ev.stopPropagation(); chooseAmong(indices, title); };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(ev); } });
}

// ------------------------------------------------------------------------------------------------ cards

function cardBox(n, extra = {}) {
  const c = cards[n] || (model && model.cards[n]);
  const box = el("div", { class: "card", "data-card": n });
  if (!c) { box.append(el("span", { class: "name", text: fmt(_("Card {n}"), { n }) })); return box; }
  if (c.kind === "court") {
    box.append(el("div", { class: `bar bg-${c.suit}` }));
    box.append(el("span", { class: "name", text: c.name }));
    const stars = "★".repeat(c.rank);
    box.append(el("span", { class: "meta" }, `${c.region[0].toUpperCase()}${c.region.slice(1)} · `,
      el("span", { class: `suit-${c.suit}`, title: fmt(_("{suit}, rank {rank}"), { suit: suitName(c.suit), rank: c.rank }), text: `${suitName(c.suit)} ${stars}` })));
    const row = el("div", { class: "row" });
    for (const a of c.actions) {
      const usable = extra.usable && extra.usable.includes(a);
      const b = el("span", { class: `act${usable ? " usable" : ""}`, text: actionName(a), title: fmt(_("{action} action"), { action: actionName(a) }) });
      if (usable && extra.actionIndex) {
        const idx = extra.actionIndex(a);
        if (idx !== null) makeTarget(b, [idx], fmt(_("{action} with {card}"), { action: actionName(a), card: c.name }));
      }
      row.append(b);
    }
    if (c.patriot) row.append(el("span", { class: "meta", text: _("patriot") }), coalBadge(c.patriot));
    if (c.prize) row.append(el("span", { class: "meta", text: _("prize") }), coalBadge(c.prize));
    box.append(row);
    if (c.ability) box.append(el("span", { class: "meta", title: c.ability_text, text: `✦ ${c.ability_text.split(/[.:;]/)[0].slice(0, 40)}` }));
  } else {
    box.classList.add(c.kind === "dominance_check" ? "dominance" : "event");
    box.append(el("span", { class: "name", text: c.name }));
    box.append(el("span", { class: "meta", text: c.kind === "dominance_check" ? _("Dominance Check") : _("Event") }));
    box.append(el("span", { class: "meta evtext", title: fmt(_("If purchased: {text}"), { text: c.if_purchased }) + "\n" + fmt(_("If discarded: {text}"), { text: c.if_discarded }), text: fmt(_("Bought: {text}"), { text: (c.if_purchased || "").slice(0, 60) }) }));
  }
  // Any card that is not a legal target opens its full reference when clicked.
  box.addEventListener("click", () => { if (!box.classList.contains("target")) showCard(n); });
  box.append(el("button", { type: "button", class: "info", text: "i", "aria-label": fmt(_("Reference: {card}"), { card: c.name }),
    onclick: (ev) => { ev.stopPropagation(); showCard(n); } }));
  return box;
}
function showCard(n) {
  const c = cards[n] || model.cards[n];
  const body = $("cardref-body");
  body.replaceChildren(el("h3", { text: `${c.name} (${n})` }));
  const lines = c.text || [];
  if (lines.length) for (const line of lines) body.append(el("p", { text: line }));
  else if (c.kind === "court") body.append(el("p", { text: `${c.region}, ${suitName(c.suit)} ${c.rank}; ${c.ability_text || ""}` }));
  else body.append(el("p", { text: fmt(_("If purchased: {text}"), { text: c.if_purchased }) }), el("p", { text: fmt(_("If discarded: {text}"), { text: c.if_discarded }) }));
  $("cardref").showModal();
}

// ------------------------------------------------------------------------------------------------ map

function drawMap() {
  const map = $("map");
  map.replaceChildren();
  const legal = (g, k) => targetsOf(g, k);
  for (const [name, pts] of Object.entries(REGION_SHAPES)) {
    const r = model.regions[name];
    const poly = svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), class: "region", fill: REGION_FILL[name], "data-region": name });
    // What a screen reader (or a hover) tells about the region: ruler, armies, tribes.
    const armies = COALITIONS.filter((c) => r.armies[c]).map((c) => fmt(ngettext("{n} army ({coalition})", "{n} armies ({coalition})", r.armies[c]), { n: r.armies[c], coalition: coalitionName(c) }));
    const tribes = r.tribes.map((n, p) => (n ? fmt(ngettext("{n} tribe of {player}", "{n} tribes of {player}", n), { n, player: model.names[p] }) : "")).filter(Boolean);
    const title = svg("title");
    const ruledBy = r.ruler === null ? _("no ruler") : fmt(_("ruled by {player}"), { player: model.names[r.ruler] });
    const pieces = [...armies, ...tribes].join(", ") || _("empty");
    title.textContent = `${r.title}: ${ruledBy}; ${pieces}`;
    poly.append(title);
    map.append(poly);
    const idx = legal("regions", name);
    if (idx) makeTarget(poly, idx, r.title);
    const [lx, ly] = REGION_LABEL[name];
    const label = svg("text", { x: lx, y: ly, class: "region-name", "text-anchor": "middle" });
    label.textContent = r.title.toUpperCase();
    map.append(label);
    const ruler = svg("text", { x: lx, y: ly + 15, class: "ruler-text", "text-anchor": "middle" });
    const rulerName = r.ruler === null ? "" : model.names[r.ruler];
    ruler.textContent = r.ruler === null ? _("no ruler") : `♛ ${rulerName.length > 14 ? `${rulerName.slice(0, 13)}…` : rulerName} (${r.ruler + 1})`;
    if (r.ruler !== null) { const rt = svg("title"); rt.textContent = fmt(_("{region} is ruled by {player}"), { region: r.title, player: rulerName }); ruler.append(rt); }
    map.append(ruler);
    // Armies (squares with the coalition's letter) then tribes (circles with the seat number).
    let x = lx - 60, y = ly + 36;
    const step = () => { x += 24; if (x > lx + 50) { x = lx - 60; y += 24; } };
    for (const c of COALITIONS) for (let i = 0; i < r.armies[c]; i++) {
      map.append(svg("rect", { x: x - 10, y: y - 10, width: 20, height: 20, fill: `var(--${c})`, stroke: "#000", "data-army": c }));
      const t = svg("text", { x, y, class: "piece-text", fill: c === "afghan" ? "#fff" : "#000" }); t.textContent = LETTER[c]; map.append(t);
      step();
    }
    r.tribes.forEach((count, p) => { for (let i = 0; i < count; i++) {
      map.append(svg("circle", { cx: x, cy: y, r: 10, fill: `var(--p${p})`, stroke: "#000", "data-tribe": p }));
      const t = svg("text", { x, y, class: "piece-text", fill: p === 2 ? "#000" : "#fff" }); t.textContent = String(p + 1); map.append(t);
      step();
    } });
  }
  // The victory-point track along the bottom, as round the printed board: a marker per player on their score.
  const cell = 600 / 24;
  for (let v = 0; v < 24; v++) {
    map.append(svg("rect", { x: v * cell, y: 402, width: cell, height: 36, fill: v % 2 ? "#efe4c4" : "#e4d6ae", stroke: "#9b8a63" }));
    const t = svg("text", { x: v * cell + cell / 2, y: 410, class: "piece-text", fill: "#6b5a3a" }); t.textContent = String(v); map.append(t);
  }
  const at = {};
  for (const p of model.players) {
    const v = Math.min(23, p.vp);
    const k = at[v] = (at[v] || 0) + 1;
    const shared = model.players.filter((q) => Math.min(23, q.vp) === v).length > 1;
    const cx = v * cell + cell / 2 + (shared ? [-6, 6, -6, 6, 0][k - 1] : 0);
    const cy = shared ? 420 + (k > 2 ? 10 : 0) : 424;
    map.append(svg("circle", { cx, cy, r: shared ? 6.5 : 8, fill: `var(--p${p.seat})`, stroke: "#000", "data-vp": p.seat }));
    const t = svg("text", { x: cx, y: cy, class: "piece-text", fill: p.seat === 2 ? "#000" : "#fff" }); t.textContent = String(p.seat + 1); map.append(t);
  }
  for (const [name, [bx, by]] of Object.entries(BORDER_SPOT)) {
    const b = model.borders[name];
    const roads = COALITIONS.flatMap((c) => Array(b.roads[c]).fill(c));
    const w = Math.max(22, roads.length * 15 + 6);
    const spot = svg("rect", { x: bx - w / 2, y: by - 9, width: w, height: 18, rx: 6, class: "border-spot", "data-border": name });
    const title = svg("title"); title.textContent = fmt(_("{border} border"), { border: b.title }); spot.append(title);
    map.append(spot);
    const idx = legal("borders", name);
    if (idx) makeTarget(spot, idx, fmt(_("{border} border"), { border: b.title }));
    roads.forEach((c, i) => {
      const rx = bx - w / 2 + 4 + i * 15;
      map.append(svg("rect", { x: rx, y: by - 6, width: 13, height: 12, fill: `var(--${c})`, stroke: "#000", "data-road": c }));
      const t = svg("text", { x: rx + 6.5, y: by, class: "piece-text", fill: c === "afghan" ? "#fff" : "#000" }); t.textContent = LETTER[c]; map.append(t);
    });
  }
}

// ------------------------------------------------------------------------------------------------ panels

function drawInfo() {
  const d = model.dominance;
  const chips = [
    el("span", { class: "chip" }, _("Favored suit: "), el("b", { class: `suit-${model.favored}`, text: suitName(model.favored) })),
    el("span", { class: "chip", text: fmt(ngettext("Deck: {n} card", "Deck: {n} cards", model.deck_size), { n: model.deck_size }) }),
    el("span", { class: "chip", text: fmt(_("Dominance Checks to come: {left} ({in_deck} in the deck)"), { left: d.left, in_deck: d.in_deck }) }),
    el("span", { class: "chip" }, _("Blocks on the map: "), ...COALITIONS.flatMap((c) => [coalBadge(c), ` ${d.blocks[c]} `])),
  ];
  if (d.dominant) chips.push(el("span", { class: "chip" }, _("Dominant now: "), coalBadge(d.dominant)));
  for (const e of model.effects) chips.push(el("span", { class: "chip", title: e.text, text: fmt(_("In force: {effect}"), { effect: e.name }) }));
  $("tableinfo").replaceChildren(...chips);
}

function drawMarket() {
  const m = $("market");
  m.replaceChildren();
  const cols = model.column_costs;
  for (let col = 0; col < 6; col++) m.append(el("div", { class: "cost", text: `${cols[col]} ₨` }));
  for (const slot of model.market) {
    let box;
    if (slot.card === null) box = el("div", { class: "card empty", text: _("vacant") });
    else {
      box = cardBox(slot.card);
      if (slot.rupees) box.append(el("span", { class: "rupee", text: fmt(_("+{n} ₨ on card"), { n: slot.rupees }) }));
      const seat = model.seat;
      if (seat !== null && slot.cost) box.append(el("span", { class: "meta", text: fmt(_("costs you {n}"), { n: slot.cost[seat] }) }));
      makeTarget(box, targetsOf("cards", slot.card), cardName(slot.card));
    }
    box.style.gridRow = String(slot.row + 2);
    box.style.gridColumn = String(slot.column + 1);
    m.append(box);
  }
}

function drawPlayers() {
  const wrap = $("players");
  wrap.replaceChildren();
  for (const p of model.players) {
    const inf = typeof p.influence === "object" ? COALITIONS.map((c) => `${LETTER[c]}${p.influence[c]}`).join(" ") : p.influence;
    const box = el("div", { class: `player${model.to_move === p.seat ? " to-move" : ""}`, "data-player": p.seat },
      el("div", { class: "head" }, playerChip(p.seat), el("span", { text: p.name + (state && p.seat === state.seat && state.role === "seat" ? _(" (you)") : (p.seat === model.seat ? _(" (viewing)") : "")) }),
        p.loyalty ? coalBadge(p.loyalty) : el("span", { class: "meta", text: _("loyal to all") }),
        model.to_move === p.seat ? el("span", { class: "meta", text: _("▶ to move") }) : null),
      el("div", { class: "stats" },
        el("span", { text: fmt(_("VP {n}"), { n: p.vp }) }), el("span", { class: "rupee", text: `₨ ${p.rupees}` }),
        el("span", { text: fmt(_("Hand {n}/{limit}"), { n: p.hand_size, limit: p.hand_limit }) }), el("span", { text: fmt(_("Court {n}/{limit}"), { n: p.court_size, limit: p.court_limit }) }),
        el("span", { text: fmt(_("Influence {n}"), { n: inf }) }), el("span", { text: fmt(_("Gifts {n}"), { n: p.gifts }) }),
        el("span", { text: fmt(_("Cylinders {n}"), { n: p.cylinders_in_supply }) }), el("span", { text: fmt(_("Prizes {n}"), { n: p.prizes.length }) })));
    makeTarget(box, targetsOf("players", p.seat), p.name);
    wrap.append(box);
  }
  const wk = model.wakhan;
  $("wakhan").hidden = !wk;
  if (wk) {
    const face = wk.ai_card_face;
    const back = wk.next_back;
    $("wakhan").replaceChildren(el("h2", { text: _("Wakhan's AI cards") }),
      el("p", { text: face ? fmt(_("Face up: AI card {n}"), { n: face.number }) : _("No AI card face up yet.") }),
      face ? el("ol", {}, ...face.actions.map((a) => el("li", { text: a.text }))) : null,
      face ? el("p", { text: fmt(_("Region order: {regions}. Loyalty order: {loyalty}."), { regions: face.region_order.map(capital).join(", "), loyalty: face.pragmatic_loyalty.map(coalitionName).join(", ") }) }) : null,
      back ? el("p", { text: fmt(_("Back of the next card: columns {columns}; rows {rows}"), { columns: back.column_numbers.map((c) => c + 1).join(" "), rows: back.row_side.map(arrowWords).join(" / ") }) }) : null,
      wk.arrows ? el("p", { text: fmt(_("Arrows: market column {column}, {row}"), { column: wk.arrows.column + 1, row: arrowWords(wk.arrows.row_side) }) }) : null,
      el("p", { text: fmt(_("AI deck: {n} cards. Blocks she uses now: {coalition}."), { n: wk.ai_deck_size, coalition: coalitionName(wk.pragmatic_loyalty) }) }),
      el("p", { text: wk.variants.length ? fmt(_("Variants: {variants}."), { variants: wk.variants.map((v) => v.title).join(", ") }) : _("Variants: none (the rulebook Wakhan).") }));
  }
}

// Where a red arrow points, as the board shows it (the terminal and Wakhan's reasons use the same words).
function arrowWords(side) {
  return side === "topLeft" ? _("top row, left end") : _("bottom row, right end");
}
function capital(name) {
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

function drawCourts() {
  const wrap = $("courts");
  wrap.replaceChildren(el("h2", { text: _("Courts") }));
  const sides = model.options.filter((o) => o.kind === "side");
  model.courts.forEach((court, p) => {
    const pl = model.players[p];
    const row = el("div", { class: "cards" });
    const side = (s) => sides.find((o) => o.option[1] === s);
    if (p === model.seat && side("left")) row.append(el("button", { type: "button", class: "sidebtn", text: _("◀ Left end"), onclick: () => choose(side("left").index) }));
    for (const cc of court) {
      const box = cardBox(cc.card, {
        usable: model.to_move === p ? cc.usable_actions : [],
        actionIndex: (a) => { const o = model.options.find((x) => x.kind === "action" && x.option[1] === cc.card && x.option[2] === a); return o ? o.index : null; },
      });
      if (cc.used) box.classList.add("used");
      if (cc.bonus && model.to_move === p) box.append(el("span", { class: "meta", title: _("Its actions are bonus actions now: they do not count against your two actions"), text: _("bonus actions") }));
      const spies = el("div", { class: "row" });
      cc.spies.forEach((n, q) => { for (let i = 0; i < n; i++) spies.append(el("span", { class: `pc pc${q}`, title: fmt(_("spy of {player}"), { player: model.names[q] }), "data-spy": q, text: `${q + 1}` })); });
      if (spies.children.length) box.append(el("span", { class: "meta", text: _("spies:") }), spies);
      if (cc.hostage_of !== null) box.append(el("span", { class: "meta", text: fmt(_("hostage of {player}"), { player: model.names[cc.hostage_of] }) }));
      // The card itself is a target only for non-action options (spies, battles, discards ...).
      const idx = (targetsOf("cards", cc.card) || []).filter((i) => model.options[i].kind !== "action");
      if (idx.length) makeTarget(box, idx, cardName(cc.card));
      row.append(box);
    }
    if (p === model.seat && side("right")) row.append(el("button", { type: "button", class: "sidebtn", text: _("Right end ▶"), onclick: () => choose(side("right").index) }));
    if (!court.length && !row.children.length) row.append(el("span", { class: "meta", text: _("(no cards)") }));
    const prizes = pl.prizes.length ? el("span", { class: "meta", text: fmt(_(" prizes: {cards}"), { cards: pl.prizes.map(cardName).join(", ") }) }) : null;
    wrap.append(el("div", { class: "court", "data-court": p }, el("h3", {}, playerChip(p), fmt(_("{player}'s court"), { player: pl.name }), prizes), row));
  });
  const me = model.seat !== null ? model.players[model.seat] : null;
  const others = model.players.filter((q) => q.hand && q.seat !== model.seat);
  $("hand-area").hidden = !(me && me.hand) && !others.length;
  const hand = $("hand");
  hand.replaceChildren();
  if (me && me.hand) for (const n of me.hand) {
    const box = cardBox(n);
    box.classList.add("in-hand");
    // Playing it owes the region's ruler a bribe (the view model says how much and to whom).
    const bribe = (me.play_bribes || []).find((b) => b.card === n);
    if (bribe && bribe.to !== null && bribe.rupees) box.append(el("span", { class: "meta bribe-note", text: fmt(_("bribe: {n} ₨ to {player}"), { n: bribe.rupees, player: model.names[bribe.to] }) }));
    makeTarget(box, targetsOf("cards", n), cardName(n));
    hand.append(box);
  }
  for (const q of others) hand.append(el("span", { class: "meta", text: `${q.name}: ${q.hand.map(cardName).join(", ") || "—"}` }));
}

function linkCards(text) {
  // Card names followed by their number, as the log writes them, show the card on hover or tap.
  const li = el("li");
  let rest = text;
  const re = /\((\d{1,3})\)/;
  for (;;) {
    const m = re.exec(rest);
    if (!m) break;
    const n = m[1];
    const name = cardName(n);
    const start = rest.lastIndexOf(name, m.index);
    if (start < 0 || start + name.length + 1 !== m.index) { li.append(rest.slice(0, m.index + m[0].length)); rest = rest.slice(m.index + m[0].length); continue; }
    li.append(rest.slice(0, start));
    const span = el("span", { class: "cardname", tabindex: "0", "data-card": n, text: `${name} (${n})` });
    span.addEventListener("mouseenter", () => tip(span, n));
    span.addEventListener("mouseleave", () => { $("tip").hidden = true; });
    span.addEventListener("focus", () => tip(span, n));
    span.addEventListener("blur", () => { $("tip").hidden = true; });
    span.addEventListener("click", () => showCard(n));
    li.append(span);
    rest = rest.slice(m.index + m[0].length);
  }
  li.append(rest);
  if (/^— /.test(text)) li.classList.add("turn");
  return li;
}
function tip(anchor, n) {
  const t = $("tip");
  t.replaceChildren(cardBox(n));
  const r = anchor.getBoundingClientRect();
  t.style.left = `${Math.min(r.left, innerWidth - 290)}px`;
  t.style.top = `${r.bottom + 4 > innerHeight - 150 ? r.top - 150 : r.bottom + 4}px`;
  t.hidden = false;
}

// The engine names seats "Player 1" ...; the page uses the names the players chose.
function named(text) {
  if (!model.engine_names) return text;
  let out = text;
  model.engine_names.forEach((n, p) => { if (n !== model.names[p]) out = out.split(n).join(model.names[p]); });
  return out;
}
function drawLog() {
  const log = $("log");
  log.replaceChildren(...model.log.lines.map((l) => linkCards(named(l))));
  log.start = model.log.from + 1;
  log.scrollTop = log.scrollHeight;
}

function drawDecision() {
  const yours = model.your_decision && !replay;
  $("decision").classList.toggle("yours", yours);
  const prompt = named(model.prompt);
  const bribe = (model.decision || "").startsWith("bribe");
  $("decision").classList.toggle("bribe", bribe);
  let text = prompt;
  if (replay) text = fmt(_("Replay — {prompt}"), { prompt });
  else if (yours) text = fmt(bribe ? _("Bribe — your answer: {prompt}") : _("Your decision: {prompt}"), { prompt });
  else if (model.to_move !== null && !model.over) {
    text = fmt(bribe ? _("Waiting for {player} (bribe) — {prompt}") : _("Waiting for {player} — {prompt}"), { player: model.names[model.to_move], prompt });
  }
  $("prompt").textContent = text;
  const opts = $("options");
  opts.replaceChildren(...(yours ? model.options : []).map((o) => el("button", {
    type: "button", class: o.kind, "data-kind": o.kind, "data-index": o.index, text: named(o.label), onclick: () => choose(o.index),
  })));
  $("undo").hidden = !(yours && model.can_undo);
}

function render() {
  if (!model) return;
  const over = model.over;
  const names = model.names;
  let title;
  if (over) title = fmt(_("Game over: {players} won"), { players: model.winners.map((w) => names[w]).join(", ") });
  else if (model.your_decision) title = _("Your turn");
  else title = model.to_move !== null ? fmt(_("{player} to decide"), { player: names[model.to_move] }) : "";
  if (!replay) document.title = `${title} — Pax Pamir`;
  $("heading").textContent = replay ? fmt(_("Replay: step {at} of {n}"), { at: replay.at, n: state.seq }) : title;
  if (state) $("status").textContent = state.role === "seat" ? fmt(_("You: {player} (seat {n})"), { player: names[state.seat], n: state.seat + 1 }) : _("Watching (public view)");
  drawDecision(); drawMap(); drawInfo(); drawMarket(); drawPlayers(); drawCourts(); drawLog();
  $("me").hidden = !state || state.role !== "seat";
  drawCreatorLinks();
  if (over && !replay) showResults(); else $("results").hidden = true;
  // For tests and tools: what is drawn now.
  Object.assign(document.body.dataset, { seq: String(model.replay_at ?? model.server_seq), yours: model.your_decision && !replay ? "1" : "0",
    over: over ? "1" : "0", decision: model.decision || "", replay: replay ? String(replay.at) : "", as: String(model.seat ?? "public") });
}

// The creator may issue a new link for a seat or the spectators (the old one stops working).
function drawCreatorLinks() {
  $("links").hidden = !state || state.role !== "creator";
  if (!state || state.role !== "creator" || $("link-buttons").children.length) return;
  const targets = [...state.players.filter((p) => p.kind === "human").map((p) => [p.seat, p.name]), [null, _("spectators")]];
  $("link-buttons").replaceChildren(...targets.map(([seat, name]) => el("button", { type: "button", text: fmt(_("New link for {name}"), { name }), onclick: () => newLink(seat, name) })));
}
async function newLink(seat, name) {
  const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/links`, {
    method: "POST", headers: { Authorization: `Bearer ${token}` }, body: JSON.stringify(seat === null ? {} : { seat }),
  });
  const data = await response.json();
  $("new-links").append(el("li", { text: response.ok ? `${name}: ${data.url}` : data.message }));
}

// ------------------------------------------------------------------------------------------------ results

async function showResults() {
  if (!stats || stats.turns.length < 2 || stats.vp.join() !== model.players.map((p) => p.vp).join()) stats = await api("stats");
  if (!stats) return;
  const s = stats;
  const order = [...s.names.keys()].sort((a, b) => s.vp[b] - s.vp[a] || s.tie_break.military_stars[b] - s.tie_break.military_stars[a] || s.tie_break.rupees[b] - s.tie_break.rupees[a]);
  const res = $("results");
  const table = el("table", {}, el("tr", {}, ...[_("Place"), _("Player"), _("VP"), _("Military stars (1st tie-break)"), _("Rupees (2nd tie-break)")].map((h) => el("th", { text: h }))));
  order.forEach((p, i) => table.append(el("tr", {}, el("td", { text: s.winners.includes(p) ? _("1 (winner)") : String(i + 1) }),
    el("td", {}, playerChip(p), ` ${s.names[p]}`), el("td", { text: s.vp[p] }),
    el("td", { text: s.tie_break.military_stars[p] }), el("td", { text: s.tie_break.rupees[p] }))));
  const tied = s.names.map((_, p) => p).filter((p) => s.vp[p] === s.vp[order[0]]);
  let how = _("No tie: most victory points wins.");
  if (tied.length > 1) how = s.winners.length > 1 ? _("Tied on points, military stars and rupees: a shared win.")
    : (new Set(tied.map((p) => s.tie_break.military_stars[p])).size > 1 ? _("Tied on points: broken by military stars in court.") : _("Tied on points and military stars: broken by rupees."));
  const counts = el("table", {}, el("tr", {}, ...[_("Player"), _("Purchases"), _("Plays"), _("Actions"), _("Bribes asked / refused"), _("Gifts")].map((h) => el("th", { text: h }))));
  s.counts.forEach((c, p) => counts.append(el("tr", {}, el("td", {}, playerChip(p), ` ${s.names[p]}`), el("td", { text: c.purchases }), el("td", { text: c.plays }),
    el("td", { text: Object.entries(c.actions).map(([k, v]) => `${actionName(k)} ${v}`).join(", ") || "—" }),
    el("td", { text: `${c.bribes_asked} / ${c.bribes_refused}` }), el("td", { text: c.actions.gift || 0 }))));
  const checks = el("ol", {}, ...s.dominance_checks.map((d) => {
    const awards = Object.entries(d.awards || {}).map(([p, v]) => `${s.names[p]} +${v}`).join(", ") || _("none");
    const none = d.dominant === null || d.dominant === -1;
    const head = d.final ? (none ? _("Final Dominance Check: no coalition dominant") : _("Final Dominance Check: {coalition} dominant"))
      : (none ? _("Dominance Check: no coalition dominant") : _("Dominance Check: {coalition} dominant"));
    const coalition = none ? "" : coalitionName(COALITIONS[d.dominant] || d.dominant);
    const points = fmt(_("points {awards}"), { awards });
    return el("li", { text: `${fmt(head, { coalition })}; ${points}` });
  }));
  res.replaceChildren(el("h2", { text: fmt(_("Final scores — {reason}"), { reason: s.end_reason_text || s.end_reason || "" }) }), table, el("p", { class: "tiebreak", text: how }),
    el("h3", { text: _("Per player") }), counts, el("h3", { text: _("Dominance Checks") }), checks,
    el("div", { class: "charts" }, chart(_("Victory points"), s.series.vp, s.turns), chart(_("Rupees"), s.series.rupees, s.turns), chart(_("Influence"), s.series.influence, s.turns)));
  res.hidden = false;
}
function chart(title, series, turns) {
  const W = 260, H = 130, pad = 22;
  const max = Math.max(1, ...series.flat());
  const n = Math.max(1, turns.length - 1);
  const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "chart", role: "img", "aria-label": fmt(_("{title} over time"), { title }) });
  const t = svg("text", { x: 6, y: 12, "font-size": 11 }); t.textContent = fmt(_("{title} (max {max})"), { title, max }); box.append(t);
  box.append(svg("line", { x1: pad, y1: H - pad, x2: W - 6, y2: H - pad, stroke: "#999" }));
  const dash = ["", "6 3", "2 2", "8 2 2 2", "1 3"];
  series.forEach((ys, p) => {
    const pts = ys.map((y, i) => `${pad + (i / n) * (W - pad - 8)},${H - pad - (y / max) * (H - pad - 18)}`).join(" ");
    box.append(svg("polyline", { points: pts, fill: "none", stroke: `var(--p${p})`, "stroke-width": 2, "stroke-dasharray": dash[p] }));
    const lx = svg("text", { x: W - 30, y: 24 + p * 12, "font-size": 10, fill: `var(--p${p})` }); lx.textContent = fmt(_("P{n}"), { n: p + 1 }); box.append(lx);
  });
  return box;
}

// ------------------------------------------------------------------------------------------------ data

async function api(path, query = "") {
  try {
    const sep = query ? "&" : "?";
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/${path}${query}${sep}lang=${lang}`, { headers: { Authorization: `Bearer ${token}` } });
    const data = await r.json();
    if (!r.ok) { $("error").textContent = data.message || _("request failed"); return null; }
    return data;
  } catch (e) {
    setConn("down");  // the server is out of reach: the websocket brings the page back when it returns
    return null;
  }
}
async function refresh() {
  const ticket = ++fetching;
  const q = replay ? `?at=${replay.at}${replay.as !== "" ? `&as=${replay.as}` : ""}` : "";
  const data = await api("model", q);
  if (!data || ticket !== fetching) return;
  model = data.model;
  model.replay_at = replay ? data.at : null;
  model.server_seq = data.seq;
  model.engine_names = model.names.slice();
  if (state && state.players) model.names = state.players.map((p) => p.name);
  for (const p of model.players) p.name = model.names[p.seat];
  render();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(gameId)}`);
  socket.onopen = () => { retry = 500; send({ type: "hello", token, lang }); setConn("live"); };
  socket.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === "state") {
      if (!state || state.seq !== m.seq) $("error").textContent = "";  // an error stays until the game moves
      state = m;
      remember();
      if (replay) { $("rp-step").max = String(state.seq); $("rp-label").textContent = `${replay.at} / ${state.seq}`; } else refresh();
    } else if (m.type === "error") $("error").textContent = m.message;
  };
  socket.onclose = (ev) => {
    if (ev.code >= 4400 && ev.code < 4500) { $("heading").textContent = _("This link does not open this game."); setConn("down"); return; }
    setConn("down");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}
function setConn(s) {
  const c = $("conn");
  c.className = `conn ${s}`;
  c.textContent = s === "live" ? _("live") : _("reconnecting…");
}
function remember() {
  try {
    const games = JSON.parse(localStorage.getItem("paxpamir.games") || "[]").filter((g) => g.url !== location.href);
    games.unshift({ url: location.href, game: gameId, label: state.role === "seat" ? fmt(_("{player} (seat {n})"), { player: state.players[state.seat].name, n: state.seat + 1 }) : state.role, title: state.title, when: Date.now() });
    localStorage.setItem("paxpamir.games", JSON.stringify(games.slice(0, 30)));
  } catch (e) { /* private mode: nothing remembered */ }
}

// ------------------------------------------------------------------------------------------------ replay

function openReplay(on) {
  $("replay-toggle").setAttribute("aria-pressed", String(on));
  $("replay").hidden = !on;
  if (!on) { replay = null; refresh(); return; }
  const sel = $("rp-as");
  sel.replaceChildren(el("option", { value: "", text: _("my seat") }), el("option", { value: "public", text: _("public (spectators)") }));
  if (model && model.over) model.names.forEach((n, p) => sel.append(el("option", { value: String(p), text: n })));
  replay = { at: state.seq, as: "" };
  $("rp-step").max = String(state.seq);
  stepTo(state.seq);
}
function stepTo(at) {
  if (!replay) return;
  replay.at = Math.max(0, Math.min(state.seq, at));
  $("rp-step").value = String(replay.at);
  $("rp-label").textContent = `${replay.at} / ${state.seq}`;
  refresh();
}
$("replay-toggle").onclick = () => openReplay(!replay);
$("rp-first").onclick = () => stepTo(0);
$("rp-prev").onclick = () => stepTo(replay.at - 1);
$("rp-next").onclick = () => stepTo(replay.at + 1);
$("rp-last").onclick = () => stepTo(state.seq);
$("rp-step").oninput = () => stepTo(Number($("rp-step").value));
$("rp-as").onchange = () => { replay.as = $("rp-as").value; refresh(); };

// ------------------------------------------------------------------------------------------------ start

$("undo").onclick = () => model && send({ type: "undo", seq: model.server_seq });
$("save").onclick = () => {
  const message = { type: "seat", name: $("name").value };
  message.webhook = $("webhook").value.trim() || null;
  send(message);
};
document.addEventListener("keydown", (ev) => {
  if (ev.target.tagName === "INPUT" || !model || replay) return;
  if (ev.key === "u" && !$("undo").hidden) $("undo").click();
});
// The language: the browser's (or the one chosen before); the menu in the top bar switches it at once.
function loadCards() {
  return fetch(`/api/cards?lang=${lang}`).then((r) => r.json()).then((d) => { cards = d.cards; if (model) render(); }).catch(() => {});
}
await setLanguage(preferredLanguage()).catch(() => setLanguage("en"));
$("topbar").append(languageMenu(() => {
  translatePage();
  loadCards();
  send({ type: "hello", token, lang });  // the server renders this page's texts in the new language
  refresh();
}));
if (!token) $("heading").textContent = _("Open this page with the link you were given (it ends in #…).");
else {
  loadCards();
  connect();
}
