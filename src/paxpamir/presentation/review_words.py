"""The words of a game review (:mod:`paxpamir.agents.review`), in any language: the review itself holds only
figures, options and their labels in every language, so that a server shows one review in each page's language.

Victory points and rupees are means over the lines, said in whole numbers ("about 2 fewer rupees"; a change
that rounds to 0 is left out); the points expected at the next Dominance Check, an expectation, keep a decimal.

>>> changed = {"vp": 2.0, "rupees": -1.5, "check": 0.0, "rulers_gained": ["kabul"], "rulers_lost": [],
...            "loyalty": [1, 1]}
>>> change_line(changed)
'2 more victory points, about 2 fewer rupees, ruling Kabul'
>>> with language("de"):
...     change_line(changed)
'2 Siegpunkte mehr, etwa 2 Rupien weniger, Herrschaft über Kabul'
"""

from __future__ import annotations

import math
from typing import Any, Final

from ..content.i18n import N_, current_language, language, ngettext
from ..content.i18n import gettext as _
from ..rules.names import coalition_name, where_name

#: Changes smaller than this (in means over the lines) are not worth words.
_SMALL: Final[float] = 0.25

#: Short names of the decision kinds, for a review's table.
KIND_NAMES: Final[dict[str, str]] = {
    "loyalty": N_("loyalty"),
    "turn": N_("action"),
    "rumor": N_("Rumor"),
    "exchange_hands": N_("hand exchange"),
    "pashtunwali": N_("Pashtunwali"),
    "rebuke": N_("Rebuke"),
    "confidence_failure": N_("Confidence Failure"),
    "bribe_demand": N_("bribe asked"),
    "bribe_answer": N_("bribe offer answered"),
    "bribe_pay": N_("bribe paid"),
    "bribe_counter": N_("bribe counter-offer"),
    "tax": N_("tax"),
    "build": N_("build"),
    "move": N_("move"),
    "battle": N_("battle"),
    "battle_site": N_("battle site"),
    "betray": N_("betray"),
    "prize": N_("prize"),
    "place_road": N_("road"),
    "place_spy": N_("spy"),
    "side": N_("court side"),
    "blackmail": N_("blackmail"),
    "infrastructure": N_("infrastructure"),
    "take_piece": N_("piece taken back"),
    "safe_house": N_("safe house"),
    "discard_hand_over_limit": N_("discard from hand"),
    "discard_court_over_limit": N_("discard from court"),
    "leverage_discard": N_("leverage discard"),
}

#: The kinds of overlooked options (:func:`paxpamir.agents.review.overlooked_kind`) in words.
OVERLOOKED_NAMES: Final[dict[str, str]] = {
    "loyalty": N_("changing loyalty"),
    "betray": N_("betraying for a prize"),
    "bribe": N_("bargaining over a bribe"),
    "leverage": N_("leverage"),
}


def kind_name(kind: str) -> str:
    """A decision kind's short name in the current language."""
    text = KIND_NAMES.get(kind)
    return _(text) if text is not None else kind


def overlooked_name(kind: str) -> str:
    """A kind of overlooked option in the current language."""
    text = OVERLOOKED_NAMES.get(kind)
    return _(text) if text is not None else kind


def number_text(x: float) -> str:
    """A mean in words: a whole number when it is one, else one decimal (a comma in German)."""
    r = round(abs(x), 1)
    text = str(int(r)) if r == int(r) else f"{r:.1f}"
    return text.replace(".", ",") if current_language() == "de" else text


def _count(x: float) -> int:
    """What :func:`ngettext` is given for a mean: 1 for one, else 2 (a decimal is plural)."""
    r = round(abs(x), 1)
    return 1 if r == 1.0 else 2


def _whole(x: float) -> int:
    """A mean as the whole number said for it (halves away from 0), without its sign."""
    return int(abs(x) + 0.5)


def _exact(x: float) -> bool:
    """Whether a mean is a whole number (every line gave the same), so that "about" is not said."""
    return abs(abs(x) - _whole(x)) < 0.005


def _vp_clause(x: float) -> str:
    """A mean change of victory points in whole numbers; empty when it rounds to 0."""
    k = _whole(x)
    if k == 0:
        return ""
    if _exact(x):
        if x > 0:
            return ngettext("{n} more victory point", "{n} more victory points", k).format(n=k)
        return ngettext("{n} fewer victory point", "{n} fewer victory points", k).format(n=k)
    if x > 0:
        return ngettext("about {n} more victory point", "about {n} more victory points", k).format(n=k)
    return ngettext("about {n} fewer victory point", "about {n} fewer victory points", k).format(n=k)


def _rupee_clause(x: float) -> str:
    """A mean change of rupees in whole numbers; empty when it rounds to 0."""
    k = _whole(x)
    if k == 0:
        return ""
    if _exact(x):
        if x > 0:
            return ngettext("{n} more rupee", "{n} more rupees", k).format(n=k)
        return ngettext("{n} fewer rupee", "{n} fewer rupees", k).format(n=k)
    if x > 0:
        return ngettext("about {n} more rupee", "about {n} more rupees", k).format(n=k)
    return ngettext("about {n} fewer rupee", "about {n} fewer rupees", k).format(n=k)


