"""Readable English for options, prompts and log events. Nothing here changes the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..content.cards import CARDS
from ..content.map import BORDER_NAMES, COALITIONS, REGIONS, SUITS, border_title, region_title
from ..engine.options import option_arg
from ..engine.steps import KINDS, Option, Step

if TYPE_CHECKING:
    from ..engine.game import Game


def effect_name(effect: str) -> str:
    """The name of a lasting effect (the table is ``rules.events.LASTING_EFFECTS``)."""
    from ..rules.events import effect_name as name

    return name(effect)


def rupees_text(k: int) -> str:
    return f"{k} rupee" if k == 1 else f"{k} rupees"


def plain_label(option: Option) -> str:
    """The words of an option as they are, for an option a kind's label does not know (never shown in play)."""
    return " ".join(str(x) for x in option)


def card_name(number: int) -> str:
    if not isinstance(number, int) or not 1 <= number <= 116:
        return f"card {number}"
    c = CARDS[number]
    assert c is not None
    return f"{c.name} ({number})"


def player_name(g: Game, p: int) -> str:
    names = g.options.get("names")
    if names and 0 <= p < len(names):
        return str(names[p])
    if p == g.wakhan:
        return "Wakhan"
    return f"Player {p + 1}"


def possessive(g: Game, p: int) -> str:
    """"her" for Wakhan, "their" for a player (a person of unknown gender)."""
    return "her" if p == g.wakhan else "their"


def where_name(value: Any) -> str:
    """A region or border name (as in options) in English: ``"kabul-punjab"`` -> "Kabul–Punjab" style."""
    if isinstance(value, str):
        if value in REGIONS:
            return region_title(REGIONS.index(value))
        if value in BORDER_NAMES:
            return border_title(BORDER_NAMES.index(value))
    return str(value)


_where = where_name  # the older name


def indefinite(word: str) -> str:
    """The word with its indefinite article ("an Afghan", "a British")."""
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


_a = indefinite  # the older name


def discard_label(g: Game, player: int, option: Option) -> str:
    """The label of a ``("discard", card)`` option of ``player``: says whether the card is in hand or court."""
    if option[:1] != ("discard",) or len(option) != 2:
        return option_text(option)
    a = option_arg(option, "card")
    where = ""
    if a in g.hands[player]:
        where = " from your hand"
    elif a in g.courts[player]:
        where = " from your court"
    return f"Discard {card_name(a)}{where}"


def option_text(option: Option) -> str:
    """An option as plain words, for options no decision kind labels."""
    return plain_label(option)


def bribe_purpose(purpose: str, card: int) -> str:
    if purpose == "play":
        return f"to play {card_name(card)}"
    return f"to act with {card_name(card)} (held hostage)"


def label(g: Game, step: Step, option: Option) -> str:
    """The English for ``option`` of the decision ``step``: the decision kind's own label function."""
    spec = KINDS.get(step[0]) if step else None
    if spec is None or spec.label is None:
        return option_text(option)
    return spec.label(g, step, option)


def prompt(g: Game, step: Step) -> str:
    """The question of the decision ``step``, for its player: the decision kind's prompt (or ``ask``)."""
    spec = KINDS.get(step[0])
    if spec is None:
        text = str(step[0])
    elif spec.ask is not None:
        text = spec.ask(g, step)
    else:
        text = spec.prompt
    return f"{player_name(g, step[1])}: {text}"


def event_text(g: Game, e: dict[str, Any]) -> str:
    """One log event in English: the event type's own small function in :data:`EVENT_TEXTS`."""
    t = e["type"]
    p: Any = e.get("player", -1)
    who = player_name(g, p) if isinstance(p, int) and p >= 0 else "Everyone"
    text = EVENT_TEXTS.get(t)
    if text is None:
        return f"{t}: {e}"
    return text(g, e, who, p, e.get("card"))


# ---------------------------------------------------------------------------- log events, one function each
# Each gets the game, the event, the name of its player ("Everyone" for none), its player and its card.


