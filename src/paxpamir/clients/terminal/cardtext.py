"""What a card says, as text: titles, the printed facts of a card, Wakhan's AI cards."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ...content.cards import CARDS, WAKHAN_INSTRUCTIONS, CourtCard, wakhan_card
from ...content.i18n import gettext as _
from ...content.map import SUITS, region_title
from ...presentation.cardref import arrow_words, icon_name
from ...presentation.describe import action_name, coalition_name, suit_name
from .styles import COALITION_STYLES


def card_title(number: int) -> str:
    """"Name (number)", or "card N" for a number without a card."""
    c = CARDS[number]
    return f"{c.name} ({number})" if c is not None else _("card {number}").format(number=number)


def card_extras(info: CourtCard) -> Text:
    """What a court card adds in the market, as in hands and courts: actions, impact icons, patriot, prize."""
    out = Text()
    if info.actions:
        out.append(f" · {'/'.join(action_name(a) for a in info.actions)}")
    if info.impact:
        counted: list[list[Any]] = []
        for icon in info.impact:
            if counted and counted[-1][0] == icon:
                counted[-1][1] += 1
            else:
                counted.append([icon, 1])
        words = ", ".join(impact_word(i) + (f" x{k}" if k > 1 else "") for i, k in counted)
        out.append(_(" · impact {icons}").format(icons=words), style="dim")
    if info.patriot >= 0:
        out.append(_(" · patriot "))
        out.append(coalition_name(info.patriot), style=COALITION_STYLES[info.patriot])
    if info.prize >= 0:
        out.append(_(" · prize "))
        out.append(coalition_name(info.prize), style=COALITION_STYLES[info.prize])
    if info.ability_text:
        out.append(_(" · ability"), style="dim")
    return out


def impact_word(icon: str) -> str:
    """An impact icon in words: suit icons make that suit favored."""
    if icon in SUITS:
        return _("favor {suit}").format(suit=suit_name(icon))
    return icon_name(icon)


def wakhan_card_details(number: int) -> str:
    """Wakhan's AI card ``number``: its instructions in full, its arrows, loyalty and region order, its back."""
    card = wakhan_card(number)
    lines = [
        _("Wakhan's AI card {number}: tried top to bottom, the first one she can carry out is taken").format(
            number=card.number
        )
    ]
    lines += [f"  {i}. {_(WAKHAN_INSTRUCTIONS.get(a, a))}" for i, a in enumerate(card.actions, 1)]
    lines.append(
        _("  Pragmatic loyalty: {loyalty}; region order: {regions}").format(
            loyalty=" > ".join(coalition_name(c) for c in card.pragmatic_loyalty),
            regions=", ".join(region_title(r) for r in card.region_order),
        )
    )
    lines.append(
        _("  Arrows point at the next card's back: its column entry {column} of 6, its row entry {row} of 2").format(
            column=card.column_arrow + 1, row=card.row_side_arrow + 1
        )
    )
    lines.append(
        _("  Back: market columns {columns} (from the left); rows {rows}").format(
            columns=", ".join(str(c + 1) for c in card.back_columns),
            rows=", ".join(arrow_words(r) for r in card.back_row_side),
        )
    )
    return "\n".join(lines)
