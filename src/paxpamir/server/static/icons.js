// The project's own small SVG icons (no publisher art): card actions, impact icons, suits. Each is drawn once
// and cloned; every icon carries its name as a <title>.
import { svg, svgTitle } from "./dom.js";

const SHAPES = {
  // card actions
  tax: '<circle cx="8" cy="8" r="6" fill="#e2b93b" stroke="#6b4e00"/><text x="8" y="8.5" font-size="8" font-weight="bold" text-anchor="middle" dominant-baseline="middle" fill="#6b4e00">₨</text>',
  gift: '<rect x="2.5" y="6" width="11" height="8" fill="#c0392b" stroke="#5a1a12"/><rect x="7" y="6" width="2" height="8" fill="#f3d98a"/><path d="M8 6 C5 1 2 4 8 6 C14 4 11 1 8 6" fill="none" stroke="#5a1a12"/>',
  build: '<path d="M2 14 V6 h2 v2 h2 V6 h4 v2 h2 V6 h2 v8 z" fill="#8d6e63" stroke="#3e2723"/><rect x="6.5" y="10" width="3" height="4" fill="#3e2723"/>',
  move: '<path d="M2 8 h9 M8 4 l4 4 -4 4" fill="none" stroke="#1b5e20" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>',
  betray: '<path d="M3 13 L11 5 L13 3 L12 6 L4 14 z" fill="#b0bec5" stroke="#263238"/><path d="M3 10 l3 3" stroke="#263238" stroke-width="2"/>',
  battle: '<path d="M3 3 L13 13 M13 3 L3 13" stroke="#37474f" stroke-width="2.2" stroke-linecap="round"/><path d="M2 10 l4 4 M14 10 l-4 4" stroke="#8d6e63" stroke-width="2"/>',
  // impact icons
  road: '<rect x="1.5" y="6" width="13" height="4.5" rx="1" fill="#8a7a5a" stroke="#3d2f1e"/><path d="M3 8.2 h10" stroke="#fffaf0" stroke-dasharray="2 1.5"/>',
  army: '<rect x="3" y="3" width="10" height="10" fill="#a1887f" stroke="#3e2723"/><path d="M5 10 l3 -4 3 4" fill="none" stroke="#3e2723" stroke-width="1.4"/>',
  spy: '<circle cx="8" cy="5.5" r="3" fill="#455a64"/><path d="M2.5 14 C3 9 13 9 13.5 14 z" fill="#455a64"/><path d="M5.5 5.5 h5" stroke="#fff" stroke-width="1"/>',
  tribe: '<ellipse cx="8" cy="4.5" rx="4.5" ry="2" fill="#9e9e9e" stroke="#212121"/><path d="M3.5 4.5 V12 A4.5 2 0 0 0 12.5 12 V4.5" fill="#757575" stroke="#212121"/>',
  leverage: '<path d="M2 12 L14 7" stroke="#3d2f1e" stroke-width="1.8"/><path d="M6 14 L8 9.4 L10 14 z" fill="#3d2f1e"/><circle cx="12.5" cy="5" r="2.2" fill="#e2b93b" stroke="#6b4e00"/>',
  // the replay's play and pause (drawn: the fonts have no ⏵ or ⏸)
  play: '<circle cx="8" cy="8" r="6.8" fill="none" stroke="currentColor" stroke-width="1.3"/><path d="M6.2 4.7 L11.6 8 L6.2 11.3 z" fill="currentColor"/>',
  pause: '<circle cx="8" cy="8" r="6.8" fill="none" stroke="currentColor" stroke-width="1.3"/><rect x="5.3" y="4.9" width="2" height="6.2" fill="currentColor"/><rect x="8.7" y="4.9" width="2" height="6.2" fill="currentColor"/>',
  // suits (the favored-suit change impact icon, and rank stars)
  political: '<path d="M8 1.5 l1.9 4.3 4.6.4 -3.5 3 1.1 4.6 L8 11.4 3.9 13.8 5 9.2 1.5 6.2 6.1 5.8 z" fill="#7e57c2" stroke="#311b92" stroke-width=".6"/>',
  intelligence: '<path d="M8 1.5 l1.9 4.3 4.6.4 -3.5 3 1.1 4.6 L8 11.4 3.9 13.8 5 9.2 1.5 6.2 6.1 5.8 z" fill="#1e6fd9" stroke="#0d3c78" stroke-width=".6"/>',
  economic: '<path d="M8 1.5 l1.9 4.3 4.6.4 -3.5 3 1.1 4.6 L8 11.4 3.9 13.8 5 9.2 1.5 6.2 6.1 5.8 z" fill="#b8901a" stroke="#5e4a0b" stroke-width=".6"/>',
  military: '<path d="M8 1.5 l1.9 4.3 4.6.4 -3.5 3 1.1 4.6 L8 11.4 3.9 13.8 5 9.2 1.5 6.2 6.1 5.8 z" fill="#c62828" stroke="#5b0f0f" stroke-width=".6"/>',
};
const made = {};

// An icon as an inline SVG element (16×16 units, sized by CSS through the "icon" class).
export function icon(name, title, extraClass = "") {
  if (!made[name]) {
    const box = svg("svg", { viewBox: "0 0 16 16", class: "icon", role: "img" });
    box.innerHTML = SHAPES[name] || '<circle cx="8" cy="8" r="5" fill="#999"/>';
    made[name] = box;
  }
  const copy = made[name].cloneNode(true);
  copy.setAttribute("class", `icon icon-${name}${extraClass ? ` ${extraClass}` : ""}`);
  if (title) { copy.setAttribute("aria-label", title); copy.prepend(svgTitle(title)); }
  else { copy.removeAttribute("role"); copy.setAttribute("aria-hidden", "true"); }
  return copy;
}
export const SUIT_ICONS = ["political", "intelligence", "economic", "military"];
