// The map: six regions shaped after the printed board (north at the top), their borders where they meet, the
// pieces inside their region or on their border, the ruler of each region, and the victory-point track. Pieces
// never take a click: a click on a piece reaches the region or border under it (pointer-events: none).
import { _, fmt, ngettext } from "./i18n.js";
import { $, el, svg, svgTitle } from "./dom.js";
import { session } from "./session.js";
import { makeTarget, targetsOf } from "./decision.js";
import { COALITIONS, LETTER, coalBadge, coalitionName, suitName } from "./words.js";
import { animationMs } from "./preferences.js";

// Region outlines share their corner points, so that the regions meet along their borders.
const P = {
  tp: [0, 135], a: [175, 150], b: [345, 135], tk: [600, 110], c: [330, 255], d: [470, 265], g: [600, 240],
  ph: [190, 400], hk: [245, 400], kp: [420, 400],
};
const EDGE = {
  "persia-transcaspia": [P.tp, [60, 125], [120, 148], P.a],
  "herat-transcaspia": [P.a, [230, 128], [290, 140], P.b],
  "kabul-transcaspia": [P.b, [420, 112], [500, 122], P.tk],
  "herat-persia": [P.a, [190, 210], [168, 280], [200, 340], P.ph],
  "herat-kabul": [P.b, [350, 190], P.c],
  "herat-kandahar": [P.c, [280, 290], [255, 340], P.hk],
  "kabul-kandahar": [P.c, [400, 280], P.d],
  "kabul-punjab": [P.d, [530, 240], P.g],
  "kandahar-punjab": [P.d, [455, 330], P.kp],
};
const rev = (name) => EDGE[name].slice().reverse();
const REGION_SHAPES = {
  transcaspia: [[0, 0], [600, 0], ...rev("kabul-transcaspia"), ...rev("herat-transcaspia").slice(1), ...rev("persia-transcaspia").slice(1)],
  persia: [...EDGE["persia-transcaspia"], ...EDGE["herat-persia"].slice(1), [0, 400]],
  herat: [...EDGE["herat-transcaspia"], ...EDGE["herat-kabul"].slice(1), ...EDGE["herat-kandahar"].slice(1), ...rev("herat-persia").slice(0, -1)],
  kabul: [...EDGE["kabul-transcaspia"], P.g, ...rev("kabul-punjab").slice(1), ...rev("kabul-kandahar").slice(1), ...rev("herat-kabul").slice(1, -1)],
  kandahar: [...EDGE["kabul-kandahar"], ...EDGE["kandahar-punjab"].slice(1), ...rev("herat-kandahar").slice(0, -1)],
  punjab: [...EDGE["kabul-punjab"], [600, 400], P.kp, ...rev("kandahar-punjab").slice(1, -1)],
};
const REGION_FILL = { transcaspia: "#d8c99a", persia: "#e6cf98", herat: "#cfd6a0", kabul: "#e6c7a0", kandahar: "#dcbf86", punjab: "#c5d6a2" };
// Where each region's name goes, and the box its pieces fill (x0, y0, x1, y1).
const REGION_LABEL = { transcaspia: [300, 34], persia: [85, 185], herat: [262, 172], kabul: [470, 150], kandahar: [352, 300], punjab: [535, 283] };
const PIECE_BOX = {
  transcaspia: [60, 62, 540, 104], persia: [14, 215, 150, 390], herat: [205, 198, 318, 272], kabul: [372, 170, 590, 228],
  kandahar: [272, 318, 430, 392], punjab: [478, 302, 592, 392],
};
// The middle of each border's line: its roads and its spot to click.
function midpoint(points) {
  const lens = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1]));
  let half = lens.reduce((a, b) => a + b, 0) / 2;
  for (let i = 0; i < lens.length; i++) {
    if (half <= lens[i]) { const t = half / lens[i]; return [points[i][0] + t * (points[i + 1][0] - points[i][0]), points[i][1] + t * (points[i + 1][1] - points[i][1])]; }
    half -= lens[i];
  }
  return points[points.length - 1];
}
const BORDER_SPOT = Object.fromEntries(Object.entries(EDGE).map(([k, pts]) => [k, midpoint(pts)]));
const PIECE = 20, GAP = 24;

const pointsAttr = (pts) => pts.map((p) => p.join(",")).join(" ");

// How many pieces of a kind a region or border had in the model drawn before (new pieces are animated), or null
// when there is nothing to compare with.
function before(kind, name, who) {
  const prev = session.previous;
  if (!prev || session.replayJump) return null;
  if (kind === "army") return prev.regions[name].armies[who] || 0;
  if (kind === "tribe") return prev.regions[name].tribes[who] || 0;
  return prev.borders[name].roads[who] || 0;
}

