// Links from the table's explanations to the rules reference (/rules, rules.html): a small "?" beside each part
// of the table whose hover texts explain a rule, and after the decision's question, to the section of the pending
// decision.
import { _, fmt, lang } from "./i18n.js";
import { $, el } from "./dom.js";
import { session } from "./session.js";

// [where on the page, the rules section, its title]: the titles are the section titles of rules.html.
const PLACES = [
  ["#tableinfo .chip:nth-child(1)", "favored-suit", "The favored suit"],
  ["#tableinfo .chip:nth-child(3)", "dominance", "Dominance Checks"],
  ["#players .player .head", "players", "What the player panels show"],
  ["#wakhan > h2", "wakhan", "Wakhan"],
  ["#hand-area > h2", "turn", "A turn"],
  ["#my-court h3, #courts h3", "actions", "Card actions"],
  [".card .hostage", "spies", "Spies and hostages"],
  [".card .badge-bonus", "favored-suit", "The favored suit"],
];
// The section of each decision (the rest: "A turn").
const DECISIONS = [
  [/^bribe/, "rulers", "Rulers and bribes"], [/spy|blackmail/, "spies", "Spies and hostages"],
  [/^(battle|tax|move|betray|build)/, "actions", "Card actions"], [/road|army|tribe/, "blocks", "Armies, roads and tribes"],
  [/^loyalty/, "loyalty", "Loyalty"], [/^side/, "playing", "Playing a card"], [/^gift/, "influence", "Gifts and influence"],
];
void [_("The favored suit"), _("Dominance Checks"), _("What the player panels show"), _("Wakhan"), _("A turn"),
  _("Card actions"), _("Spies and hostages"), _("Rulers and bribes"), _("Armies, roads and tribes"), _("Loyalty"),
  _("Playing a card"), _("Gifts and influence")];

export function rulesHref(anchor) {
  return `/rules?lang=${lang}#${anchor}`;
}
function link(anchor, title) {
  const said = fmt(_("Rules: {section}"), { section: _(title) });
  return el("a", { class: "rules-q", href: rulesHref(anchor), target: "pamir-rules", title: said, "aria-label": said, text: "?" });
}

export function linkRules() {
  const m = session.model;
  if (!m) return;
  for (const [where, anchor, title] of PLACES) {
    for (const node of document.querySelectorAll(where)) if (!node.querySelector(":scope > .rules-q")) node.append(link(anchor, title));
  }
  // After the question of the decision: the section of the decision pending.
  const prompt = $("prompt");
  for (const old of prompt.querySelectorAll(".rules-q")) old.remove();
  const kind = m.decision || "";
  const found = DECISIONS.find(([re]) => re.test(kind)) || [null, "turn", "A turn"];
  if (!m.over) prompt.append(link(found[1], found[2]));
  const top = $("rules-link");
  if (top) top.href = rulesHref("goal");
}
