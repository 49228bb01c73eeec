"""The card reference: everything printed on each card, in our own words, as text and as Markdown.

``pamir cards`` prints it; ``docs/cards.md`` is generated from it (``pamir cards --markdown``) and a test
fails when that file is out of date. Card content: Cole Wehrle / Wehrlegig Games, CC BY-NC-SA 4.0.
"""

from __future__ import annotations

import re
from typing import Final

from ..content.cards import CARDS, WAKHAN_CARDS, WAKHAN_INSTRUCTIONS, CourtCard, EventCard
from ..content.map import COALITIONS, REGIONS, SUITS

#: Wakhan's AI card instructions in a few words (the full texts: ``WAKHAN_INSTRUCTIONS``).
WAKHAN_SHORT: Final[dict[str, str]] = {
    "radicalize": "radicalize (by the arrows)",
    "radicalizeIfMilitaryFavoredHighestRankedMilitary": "if military is favored: radicalize the best military card",
    "radicalizeIfPoliticalFavoredHighestRankedEconomic": "if political is favored: radicalize the best economic card",
    "radicalizeHighestRankedPolitical": "radicalize the top-ranked political card",
    "radicalizeHighestRankedIntelligence": "radicalize the top-ranked intelligence card",
    "radicalizeIfFewerThan2RupeesRadicalizeMostNetRupees": "if under 2 rupees: radicalize the card netting most rupees",
    "radicalizeCardThatGivesControlOfRegion": "radicalize a card that makes her rule a region",
    "radicalizeIntelligence": "radicalize an intelligence card",
    "radicalizeCardThatWouldPlaceMostBlocks": "radicalize the card placing most armies and roads",
    "radicalizeIfNoDominantCoalitionCardThatWouldPlaceMostCylinders": (
        "if no coalition is dominant: radicalize the card placing most tribes and spies"
    ),
    "radicalizeIfNoCardWithMoveCardWithMoveAction": "if her court has no move action: radicalize a card with one",
    "radicalizeIfDominantCoalitionMatchingPatriot": "if a coalition is dominant: radicalize one of its patriots",
    "radicalizeIfCourtSizeAtLimitHighestRankedPolitical": "if her court is full: radicalize the best political card",
    "radicalizeIfFewerSpiesThanAnotherPlayerHighestRankedIntelligence": (
        "if someone has more spies: radicalize the best intelligence card"
    ),
    "battleHighestPriorityCourtCardWithMostSpiesWhereWakhanHasSpy": "battle on the card with most spies, one hers",
}


def wakhan_instruction(code: str) -> str:
    """An AI card instruction in a few words ("radicalize (by the arrows)", "tax", ...)."""
    return WAKHAN_SHORT.get(code, code)


def arrow_words(row_side: str) -> str:
    """Where the red arrow points, as the board shows it."""
    return "top row, left end" if row_side == "topLeft" else "bottom row, right end"

_IMPACT_WORDS: Final = {
    "army": "place an army of your loyalty in the card's region",
    "road": "place a road of your loyalty on a border of the card's region",
    "tribe": "place one of your tribes in the card's region",
    "spy": "place one of your spies on a court card of the card's region",
    "leverage": "leverage: take 2 rupees now; discarding this card later costs 2 rupees (or cards)",
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
        return f"make {icon} the favored suit"
    return _IMPACT_WORDS.get(icon, icon)


def _stars(rank: int) -> str:
    return f"{rank} star{'s' if rank != 1 else ''}"


def card_lines(c: CourtCard | EventCard) -> list[str]:
    """Everything printed on a card, in our own words."""
    if isinstance(c, CourtCard):
        lines = [
            f"{c.name} (card {c.number}, a court card)",
            f"  region:  {REGIONS[c.region].capitalize()}",
            f"  suit:    {SUITS[c.suit]}",
            f"  rank:    {_stars(c.rank)}",
            f"  actions: {', '.join(c.actions) if c.actions else 'none'}",
            "  impact icons, resolved in this order when played:",
        ]
        lines += [f"    {i}. {_impact_words(icon)}" for i, icon in enumerate(c.impact, 1)]
        if not c.impact:
            lines.append("    none")
        lines.append(f"  patriot: {COALITIONS[c.patriot].capitalize() if c.patriot >= 0 else 'no'}")
        lines.append(f"  prize:   {COALITIONS[c.prize].capitalize() if c.prize >= 0 else 'none'}")
        if c.ability:
            lines.append(f"  ability: {_words(c.ability)}: {c.ability_text}")
        else:
            lines.append("  ability: none")
        return lines
    kind = "a Dominance Check" if c.is_dominance_check else "an event card"
    lines = [f"{c.name} (card {c.number}, {kind})"]
    if c.is_dominance_check:
        lines.append(f"  when bought or discarded from the market: {c.if_purchased_text}")
    else:
        lines.append(f"  if purchased ({_words(c.if_purchased)}): {c.if_purchased_text}")
        lines.append(f"  if discarded from the market ({_words(c.if_discarded)}): {c.if_discarded_text}")
    return lines


def card_line(c: CourtCard | EventCard) -> str:
    """One line per card for the full list."""
    if isinstance(c, CourtCard):
        extras = []
        if c.patriot >= 0:
            extras.append(f"{COALITIONS[c.patriot]} patriot")
        if c.prize >= 0:
            extras.append(f"{COALITIONS[c.prize]} prize")
        if c.ability:
            extras.append(_words(c.ability))
        return (
            f"{c.number:>3}  {c.name:<30} {REGIONS[c.region]:<11} {SUITS[c.suit]:<12} {c.rank}*  "
            f"{'/'.join(c.actions) or '-':<22} {' '.join(c.impact):<28} {', '.join(extras)}"
        ).rstrip()
    if c.is_dominance_check:
        return f"{c.number:>3}  {c.name:<30} Dominance Check"
    return f"{c.number:>3}  {c.name:<30} event (if discarded from the market: {_words(c.if_discarded)})"


def markdown_reference() -> str:
    """The whole card reference as Markdown (the content of docs/cards.md)."""
    out = [
        "# Card reference",
        "",
        "Generated from `src/paxpamir/data/` by `pamir cards --markdown > docs/cards.md`; do not edit by hand.",
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
