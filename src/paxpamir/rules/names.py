"""The names the rules' option labels and prompts use: cards, places, coalitions, suits, card actions, seats,
rupees, in the current language (:mod:`paxpamir.content.i18n`).

A decision kind declares its words (prompt and labels) next to itself in its rules module; this module holds
the names they share. The engine never calls them: the words layer (:mod:`paxpamir.presentation.words`) does.
:mod:`paxpamir.presentation.describe` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Protocol

from ..content.cards import ACTIONS, CARDS
from ..content.i18n import N_, msg, ngettext, render
from ..content.i18n import gettext as _
from ..content.map import BORDER_NAMES, REGIONS, SUITS, border_title, region_title
from ..engine.options import option_arg
from ..engine.steps import Option

if TYPE_CHECKING:
    from ..engine.game import Game

#: Names of the coalitions, suits and card actions (in the order of ``COALITIONS``, ``SUITS``, ``ACTIONS``).
COALITION_NAMES: Final[tuple[str, ...]] = (N_("Afghan"), N_("British"), N_("Russian"))
SUIT_NAMES: Final[tuple[str, ...]] = (N_("political"), N_("intelligence"), N_("economic"), N_("military"))
ACTION_NAMES: Final[tuple[str, ...]] = (N_("tax"), N_("gift"), N_("build"), N_("move"), N_("betray"), N_("battle"))
ARMY_TEXTS: Final[tuple[str, ...]] = (N_("an Afghan army"), N_("a British army"), N_("a Russian army"))
ROAD_TEXTS: Final[tuple[str, ...]] = (
    N_("an Afghan road on {border}"), N_("a British road on {border}"), N_("a Russian road on {border}"),
)


def coalition_name(coalition: int) -> str:
    """"Afghan", "British", "Russian" (the coalition's name in the current language)."""
    return _(COALITION_NAMES[coalition]) if 0 <= coalition < len(COALITION_NAMES) else str(coalition)


def suit_name(suit: int | str) -> str:
    """"political", "intelligence", "economic", "military" in the current language (index or English id)."""
    if isinstance(suit, str):
        suit = SUITS.index(suit) if suit in SUITS else -1
    return _(SUIT_NAMES[suit]) if 0 <= suit < len(SUIT_NAMES) else str(suit)


def action_name(action: str) -> str:
    """A card action's name ("tax", "battle", ...) in the current language."""
    return _(ACTION_NAMES[ACTIONS.index(action)]) if action in ACTIONS else action


def army_text(coalition: int) -> str:
    """"an Afghan army" (with its article)."""
    return _(ARMY_TEXTS[coalition])


def road_text(coalition: int, border: str) -> str:
    """"a British road on Kabul–Punjab" (``border`` already in words)."""
    return _(ROAD_TEXTS[coalition]).format(border=border)


def rupees_text(k: int) -> str:
    return ngettext("{n} rupee", "{n} rupees", k).format(n=k)


def plain_label(option: Option) -> str:
    """The words of an option as they are, for an option a kind's label does not know (never shown in play)."""
    return " ".join(str(x) for x in option)


def card_name(number: int) -> str:
    if not isinstance(number, int) or not 1 <= number <= 116:
        return _("card {number}").format(number=number)
    c = CARDS[number]
    assert c is not None
    return f"{c.name} ({number})"


def player_message(g: Game, p: int) -> Any:
    """A seat's name as a message to render later (kept in a reason): the name the game gives the seat,
    "Wakhan", or "Player n" in the reader's language."""
    names = g.options.get("names")
    if names and 0 <= p < len(names):
        return str(names[p])
    if p == g.wakhan:
        return "Wakhan"
    return msg("Player {n}", n=p + 1)


def player_name(g: Game, p: int) -> str:
    """A seat's name in the current language."""
    return render(player_message(g, p))


def where_name(value: Any) -> str:
    """A region or border name (as in options) in words: ``"kabul-punjab"`` -> "Kabul–Punjab" style."""
    if isinstance(value, str):
        if value in REGIONS:
            return region_title(REGIONS.index(value))
        if value in BORDER_NAMES:
            return border_title(BORDER_NAMES.index(value))
    return str(value)


def discard_label(g: Game, player: int, option: Option) -> str:
    """The label of a ``("discard", card)`` option of ``player``: says whether the card is in hand or court."""
    if option[:1] != ("discard",) or len(option) != 2:
        return plain_label(option)
    a = option_arg(option, "card")
    if a in g.hands[player]:
        return _("Discard {card} from your hand").format(card=card_name(a))
    if a in g.courts[player]:
        return _("Discard {card} from your court").format(card=card_name(a))
    return _("Discard {card}").format(card=card_name(a))


class PlayerStep(Protocol):
    """Any step, read for its player (every step type has the field)."""

    @property
    def player(self) -> int: ...


def discard_step_label(g: Game, step: PlayerStep, option: Option) -> str:
    """The label of an option of a decision in which the step's player discards a card: :func:`discard_label`."""
    return discard_label(g, step.player, option)


#: How the words of an option's label name its argument: ``{card}`` a card, ``{region}`` or ``{border}`` a place.
_ARGUMENT_NAMES: Final = (
    ("{card}", "card", card_name),
    ("{region}", "region", where_name),
    ("{border}", "border", where_name),
)


def option_labels(texts: dict[str, str]) -> Callable[[Game, Any, Option], str]:
    """The label function of a decision whose options have fixed words: ``texts`` gives them (marked ``N_``) for
    each option kind, ``{card}``, ``{region}`` or ``{border}`` in them naming the option's one argument:
    ``option_labels({"skip": N_("Skip"), "spy": N_("Spy on {card}")})``. Another option is labelled plainly."""

    def label(g: Game, step: Any, option: Option) -> str:
        text = texts.get(option[0]) if option else None
        if text is None:
            return plain_label(option)
        for placeholder, name, naming in _ARGUMENT_NAMES:
            if placeholder in text:
                if len(option) != 2:
                    return plain_label(option)
                return _(text).format(**{name: naming(option[1])})
        return _(text)

    return label


def bribe_purpose(purpose: str, card: int) -> str:
    if purpose == "play":
        return _("to play {card}").format(card=card_name(card))
    return _("to act with {card} (held hostage)").format(card=card_name(card))