def percent_text(p: float | None) -> str:
    """A chance as a percentage ("37%"), or a dash when there is none."""
    if p is None:
        return "–"
    return _("{p}%").format(p=round(100 * p))


def _regions(names: list[str]) -> str:
    """Regions by the names the game's words give them (as in the log and the labels)."""
    return ", ".join(where_name(r) for r in names)


def change_clauses(changed: dict[str, Any] | None, loyalty: bool = True) -> list[str]:
    """What the better line changes against the other, as clauses in the current language (vp, rupees,
    rulers, loyalty, the next Dominance Check). ``loyalty=False`` leaves the loyalty out (a decision of
    loyalty, whose option already says it)."""
    if not changed:
        return []
    out = []
    for clause in (_vp_clause(float(changed.get("vp", 0.0))), _rupee_clause(float(changed.get("rupees", 0.0)))):
        if clause:
            out.append(clause)
    gained = changed.get("rulers_gained") or []
    if gained:
        out.append(_("ruling {regions}").format(regions=_regions(gained)))
    lost = changed.get("rulers_lost") or []
    if lost:
        out.append(_("no longer ruling {regions}").format(regions=_regions(lost)))
    loyal = changed.get("loyalty") or [-1, -1]
    if loyalty and len(loyal) == 2 and loyal[0] != loyal[1] and loyal[1] >= 0:
        if loyal[0] >= 0:
            out.append(_("loyal to the {coalition} coalition instead of the {other} one").format(
                coalition=coalition_name(loyal[1]), other=coalition_name(loyal[0])))
        else:
            out.append(_("loyal to the {coalition} coalition").format(coalition=coalition_name(loyal[1])))
    check = float(changed.get("check", 0.0))
    if abs(check) >= _SMALL:
        n = number_text(check)
        if check > 0:
            out.append(ngettext("{n} more point expected at the next Dominance Check",
                                "{n} more points expected at the next Dominance Check", _count(check)).format(n=n))
        else:
            out.append(ngettext("{n} fewer point expected at the next Dominance Check",
                                "{n} fewer points expected at the next Dominance Check", _count(check)).format(n=n))
    return out


def change_line(changed: dict[str, Any] | None, loyalty: bool | None = None) -> str:
    """ONE line: what a line brings against another by the player's next turn (``changed`` of a review's
    decision or of a hint); empty when the two lines are the same option. ``changed["better"]`` (a hint's; True
    when absent) says whether the line described has the better chance (True), the worse (False) or as good a
    one (None, within the rounding): only a better line whose figures say only costs gains "a better position
    for what follows". ``loyalty=False`` (default: unless ``changed["loyalty_in_label"]``, a hint of a decision
    of loyalty) leaves the loyalty out (:func:`change_clauses`)."""
    if changed is None:
        return ""
    if loyalty is None:
        loyalty = not changed.get("loyalty_in_label", False)
    better = changed.get("better", True)
    clauses = change_clauses(changed, loyalty)
    if not clauses:
        if better is None:
            return _("the same points and rupees, and a position as good for what follows")
        if not better:
            return _("the same points and rupees, but a worse position for what follows")
        return _("the same points and rupees, but a better position for what follows")
    if better and not _gains(changed, loyalty):  # only costs said: what the better option gains is its position
        clauses.append(_("but a better position for what follows"))
    return ", ".join(clauses)


def _gains(changed: dict[str, Any], loyalty: bool) -> bool:
    """Whether :func:`change_clauses` says a gain of the better line (or a change of loyalty, neither gain nor
    cost), not only costs."""
    vp = float(changed.get("vp", 0.0))
    rupees = float(changed.get("rupees", 0.0))
    check = float(changed.get("check", 0.0))
    loyal = changed.get("loyalty") or [-1, -1]
    turned = loyalty and len(loyal) == 2 and loyal[0] != loyal[1] and loyal[1] >= 0
    return (vp > 0 and _whole(vp) > 0) or (rupees > 0 and _whole(rupees) > 0) or bool(changed.get("rulers_gained")) \
        or check >= _SMALL or bool(turned)


def seat_name(review: dict[str, Any], seat: int) -> str:
    """A seat's name in a review: the game's name for it, Wakhan, or "Player n"."""
    names = review.get("names")
    if names and 0 <= seat < len(names):
        return str(names[seat])
    if seat == review.get("wakhan", -1):
        return "Wakhan"
    return _("Player {n}").format(n=seat + 1)


def option_words(entry: dict[str, Any]) -> str:
    """The label of a review's option (``chosen``, ``preferred``, a candidate) in the current language."""
    labels = entry.get("labels") or {}
    text = labels.get(current_language()) or labels.get("en") or entry.get("label")
    return str(text) if text is not None else " ".join(str(x) for x in entry.get("option", []))