function block(x, y, size, coalition, attrs, isNew) {
  const g = svg("g", { class: `piece block coal-${coalition}${isNew ? " placed" : ""}`, ...attrs });
  g.append(svg("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 2, fill: `var(--${coalition})`, stroke: "#000" }));
  g.append(svg("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 2, class: "pattern", fill: `url(#pat-${coalition})` }));
  const t = svg("text", { x, y, class: "piece-text", fill: coalition === "afghan" ? "#fff" : "#000", "font-size": size * 0.6 });
  t.textContent = LETTER[coalition];
  g.append(t);
  return g;
}
function cylinder(x, y, seat, attrs, isNew) {
  const g = svg("g", { class: `piece tribe${isNew ? " placed" : ""}`, ...attrs });
  g.append(svg("circle", { cx: x, cy: y, r: PIECE / 2, fill: `var(--p${seat})`, stroke: "#000" }));
  const t = svg("text", { x, y, class: "piece-text", fill: seat === 2 ? "#000" : "#fff" });
  t.textContent = String(seat + 1);
  g.append(t);
  return g;
}
function ghost(x, y, seatOrCoalition, tribe) {
  const g = svg("g", { class: "piece removed" });
  if (tribe) g.append(svg("circle", { cx: x, cy: y, r: PIECE / 2, fill: `var(--p${seatOrCoalition})`, stroke: "#000" }));
  else g.append(svg("rect", { x: x - PIECE / 2, y: y - PIECE / 2, width: PIECE, height: PIECE, fill: `var(--${seatOrCoalition})`, stroke: "#000" }));
  return g;
}

// A region's pieces, said in words (its title, and the tap popover).
export function regionSummary(name) {
  const m = session.model;
  const r = m.regions[name];
  const armies = COALITIONS.filter((c) => r.armies[c]).map((c) => fmt(ngettext("{n} army ({coalition})", "{n} armies ({coalition})", r.armies[c]), { n: r.armies[c], coalition: coalitionName(c) }));
  const tribes = r.tribes.map((n, p) => (n ? fmt(ngettext("{n} tribe of {player}", "{n} tribes of {player}", n), { n, player: m.names[p] }) : "")).filter(Boolean);
  const roads = COALITIONS.map((c) => ({ c, n: r.borders.reduce((s, b) => s + (m.borders[b].roads[c] || 0), 0) })).filter((x) => x.n)
    .map(({ c, n }) => fmt(ngettext("{n} road ({coalition}) on its borders", "{n} roads ({coalition}) on its borders", n), { n, coalition: coalitionName(c) }));
  const ruledBy = r.ruler === null ? _("no ruler") : fmt(_("ruled by {player}"), { player: m.names[r.ruler] });
  return { ruledBy, pieces: [...armies, ...tribes, ...roads] };
}

function showRegionCounts(name, anchor) {
  const r = session.model.regions[name];
  const { ruledBy, pieces } = regionSummary(name);
  const t = $("tip");
  t.replaceChildren(el("b", { text: r.title }), el("div", { text: ruledBy }), el("ul", {}, ...(pieces.length ? pieces : [_("empty")]).map((p) => el("li", { text: p }))));
  t.hidden = false;
  const box = anchor.getBoundingClientRect();
  t.style.left = `${Math.max(4, Math.min(innerWidth - 290, box.left + box.width / 2 - 100))}px`;
  t.style.top = `${Math.max(4, Math.min(innerHeight - 160, box.top + box.height / 2))}px`;
  clearTimeout(showRegionCounts.timer);
  showRegionCounts.timer = setTimeout(() => { t.hidden = true; }, 3000);
}

function defs() {
  const d = svg("defs");
  d.innerHTML = `
    <pattern id="pat-british" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 6 L6 0" stroke="#000" stroke-opacity=".45" stroke-width="1.3"/></pattern>
    <pattern id="pat-russian" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.2" fill="#000" fill-opacity=".45"/></pattern>
    <pattern id="pat-afghan" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 3 H6" stroke="#fff" stroke-opacity=".6" stroke-width="1.3"/></pattern>`;
  return d;
}

export function drawMap() {
  const m = session.model;
  const map = $("map");
  map.replaceChildren(defs());
  const layers = { regions: svg("g", { class: "regions" }), borders: svg("g", { class: "borders" }), labels: svg("g", { class: "labels" }), pieces: svg("g", { class: "pieces" }), spots: svg("g", { class: "spots" }) };
  // What changed since the model drawn before: pieces placed and pieces gone, by kind ("army:afghan",
  // "tribe:1", "road:british"). A piece of a kind that leaves one place and arrives at another travels.
  const placed = [], gone = [];
  const put = (node, key, site, x, y) => { if (node.classList.contains("placed")) placed.push({ node, key, site, x, y }); layers.pieces.append(node); };
  const lost = (key, site, x, y, node) => gone.push({ key, site, x, y, node });
  // One CSS pixel on the screen, in map units: targets on a phone get at least 44×44 pixels.
  const unit = 600 / Math.max(1, map.clientWidth || 600);
  for (const [name, pts] of Object.entries(REGION_SHAPES)) {
    const r = m.regions[name];
    const poly = svg("polygon", { points: pointsAttr(pts), class: "region", fill: REGION_FILL[name], "data-region": name });
    const { ruledBy, pieces } = regionSummary(name);
    poly.append(svgTitle(`${r.title}: ${ruledBy}; ${pieces.join(", ") || _("empty")}`));
    layers.regions.append(poly);
    const idx = targetsOf("regions", name);
    if (idx) makeTarget(poly, idx, r.title);
    else poly.addEventListener("click", () => showRegionCounts(name, poly));
    const [lx, ly] = REGION_LABEL[name];
    const label = svg("text", { x: lx, y: ly, class: "region-name", "text-anchor": "middle" });
    label.textContent = r.title.toUpperCase();
    layers.labels.append(label);
    if (r.ruler !== null) {
      const rulerName = m.names[r.ruler];
      const g = svg("g", { class: "ruler", "data-ruler": r.ruler });
      const text = `♛ ${rulerName.length > 14 ? `${rulerName.slice(0, 13)}…` : rulerName}`;
      const w = text.length * 7 + 14;
      g.append(svg("rect", { x: lx - w / 2, y: ly + 5, width: w, height: 17, rx: 8, fill: `var(--p${r.ruler})`, stroke: "#000" }));
      const t = svg("text", { x: lx, y: ly + 14, class: "ruler-text", "text-anchor": "middle", "dominant-baseline": "central", fill: r.ruler === 2 ? "#000" : "#fff" });
      t.textContent = text;
      g.append(t, svgTitle(fmt(_("{region} is ruled by {player}"), { region: r.title, player: rulerName })));
      layers.labels.append(g);
    }
    // Armies (squares with their coalition's letter), then tribes (cylinders with the seat number).
    const [x0, y0, x1] = PIECE_BOX[name];
    let x = x0 + GAP / 2, y = y0 + GAP / 2;
    const spot = () => { const at = [x, y]; x += GAP; if (x > x1 - GAP / 2) { x = x0 + GAP / 2; y += GAP; } return at; };
    for (const c of COALITIONS) {
      const had = before("army", name, c);
      const n = r.armies[c] || 0;
      for (let i = 0; i < n; i++) { const [px, py] = spot(); put(block(px, py, PIECE, c, { "data-army": c, "data-region-of": name }, had !== null && i >= had), `army:${c}`, name, px, py); }
      for (let i = n; had !== null && i < had; i++) { const [px, py] = spot(); lost(`army:${c}`, name, px, py, ghost(px, py, c, false)); }
    }
    r.tribes.forEach((n, p) => {
      const had = before("tribe", name, p);
      for (let i = 0; i < n; i++) { const [px, py] = spot(); put(cylinder(px, py, p, { "data-tribe": p, "data-region-of": name }, had !== null && i >= had), `tribe:${p}`, name, px, py); }
      for (let i = n; had !== null && i < had; i++) { const [px, py] = spot(); lost(`tribe:${p}`, name, px, py, ghost(px, py, p, true)); }
    });
  }
  for (const [name, pts] of Object.entries(EDGE)) {
    layers.borders.append(svg("polyline", { points: pointsAttr(pts), class: "border-line", "data-border-line": name }));
  }
  for (const [name, [bx, by]] of Object.entries(BORDER_SPOT)) {
    const b = m.borders[name];
    const roads = COALITIONS.flatMap((c) => Array(b.roads[c] || 0).fill(c));
    const w = Math.max(26, roads.length * 17 + 8);
    const idx = targetsOf("borders", name);
    const title = fmt(_("{border} border"), { border: b.title });
    const roadWords = COALITIONS.filter((c) => b.roads[c]).map((c) => fmt(ngettext("{n} road ({coalition})", "{n} roads ({coalition})", b.roads[c]), { n: b.roads[c], coalition: coalitionName(c) }));
    // The spot to click: at least 44 CSS pixels each way when it is a target.
    const hw = idx ? Math.max(w, 46 * unit) : w, hh = idx ? Math.max(22, 46 * unit) : 22;
    const spot = svg("rect", { x: bx - hw / 2, y: by - hh / 2, width: hw, height: hh, rx: 8, class: "border-spot", "data-border": name });
    spot.append(svgTitle(roadWords.length ? `${title}: ${roadWords.join(", ")}` : title));
    layers.spots.append(spot);
    if (idx) makeTarget(spot, idx, title);
    roads.forEach((c, i) => {
      const rx = bx - w / 2 + 4 + i * 17 + 7.5;
      const had = before("road", name, c);
      put(block(rx, by, 15, c, { "data-road": c, "data-border-of": name }, had !== null && i - roads.indexOf(c) >= had), `road:${c}`, name, rx, by);
    });
    // Roads gone from this border: where they lay.
    for (const c of COALITIONS) {
      const had = before("road", name, c);
      for (let i = b.roads[c] || 0; had !== null && i < had; i++) lost(`road:${c}`, name, bx, by, null);
    }
  }
  travel(placed, gone, layers.pieces);
  // The victory-point track along the bottom, as round the printed board: a marker per player on their score.
  const track = svg("g", { class: "vp-track" });
  const cell = 600 / 24;
  for (let v = 0; v < 24; v++) {
    track.append(svg("rect", { x: v * cell, y: 402, width: cell, height: 36, fill: v % 2 ? "#efe4c4" : "#e4d6ae", stroke: "#9b8a63" }));
    const t = svg("text", { x: v * cell + cell / 2, y: 410, class: "piece-text", fill: "#6b5a3a" }); t.textContent = String(v); track.append(t);
  }
  const at = {};
  for (const p of m.players) {
    const v = Math.min(23, p.vp);
    const k = at[v] = (at[v] || 0) + 1;
    const shared = m.players.filter((q) => Math.min(23, q.vp) === v).length > 1;
    const cx = v * cell + cell / 2 + (shared ? [-6, 6, -6, 6, 0][k - 1] : 0);
    const cy = shared ? 420 + (k > 2 ? 10 : 0) : 424;
    const g = svg("g", { class: "vp-marker" });
    g.append(svg("circle", { cx, cy, r: shared ? 6.5 : 8, fill: `var(--p${p.seat})`, stroke: "#000", "data-vp": p.seat }));
    const t = svg("text", { x: cx, y: cy, class: "piece-text", fill: p.seat === 2 ? "#000" : "#fff" }); t.textContent = String(p.seat + 1); g.append(t);
    g.append(svgTitle(fmt(_("{player}: {n} victory points"), { player: p.name, n: p.vp })));
    track.append(g);
  }
  map.append(layers.regions, layers.borders, layers.labels, layers.spots, layers.pieces, track);
}

// A piece that left one place and arrived at another of the same kind in one update travels from there
// (instead of fading out there and dropping in here); the others fade out where they were. Nothing travels
// when motion is off or reduced; the speed preference sets how long it takes.
function travel(placed, gone, layer) {
  const ms = animationMs();
  for (const g of gone) {
    const to = placed.find((p) => !p.from && p.key === g.key && p.site !== g.site);
    if (!to) { if (g.node) layer.append(g.node); continue; }
    to.from = g;
    to.node.classList.remove("placed");
    to.node.classList.add("moved");
    to.node.dataset.movedFrom = g.site;
    layer.append(to.node);  // on top of the others while it travels
    if (ms) to.node.animate([{ transform: `translate(${g.x - to.x}px, ${g.y - to.y}px)` }, { transform: "translate(0px, 0px)" }],
      { duration: ms * 1.6, easing: "ease-in-out" });
  }
}

// Under the map: the favored suit, the deck, Dominance Checks to come, blocks per coalition, events in force.
export function drawInfo() {
  const m = session.model;
  const d = m.dominance;
  const doubled = m.favored === "military";
  const chips = [
    el("span", { class: "chip", title: doubled ? _("Military is favored: every market cost is doubled. Cards of the favored suit give bonus actions.") : _("Cards of the favored suit give bonus actions (they do not count against your two actions). When military is favored, market costs are doubled.") },
      _("Favored suit: "), el("b", { class: `suit-${m.favored}`, text: suitName(m.favored) }), doubled ? el("span", { class: "doubled", text: _(" (costs ×2)") }) : null),
    el("span", { class: "chip", title: _("Cards left in the deck") }, fmt(ngettext("Deck: {n} card", "Deck: {n} cards", m.deck_size), { n: m.deck_size })),
    el("span", { class: "chip", title: _("A coalition with at least 4 more blocks than each other coalition wins a Dominance Check") }, fmt(_("Dominance Checks to come: {left} ({in_deck} in the deck)"), { left: d.left, in_deck: d.in_deck })),
    el("span", { class: "chip", title: _("Armies and roads of each coalition on the map") }, _("Blocks on the map: "), ...COALITIONS.flatMap((c) => [coalBadge(c), ` ${d.blocks[c]} `])),
  ];
  if (d.dominant) chips.push(el("span", { class: "chip" }, _("Dominant now: "), coalBadge(d.dominant)));
  for (const e of m.effects) chips.push(el("span", { class: "chip", title: e.text, text: fmt(_("In force: {effect}"), { effect: e.name }) }));
  $("tableinfo").replaceChildren(...chips);
}
