// The results at the end: final scores and tie-breaks, each player's purchases, plays and actions, the
// Dominance Checks, and small charts of victory points, rupees and influence over the turns.
import { _, fmt } from "./i18n.js";
import { $, el, svg } from "./dom.js";
import { session } from "./session.js";
import { api } from "./connection.js";
import { rematch, rematchLabel } from "./friends.js";
import { COALITIONS, actionName, coalitionName, playerChip } from "./words.js";

let stats = null;

export async function showResults() {
  const m = session.model;
  if (!stats || stats.turns.length < 2 || stats.vp.join() !== m.players.map((p) => p.vp).join()) stats = await api("stats");
  if (!stats) return;
  const s = stats;
  const order = [...s.names.keys()].sort((a, b) => s.vp[b] - s.vp[a] || s.tie_break.military_stars[b] - s.tie_break.military_stars[a] || s.tie_break.rupees[b] - s.tie_break.rupees[a]);
  const res = $("results");
  const table = el("table", {}, el("tr", {}, ...[_("Place"), _("Player"), _("VP"), _("Military stars (1st tie-break)"), _("Rupees (2nd tie-break)")].map((h) => el("th", { text: h }))));
  order.forEach((p, i) => table.append(el("tr", {}, el("td", { text: s.winners.includes(p) ? _("1 (winner)") : String(i + 1) }),
    el("td", {}, playerChip(p), ` ${s.names[p]}`), el("td", { text: s.vp[p] }),
    el("td", { text: s.tie_break.military_stars[p] }), el("td", { text: s.tie_break.rupees[p] }))));
  const tied = s.names.map((_n, p) => p).filter((p) => s.vp[p] === s.vp[order[0]]);
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
  const again = el("button", { type: "button", class: "rematch-results", text: rematchLabel(), onclick: (ev) => { ev.currentTarget.disabled = true; rematch(); } });
  res.replaceChildren(el("h2", { text: fmt(_("Final scores — {reason}"), { reason: s.end_reason_text || s.end_reason || "" }) }), again, table, el("p", { class: "tiebreak", text: how }),
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
