// The rules in short (/rules): the page's texts come from the web catalog (data-i18n), the contents are built
// from its sections, and the language menu switches it like the other pages.
import { _, languageMenu, preferredLanguage, setLanguage } from "./i18n.js";

function contents() {
  const toc = document.getElementById("toc");
  toc.replaceChildren(...[...document.querySelectorAll("main section")].map((s) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `#${s.id}`;
    a.textContent = s.querySelector("h2").textContent;
    li.append(a);
    return li;
  }));
}

const asked = new URLSearchParams(location.search).get("lang");
await setLanguage(asked || preferredLanguage()).catch(() => setLanguage("en"));
document.title = _("Pax Pamir: the rules in short");
document.querySelector(".lobby-head").append(languageMenu(() => { contents(); document.title = _("Pax Pamir: the rules in short"); }));
contents();
// The section asked for (a link from the table): scrolled to once the texts are in their language.
if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