def _setup(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"New game for {e['players']} players; {player_name(g, e['first_chooser'])} chooses loyalty first."


def _loyalty(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} is loyal to the {COALITIONS[e['coalition']].capitalize()} coalition."


def _turn(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"— Turn {e['turn']}: {who} —"


def _end_turn(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} ends the turn."


def _purchase(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    gained = f" and takes the {rupees_text(e['gained'])} on it" if e["gained"] else ""
    price = "for free" if e["cost"] == 0 else f"for {rupees_text(e['cost'])}"
    return f"{who} purchases {card_name(c)} {price}{gained}."


def _play(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} plays {card_name(c)} to the {e['side']} of {possessive(g, p)} court."


def _action(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    bonus = " (bonus action)" if e["bonus"] else ""
    return f"{who} takes the {e['action']} action with {card_name(c)}{bonus}."


def _place(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} places {_piece(e)}."


def _no_piece(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} has no {e['kind']} to place: every one in play was placed this turn."


def _impacts_cancelled(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{card_name(c)} has left {who}'s court: its remaining impact icons are not resolved."


def _no_spy_target(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if e["region"] < 0:
        return f"{who} places no spy: {card_name(c)} has left the court."
    return f"{who} places no spy: no court holds a card of {region_title(e['region'])}."


def _take_piece(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    source = " ".join(map(str, e["source"][1:])) or "the dial"
    return f"{who} has none left in supply and takes a piece from {source}."


def _ruler(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    r = region_title(e["region"])
    return f"{player_name(g, e['player'])} now rules {r}." if e["player"] >= 0 else f"Nobody rules {r} now."


def _bribe_asked(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    payer = player_name(g, e["payer"])
    what = bribe_purpose(e['purpose'], e['card'])
    if not e["amount"]:
        return f"{who} waives the bribe {payer} owes {what}."
    full = f" (up to {e['full']})" if e["full"] != e["amount"] else ""
    return f"{who} asks {payer} for a bribe of {rupees_text(e['amount'])}{full} {what}."


def _bribe_paid(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} pays a bribe of {rupees_text(e['amount'])} to {player_name(g, e['to'])}."


def _bribe_refused(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    undone = f"the action with {card_name(c)} is not taken"
    if e["purpose"] == "play":
        undone = f"{card_name(c)} is not played"
    return f"{who} refuses the bribe of {rupees_text(e['amount'])}: {undone}."


def _leverage_taken(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} takes {e['amount']} rupees from the bank ({card_name(c)} is leveraged)."


def _favored(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"The favored suit is now {SUITS[e['suit']]}."


def _favored_unchanged(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"The favored suit stays {SUITS[g.favored]} (suit changes are blocked)."


def _loyalty_change(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    coalition = COALITIONS[e["coalition"]].capitalize()
    return f"{who} changes loyalty to the {coalition} coalition, losing gifts, prizes and patriots."


def _discard_hand(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} discards {card_name(c)} from hand ({e['reason']})."


def _discard_court(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} discards {card_name(c)} from court ({e['reason']})."


def _overthrow_tribes(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    tribes = f"{e['tribes']} tribe{'s' if e['tribes'] != 1 else ''}"
    return f"{who} loses the last political card of {region_title(e['region'])} and with it {tribes}."


def _overthrow_cards(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return (
        f"{who} loses the last tribe in {region_title(e['region'])}: {possessive(g, p)} political cards there are "
        "discarded."
    )


def _leverage_repaid(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    short = f", {e['short']} short" if e["short"] else ""
    return f"{who} repays {rupees_text(e['paid'])} for leveraged {card_name(c)}{short}."


def _tax(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    src = card_name(c) if c else player_name(g, e["target"])
    return f"{who} taxes a rupee from {src}."


def _gift(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} buys a gift for {e['cost']} rupees."


def _move_army(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    unit = "an army" if e["type"] == "move_army" else "a tribe"
    return f"{who} moves {unit} from {region_title(e['source'])} to {region_title(e['to'])}."


def _move_spy(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} moves a spy from {card_name(c)} to {card_name(e['to'])}."


def _betray(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} betrays {card_name(c)} in {player_name(g, e['owner'])}'s court."


def _prize(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} takes {card_name(c)} as a {COALITIONS[e['coalition']].capitalize()} prize."


def _prize_declined(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} leaves {card_name(c)} in the discard pile."


def _battle(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    site = f"in {region_title(e['region'])}" if "region" in e else f"on {card_name(c)}"
    return f"{who} battles {site} (up to {e['limit']} removal{'s' if e['limit'] != 1 else ''})."


def _removed_event(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} removes {_removed(g, e)}."


def _event(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    info = CARDS[c]
    assert info is not None
    text = info.if_purchased_text if e["purchased"] else info.if_discarded_text
    how = f"{who} buys" if e["purchased"] else "Discarded from the market:"
    return f"{how} {card_name(c)} — {text}"


def _event_discarded(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{card_name(c)} leaves the market at cleanup."


def _effect_on(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    scope = f" for {player_name(g, p)}" if p >= 0 else ""
    return f"Now in force{scope}: {effect_name(e['effect'])}."


def _effect_off(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"No longer in force: {effect_name(e['effect'])}."


def _dealt(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{card_name(c)} enters the market."


def _instability(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"Instability: {card_name(c)} meets {card_name(e['other'])} in the market; a Dominance Check follows."


def _dominance_check(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    dom = e["dominant"]
    head = (
        f"Dominance Check: the {COALITIONS[dom].capitalize()} coalition is dominant"
        if dom >= 0
        else "Dominance Check: no coalition is dominant"
    )
    final = " (final check: points doubled)" if e["final"] else ""
    awards = ", ".join(f"{player_name(g, int(k))} +{v}" for k, v in e["awards"].items()) or "no points"
    return f"{head}{final}; {awards}."


def _blocks_cleared(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return "All coalition blocks are removed from the map."


def _wakhan_card(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    from ..content.cards import wakhan_card
    from .cardref import arrow_words

    columns, rows = e.get("next_back") or ([], [])
    if not columns:
        return f"Wakhan draws AI card {c}."
    card = wakhan_card(c)
    column, side = columns[card.column_arrow], rows[card.row_side_arrow]
    return (
        f"Wakhan draws AI card {c}; read against the next card's back, its arrows point to market column "
        f"{column + 1} and the {arrow_words(side)}."
    )


def _wakhan_reshuffle(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return "Wakhan's AI deck is reshuffled."


def _reason(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who}: {e['text']}"


def _game_over(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    names = " and ".join(player_name(g, w) for w in e["winners"])
    verb = "win" if len(e["winners"]) > 1 else "wins"
    scores = ", ".join(f"{player_name(g, q)} {v}" for q, v in enumerate(e["vp"]))
    return f"Game over ({e['reason']}): {names} {verb}. Victory points: {scores}."


def _region_cleared(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"All tribes and armies are removed from {region_title(e['region'])}."


def _prizes_discarded(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} discards their prizes."


def _bank_rupees(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} takes {e['amount']} rupees from the bank."


def _hands_exchanged(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} exchanges hands with {player_name(g, e['other'])}."


def _blackmail(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} blackmails {card_name(c)}."


def _infrastructure(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who} places one more block for free (Infrastructure)."


def _safe_house(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who}'s spy escapes to {card_name(c)} (Safe House)."


def _insurrection(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"Insurrection: two Afghan armies rise in Kabul for {who}."


EventTextFn = Callable[["Game", dict[str, Any], str, Any, Any], str]

#: Log event type -> its English text.
def _note(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    data = ", ".join(f"{k} {v}" for k, v in e["note"].items())
    return f"{who} notes: {data}."


def _bribe_waived(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    """A bribe nobody pays because an ability or an event in force cancels it."""
    source = card_name(e["source"]) if e.get("source", -1) >= 0 else "a rule in force"
    return (
        f"No bribe: {source} spares {who} the {rupees_text(e['amount'])} owed to "
        f"{player_name(g, e['to'])} {bribe_purpose(e['purpose'], e['card'])}."
    )


EVENT_TEXTS: Final[dict[str, EventTextFn]] = {
    "setup": _setup,
    "loyalty": _loyalty,
    "turn": _turn,
    "end_turn": _end_turn,
    "purchase": _purchase,
    "play": _play,
    "action": _action,
    "place": _place,
    "no_piece": _no_piece,
    "impacts_cancelled": _impacts_cancelled,
    "no_spy_target": _no_spy_target,
    "take_piece": _take_piece,
    "ruler": _ruler,
    "bribe_asked": _bribe_asked,
    "bribe_paid": _bribe_paid,
    "bribe_refused": _bribe_refused,
    "leverage_taken": _leverage_taken,
    "favored": _favored,
    "favored_unchanged": _favored_unchanged,
    "loyalty_change": _loyalty_change,
    "discard_hand": _discard_hand,
    "discard_court": _discard_court,
    "overthrow_tribes": _overthrow_tribes,
    "overthrow_cards": _overthrow_cards,
    "leverage_repaid": _leverage_repaid,
    "tax": _tax,
    "gift": _gift,
    "move_army": _move_army,
    "move_tribe": _move_army,
    "move_spy": _move_spy,
    "betray": _betray,
    "prize": _prize,
    "prize_declined": _prize_declined,
    "battle": _battle,
    "removed": _removed_event,
    "event": _event,
    "event_discarded": _event_discarded,
    "effect_on": _effect_on,
    "effect_off": _effect_off,
    "dealt": _dealt,
    "instability": _instability,
    "dominance_check": _dominance_check,
    "blocks_cleared": _blocks_cleared,
    "wakhan_card": _wakhan_card,
    "wakhan_reshuffle": _wakhan_reshuffle,
    "reason": _reason,
    "note": _note,
    "bribe_waived": _bribe_waived,
    "game_over": _game_over,
    "region_cleared": _region_cleared,
    "prizes_discarded": _prizes_discarded,
    "bank_rupees": _bank_rupees,
    "hands_exchanged": _hands_exchanged,
    "blackmail": _blackmail,
    "infrastructure": _infrastructure,
    "safe_house": _safe_house,
    "insurrection": _insurrection,
}


def _piece(e: dict[str, Any]) -> str:
    kind = e["kind"]
    where = e["where"]
    if kind == "tribe":
        return f"a tribe in {region_title(where)}"
    if kind == "spy":
        return f"a spy on {card_name(where)}"
    if kind == "gift":
        return "a gift on their loyalty dial"
    coal = indefinite(COALITIONS[e["coalition"]].capitalize())
    if kind == "army":
        return f"{coal} army in {region_title(where)}"
    return f"{coal} road on {border_title(where)}"


def _removed(g: Game, e: dict[str, Any]) -> str:
    kind = e["kind"]
    if kind in ("army", "road"):
        coal = indefinite(COALITIONS[e["coalition"]].capitalize())
        return f"{coal} army" if kind == "army" else f"{coal} road on {border_title(e['where'])}"
    owner = player_name(g, e["owner"])
    return f"a tribe of {owner}" if kind == "tribe" else f"a spy of {owner} from {card_name(e['where'])}"
