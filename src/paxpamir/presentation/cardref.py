"""The card reference: everything printed on each card, in our own words, as text and as Markdown.

``pamir cards`` prints it; ``docs/cards.md`` is generated from it (``pamir cards --markdown``) and a test
fails when that file is out of date. Card content: Cole Wehrle / Wehrlegig Games, CC BY-NC-SA 4.0.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ..content.cards import CARDS, WAKHAN_CARDS, WAKHAN_INSTRUCTIONS, CourtCard, EventCard, find_cards
from ..content.i18n import N_, ngettext
from ..content.i18n import gettext as _
from ..content.map import COALITIONS, REGIONS, SUITS, region_title
from ..rules.names import action_name, coalition_name, suit_name

#: Wakhan's AI card instructions in a few words (the full texts: ``WAKHAN_INSTRUCTIONS``).
WAKHAN_SHORT: Final[dict[str, str]] = {
    "radicalize": N_("radicalize (by the arrows)"),
    "radicalizeIfMilitaryFavoredHighestRankedMilitary": N_("if military is favored: radicalize the best military card"),
    "radicalizeIfPoliticalFavoredHighestRankedEconomic": (
        N_("if political is favored: radicalize the best economic card")
    ),
    "radicalizeHighestRankedPolitical": (
        N_("radicalize the top-ranked political card")
    ),
    "radicalizeHighestRankedIntelligence": N_("radicalize the top-ranked intelligence card"),
    "radicalizeIfFewerThan2RupeesRadicalizeMostNetRupees": (
        N_("if under 2 rupees: radicalize the card netting most rupees")
    ),
    "radicalizeCardThatGivesControlOfRegion": N_("radicalize a card that makes her rule a region"),
    "radicalizeIntelligence": N_("radicalize an intelligence card"),
    "radicalizeCardThatWouldPlaceMostBlocks": N_("radicalize the card placing most armies and roads"),
    "radicalizeIfNoDominantCoalitionCardThatWouldPlaceMostCylinders": (
        N_("if no coalition is dominant: radicalize the card placing most tribes and spies")
    ),
    "radicalizeIfNoCardWithMoveCardWithMoveAction": N_("if her court has no move action: radicalize a card with one"),
    "radicalizeIfDominantCoalitionMatchingPatriot": N_("if a coalition is dominant: radicalize one of its patriots"),
    "radicalizeIfCourtSizeAtLimitHighestRankedPolitical": (
        N_("if her court is full: radicalize the best political card")
    ),
    "radicalizeIfFewerSpiesThanAnotherPlayerHighestRankedIntelligence": (
        N_("if someone has more spies: radicalize the best intelligence card")
    ),
    "battleHighestPriorityCourtCardWithMostSpiesWhereWakhanHasSpy": N_("battle on the card with most spies, one hers"),
}


def wakhan_instruction(code: str) -> str:
    """An AI card instruction in a few words ("radicalize (by the arrows)", "tax", ...)."""
    return _(WAKHAN_SHORT[code]) if code in WAKHAN_SHORT else action_name(code)


def arrow_words(row_side: str) -> str:
    """Where the red arrow points, as the board shows it."""
    return _("top row, left end") if row_side == "topLeft" else _("bottom row, right end")

_IMPACT_WORDS: Final = {
    "army": N_("place an army of your loyalty in the card's region"),
    "road": N_("place a road of your loyalty on a border of the card's region"),
    "tribe": N_("place one of your tribes in the card's region"),
    "spy": N_("place one of your spies on a court card of the card's region"),
    "leverage": N_("leverage: take 2 rupees now; discarding this card later costs 2 rupees (or cards)"),
}

_SMALL_WORDS: Final = {"of", "for", "in", "the", "to", "and"}
_SPELLING: Final = {"embarrassement": "embarrassment"}


def _words(identifier: str | None) -> str:
    """``'claimOfAncientLineage'`` -> ``'Claim of Ancient Lineage'``."""
    if not identifier:
        return ""
    parts = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", identifier)
    out = []
    for i, part in enumerate(parts):
        low = _SPELLING.get(part.lower(), part.lower())
        out.append(low if i and low in _SMALL_WORDS else low.capitalize())
    return " ".join(out)


def _impact_words(icon: str) -> str:
    if icon in SUITS:
        return _("make {suit} the favored suit").format(suit=suit_name(icon))
    return _(_IMPACT_WORDS[icon]) if icon in _IMPACT_WORDS else icon


def _stars(rank: int) -> str:
    return ngettext("{n} star", "{n} stars", rank).format(n=rank)


def ability_name(ability: str | None) -> str:
    """A card ability's or event's name in words (``'claimOfAncientLineage'`` -> "Claim of Ancient Lineage"), in
    the current language."""
    return _(_words(ability))


def card_lines(c: CourtCard | EventCard) -> list[str]:
    """Everything printed on a card, in our own words (in the current language)."""
    if isinstance(c, CourtCard):
        lines = [
            _("{name} (card {number}, a court card)").format(name=c.name, number=c.number),
            _("  region:  {region}").format(region=region_title(c.region)),
            _("  suit:    {suit}").format(suit=suit_name(c.suit)),
            _("  rank:    {stars}").format(stars=_stars(c.rank)),
            _("  actions: {actions}").format(
                actions=", ".join(action_name(a) for a in c.actions) if c.actions else _("none")
            ),
            _("  impact icons, resolved in this order when played:"),
        ]
        lines += [f"    {i}. {_impact_words(icon)}" for i, icon in enumerate(c.impact, 1)]
        if not c.impact:
            lines.append("    " + _("none"))
        patriot = coalition_name(c.patriot) if c.patriot >= 0 else _("no")
        prize = coalition_name(c.prize) if c.prize >= 0 else _("none")
        lines.append(_("  patriot: {coalition}").format(coalition=patriot))
        lines.append(_("  prize:   {coalition}").format(coalition=prize))
        if c.ability:
            lines.append(
                _("  ability: {name}: {text}").format(name=ability_name(c.ability), text=_(str(c.ability_text)))
            )
        else:
            lines.append(_("  ability: none"))
        return lines
    if c.is_dominance_check:
        lines = [_("{name} (card {number}, a Dominance Check)").format(name=c.name, number=c.number)]
        lines.append(_("  when bought or discarded from the market: {text}").format(text=_(c.if_purchased_text)))
    else:
        lines = [_("{name} (card {number}, an event card)").format(name=c.name, number=c.number)]
        lines.append(
            _("  if purchased ({name}): {text}").format(name=ability_name(c.if_purchased), text=_(c.if_purchased_text))
        )
        lines.append(
            _("  if discarded from the market ({name}): {text}").format(
                name=ability_name(c.if_discarded), text=_(c.if_discarded_text)
            )
        )
    return lines


_ICON_NAMES: Final = {
    "army": N_("army"), "road": N_("road"), "tribe": N_("tribe"), "spy": N_("spy"), "leverage": N_("leverage")
}


def icon_name(icon: str) -> str:
    """An impact icon in a word: a piece, a suit, leverage (in the current language)."""
    if icon in SUITS:
        return suit_name(icon)
    return _(_ICON_NAMES[icon]) if icon in _ICON_NAMES else icon


def card_list(cards: Sequence[CourtCard | EventCard]) -> list[str]:
    """One line per card, in aligned columns: number, name, region, suit, rank, actions, impact icons, patriot,
    prize and ability (an event: what it is, and its effect when discarded from the market)."""
    rows: list[list[str]] = []
    for c in cards:
        if isinstance(c, CourtCard):
            extras = []
            if c.patriot >= 0:
                extras.append(_("{coalition} patriot").format(coalition=coalition_name(c.patriot)))
            if c.prize >= 0:
                extras.append(_("{coalition} prize").format(coalition=coalition_name(c.prize)))
            if c.ability:
                extras.append(ability_name(c.ability))
            rows.append([
                str(c.number), c.name, region_title(c.region), suit_name(c.suit), f"{c.rank}*",
                "/".join(action_name(a) for a in c.actions) or "-", ", ".join(icon_name(i) for i in c.impact),
                ", ".join(extras),
            ])
        elif c.is_dominance_check:
            rows.append([str(c.number), c.name, _("Dominance Check")])
        else:
            rows.append([str(c.number), c.name, _("event (if discarded from the market: {name})").format(
                name=ability_name(c.if_discarded)
            )])
    widths = [max((len(r[k]) for r in rows if len(r) > k + 1), default=0) for k in range(8)]
    out = []
    for r in rows:
        cells = [r[0].rjust(max(widths[0], 3))] + [cell.ljust(widths[k]) if k < len(r) - 1 else cell
                                                  for k, cell in enumerate(r) if k]
        out.append("  ".join(cells).rstrip())
    return out


def card_query_lines(query: str) -> list[str]:
    """A card as ``pamir cards QUERY`` and the terminal game's ``card QUERY`` show it (in the current language):
    everything printed on it when one card matches (a number or a name, or part of one), one line each when
    several do. KeyError, with a message to show, when none does."""
    matches = find_cards(query)
    if not matches:
        raise KeyError(
            _("no card is called {query} (try part of a name, or a number from 1 to 116)").format(query=repr(query))
        )
    if len(matches) == 1:
        return card_lines(matches[0])
    return [_("{n} cards match {query}:").format(n=len(matches), query=repr(query)), *card_list(matches)]


def markdown_reference() -> str:
    """The whole card reference as Markdown (the content of docs/cards.md)."""
    out = [
        "# Card reference",
        "",
        "Generated from `src/paxpamir/content/data/` by `pamir cards --markdown > docs/cards.md`; do not edit by hand.",
        "Card content of *Pax Pamir: Second Edition* is by Cole Wehrle / Wehrlegig Games, licensed",
        "CC BY-NC-SA 4.0. The texts here are our own short descriptions, not the printed card texts.",
        "",
        "## Court cards",
        "",
        "| # | Name | Region | Suit | Rank | Actions | Impact icons (in order) | Patriot | Prize | Ability |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for c in CARDS:
        if isinstance(c, CourtCard):
            ability = f"**{_words(c.ability)}**: {c.ability_text}" if c.ability else ""
            out.append(
                f"| {c.number} | {c.name} | {REGIONS[c.region].capitalize()} | {SUITS[c.suit]} | {c.rank} | "
                f"{', '.join(c.actions) or '—'} | {', '.join(c.impact) or '—'} | "
                f"{COALITIONS[c.patriot].capitalize() if c.patriot >= 0 else ''} | "
                f"{COALITIONS[c.prize].capitalize() if c.prize >= 0 else ''} | {ability} |"
            )
    out += ["", "## Events and Dominance Checks", "", "| # | Name | If purchased | If discarded from the market |",
            "|---|---|---|---|"]
    for c in CARDS:
        if isinstance(c, EventCard):
            out.append(f"| {c.number} | {c.name} | {c.if_purchased_text} | {c.if_discarded_text} |")
    out += ["", "## Wakhan's AI cards", "",
            "| # | Actions (top to bottom) | Column arrow | Row arrow | Pragmatic loyalty | Region order | "
            "Back: columns | Back: row/side |",
            "|---|---|---|---|---|---|---|---|"]
    for w in WAKHAN_CARDS:
        out.append(
            f"| {w.number} | {'; '.join(w.actions)} | {w.column_arrow} | {w.row_side_arrow} | "
            f"{', '.join(COALITIONS[c] for c in w.pragmatic_loyalty)} | "
            f"{', '.join(REGIONS[r] for r in w.region_order)} | "
            f"{' '.join(map(str, w.back_columns))} | {', '.join(w.back_row_side)} |"
        )
    out += ["", "### AI card instruction codes", ""]
    out += [f"- `{code}`: {text}" for code, text in WAKHAN_INSTRUCTIONS.items()]
    return "\n".join(out) + "\n"
