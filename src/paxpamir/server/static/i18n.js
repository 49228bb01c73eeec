// Translations for the pages: the same gettext catalogs as the rest of the game (docs/translating.md).
// _("English text") looks the text up in the catalog of the chosen language, fetched from GET /api/i18n/{lang};
// fmt(_("Seat {n}"), { n: 2 }) fills named placeholders; ngettext(singular, plural, n) picks the form for a count.
// Elements of the HTML pages holding a text to translate carry data-i18n (attributes: data-i18n-title,
// data-i18n-placeholder, data-i18n-aria-label with the English text).
export const LANGUAGES = { en: "English", de: "Deutsch" };
const STORE = "paxpamir.lang";
let messages = {};
let plural = (n) => (n === 1 ? 0 : 1);
export let lang = "en";

export function _(text) {
  const found = messages[text];
  return typeof found === "string" && found ? found : text;
}
export function ngettext(singular, pluralText, n) {
  const found = messages[singular];
  if (Array.isArray(found)) {
    const form = found[plural(n)];
    if (form) return form;
  }
  return n === 1 ? singular : pluralText;
}
export function fmt(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in args ? String(args[key]) : whole));
}

// The language to start in: the one chosen before on this browser, else the browser's own, else English.
export function preferredLanguage() {
  try {
    const stored = localStorage.getItem(STORE);
    if (stored && stored in LANGUAGES) return stored;
  } catch (e) { /* private mode */ }
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).split("-")[0].toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

export async function setLanguage(code) {
  if (!(code in LANGUAGES)) code = "en";
  if (code === "en") { messages = {}; plural = (n) => (n === 1 ? 0 : 1); }
  else {
    const r = await fetch(`/api/i18n/${code}`);
    if (!r.ok) throw new Error(`no catalog for ${code}`);
    const data = await r.json();
    messages = data.messages;
    plural = new Function("n", `return Number(${data.plural});`);  // the catalog's own rule, e.g. "(n != 1)"
  }
  lang = code;
  document.documentElement.lang = code;
  try { localStorage.setItem(STORE, code); } catch (e) { /* private mode */ }
  translatePage();
}

// The static texts of the page, from their English originals (kept, so that switching back and forth works).
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    if (!node.dataset.i18nSource) node.dataset.i18nSource = node.textContent.replace(/\s+/g, " ").trim();
    node.textContent = _(node.dataset.i18nSource);
  }
  for (const attr of ["title", "placeholder", "aria-label"]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attr}]`)) node.setAttribute(attr, _(node.getAttribute(`data-i18n-${attr}`)));
  }
}

// A language menu: changing it loads the catalog, translates the page and calls onchange (to draw again).
export function languageMenu(onchange) {
  const select = document.createElement("select");
  select.id = "lang";
  select.setAttribute("data-i18n-aria-label", "Language");
  select.setAttribute("aria-label", _("Language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = document.createElement("option");
    o.value = code; o.textContent = name; o.selected = code === lang;
    select.append(o);
  }
  select.onchange = async () => { await setLanguage(select.value); if (onchange) onchange(select.value); };
  return select;
}