def recommends(d: dict[str, Any]) -> bool:
    """Whether a reviewed decision recommends another option: one was preferred and the loss does not round to
    0%."""
    return d.get("changed") is not None and round(100 * float(d.get("loss", 0.0))) > 0


def decision_why(d: dict[str, Any]) -> str:
    """ONE line on a reviewed decision: what the preferred option would have changed, or that the chosen one
    was the best found (or as good, within the rounding)."""
    if d.get("changed") is None or d["preferred"].get("option") == d["chosen"].get("option"):
        if d["preferred"].get("option") != d["chosen"].get("option"):
            return _("As good as the best option found.")
        return _("The best option found.")
    if not recommends(d):
        return _("As good as the best option found.")
    why = change_line(d["changed"], loyalty=d.get("kind") != "loyalty")
    # The option's label in quotes starts its own phrase: no label is glued into a sentence.
    return _("“{option}” would have been better: {changes}").format(option=option_words(d["preferred"]),
                                                                     changes=why)


def _legend(review: dict[str, Any]) -> str:
    """What a mistake is and what the chances are (the review's thresholds: ``mistake_loss`` and, in reviews
    that mark mistakes near 0 and 1 too, ``mistake_floor`` and ``mistake_logit``)."""
    p = round(100 * float(review.get("mistake_loss", 0.05)))
    floor = review.get("mistake_floor")
    logit = review.get("mistake_logit")
    if floor is None or logit is None:
        return _("A mistake loses at least {p} percentage points of winning chance against the best option found; "
                 "chances are the review's calibrated estimates, each from the player's own view.").format(p=p)
    k = round(100 * float(floor))
    cut = round(100 * (1.0 - math.exp(-float(logit))))
    low = round(100 / (1.0 + 24.0 * math.exp(float(logit))))  # 4% with its odds cut by the threshold
    return ngettext(
        "A mistake loses at least {p} percentage points of winning chance against the best option found, or, where "
        "the chance is small or large, at least {k} point that cuts the odds of winning by {cut}% or more (as from "
        "4% to {low}%); chances are the review's calibrated estimates, each from the player's own view.",
        "A mistake loses at least {p} percentage points of winning chance against the best option found, or, where "
        "the chance is small or large, at least {k} points that cut the odds of winning by {cut}% or more (as from "
        "4% to {low}%); chances are the review's calibrated estimates, each from the player's own view.",
        k).format(p=p, k=k, cut=cut, low=low)


def _describe(review: dict[str, Any]) -> dict[str, Any]:
    rows = []
    for d in review.get("decisions", []):
        rows.append({
            "index": d["index"],
            "seat": d["seat"],
            "player": seat_name(review, d["seat"]),
            "turn": d["turn"],
            "kind": kind_name(d["kind"]),
            "chosen": option_words(d["chosen"]),
            "preferred": option_words(d["preferred"]),
            "same": not recommends(d),
            "before": percent_text(d["before"]),
            "after": percent_text(d["after"]),
            "loss": _("−{p}%").format(p=round(100 * d["loss"])) if d["loss"] >= 0.005 else "",
            "mistake": bool(d["mistake"]),
            "why": decision_why(d),
        })
    summary = []
    for s in review.get("summary", []):
        n, m, lost = int(s["decisions"]), int(s["mistakes"]), round(100 * s["total_loss"])
        summary.append(_("{player}: {decisions}, {mistakes}, {loss}").format(
            player=seat_name(review, s["seat"]),
            decisions=ngettext("{n} decision reviewed", "{n} decisions reviewed", n).format(n=n),
            mistakes=ngettext("{n} mistake", "{n} mistakes", m).format(n=m),
            loss=ngettext("{n} percentage point of winning chance lost in all",
                          "{n} percentage points of winning chance lost in all", lost).format(n=lost)))
    return {
        "title": _("Game review"),
        "columns": {
            "turn": _("Turn"), "player": _("Player"), "kind": _("Decision"), "chosen": _("Chosen"),
            "preferred": _("Bot's choice"), "before": _("Best chance"), "after": _("After"), "loss": _("Loss"),
            "why": _("Why"),
        },
        "rows": rows,
        "summary": summary,
        "legend": _legend(review),
        "checks": _("Dominance Checks scored after decisions {indices}").format(
            indices=", ".join(str(i + 1) for i in review.get("checks", []))) if review.get("checks") else "",
    }


def describe_review(review: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
    """A review's words in ``lang`` (default: the current language): ``title``, ``columns`` (headings),
    ``rows`` (one per decision: its figures as text, ``chosen`` and ``preferred`` labels, ``why`` in ONE line,
    ``mistake``), ``summary`` (a line per seat), ``legend`` and ``checks``."""
    if lang is None:
        return _describe(review)
    with language(lang):
        return _describe(review)


__all__ = [
    "KIND_NAMES",
    "OVERLOOKED_NAMES",
    "change_clauses",
    "change_line",
    "decision_why",
    "describe_review",
    "kind_name",
    "number_text",
    "option_words",
    "recommends",
    "overlooked_name",
    "percent_text",
    "seat_name",
]
