// Preferences kept in this browser (local storage): animation speed, card size, confirmations, Wakhan's turn
// step by step, sound and notifications on your turn, colour-blind patterns. The panel is the ⚙ button's dialog.
import { _ } from "./i18n.js";
import { $, el } from "./dom.js";

const STORE = "paxpamir.prefs";
export const DEFAULTS = {
  speed: "normal",         // animation speed: off, fast, normal, slow
  cardSize: "normal",      // small, normal, large
  confirmEnd: true,        // ask before ending a turn with actions left
  confirmLoyalty: true,    // ask before a play that changes your loyalty
  wakhanSteps: false,      // show Wakhan's turn step by step ("Next")
  sound: false,            // a sound when it becomes your turn
  notify: false,           // a browser notification when it becomes your turn
  patterns: false,         // patterns on coalition blocks for colour-blind players
};
export const prefs = { ...DEFAULTS };
try { Object.assign(prefs, JSON.parse(localStorage.getItem(STORE) || "{}")); } catch (e) { /* private mode */ }

function save() {
  try { localStorage.setItem(STORE, JSON.stringify(prefs)); } catch (e) { /* private mode */ }
  apply();
}

// The body's classes and data carry what CSS needs (card size, patterns, animation speed).
export function apply() {
  const b = document.body;
  b.dataset.cardSize = prefs.cardSize;
  b.dataset.speed = motionAllowed() ? prefs.speed : "off";
  b.classList.toggle("patterns", !!prefs.patterns);
}

// No animation under the system's "reduce motion" or with the speed set to off.
export function motionAllowed() {
  return prefs.speed !== "off" && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}
export function animationMs() {
  if (!motionAllowed()) return 0;
  return { fast: 250, normal: 550, slow: 1100 }[prefs.speed] || 550;
}

function choice(key, label, values) {
  const select = el("select", { id: `pref-${key}`, "data-pref": key });
  for (const [v, text] of values) select.append(el("option", { value: v, text, selected: prefs[key] === v }));
  select.onchange = () => { prefs[key] = select.value; save(); };
  return el("label", { class: "pref" }, el("span", { text: label }), select);
}
function toggle(key, label, onchange) {
  const box = el("input", { type: "checkbox", id: `pref-${key}`, "data-pref": key, checked: !!prefs[key] });
  box.onchange = async () => {
    prefs[key] = box.checked;
    if (onchange) prefs[key] = box.checked = await onchange(box.checked);
    save();
  };
  return el("label", { class: "pref" }, box, el("span", { text: label }));
}

async function askNotifications(on) {
  if (!on) return false;
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  try { return (await Notification.requestPermission()) === "granted"; } catch (e) { return false; }
}

export function drawPreferences() {
  $("prefs-body").replaceChildren(
    choice("speed", _("Animation speed"), [["off", _("off")], ["fast", _("fast")], ["normal", _("normal")], ["slow", _("slow")]]),
    choice("cardSize", _("Card size"), [["small", _("small")], ["normal", _("normal")], ["large", _("large")]]),
    toggle("confirmEnd", _("Ask before ending a turn with actions left")),
    toggle("confirmLoyalty", _("Ask before a play that changes my loyalty")),
    toggle("wakhanSteps", _("Show Wakhan's turn step by step")),
    toggle("sound", _("Sound when it is my turn")),
    toggle("notify", _("Browser notification when it is my turn"), askNotifications),
    toggle("patterns", _("Patterns on coalition pieces (colour-blind)")),
  );
}

// It has become your turn: a short tone and, with permission, a notification (only when the page is hidden).
export function yourTurnAlert(title) {
  if (prefs.sound) {
    try {
      const ctx = new AudioContext();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.4);
    } catch (e) { /* no audio */ }
  }
  if (prefs.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try { new Notification("Pax Pamir", { body: title }); } catch (e) { /* not allowed here */ }
  }
}
