"""Readable text for options, prompts and log events, in the current language (:mod:`paxpamir.content.i18n`).
Nothing here changes the game. The names of things (cards, regions, seats, coalitions, rupees) are the rules'
own (:mod:`paxpamir.rules.names`, which their option labels use) and are re-exported here; a game's words as a
whole (prompt, labelled options, log lines) are in :mod:`paxpamir.presentation.words`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..content.cards import CARDS
from ..content.i18n import N_, ngettext, render
from ..content.i18n import gettext as _
from ..content.map import border_title, region_title
from ..engine.steps import KINDS, Option, Step
from ..rules.effects import effect_name
from ..rules.names import (
    ACTION_NAMES,
    ARMY_TEXTS,
    COALITION_NAMES,
    ROAD_TEXTS,
    SUIT_NAMES,
    action_name,
    army_text,
    bribe_purpose,
    card_name,
    coalition_name,
    discard_label,
    plain_label,
    player_message,
    player_name,
    road_text,
    rupees_text,
    suit_name,
    where_name,
)

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = [  # the names of rules.names, read from here by the words' callers
    "ACTION_NAMES", "ARMY_TEXTS", "COALITION_NAMES", "ROAD_TEXTS", "SUIT_NAMES", "EVENT_TEXTS", "action_name",
    "army_text", "bribe_purpose", "card_name", "coalition_name", "discard_label", "effect_name", "event_text",
    "label", "piece_kind_name", "plain_label", "player_message", "player_name", "prompt", "road_text",
    "rupees_text", "suit_name", "where_name",
]


def label(g: Game, step: Step, option: Option) -> str:
    """The text of ``option`` of the decision ``step``: the decision kind's own label function."""
    spec = KINDS.get(step[0]) if step else None
    if spec is None or spec.label is None:
        return plain_label(option)
    return spec.label(g, step, option)


def prompt(g: Game, step: Step) -> str:
    """The question of the decision ``step``, for its player: the decision kind's prompt (or ``ask``)."""
    spec = KINDS.get(step[0])
    if spec is None:
        text = str(step[0])
    elif spec.ask is not None:
        text = spec.ask(g, step)
    else:
        text = _(spec.prompt)
    return f"{player_name(g, step[1])}: {text}"


def event_text(g: Game, e: dict[str, Any]) -> str:
    """One log event in words: the event type's own small function in :data:`EVENT_TEXTS`."""
    t = e["type"]
    p: Any = e.get("player", -1)
    who = player_name(g, p) if isinstance(p, int) and p >= 0 else _("Everyone")
    text = EVENT_TEXTS.get(t)
    if text is None:
        return f"{t}: {e}"
    return text(g, e, who, p, e.get("card"))


# ---------------------------------------------------------------------------- log events, one function each
# Each gets the game, the event, the name of its player ("Everyone" for none), its player and its card.


def _setup(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("New game for {n} players; {player} chooses loyalty first.").format(
        n=e["players"], player=player_name(g, e["first_chooser"])
    )


def _loyalty(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} is loyal to the {coalition} coalition.").format(who=who, coalition=coalition_name(e["coalition"]))


def _turn(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("— Turn {turn}: {who} —").format(turn=e["turn"], who=who)


def _end_turn(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} ends the turn.").format(who=who)


def _purchase(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    card = card_name(c)
    if e["cost"] == 0:
        text = _("{who} purchases {card} for free").format(who=who, card=card)
    else:
        text = _("{who} purchases {card} for {rupees}").format(who=who, card=card, rupees=rupees_text(e["cost"]))
    if e["gained"]:
        return _("{purchase} and takes the {rupees} on it.").format(purchase=text, rupees=rupees_text(e["gained"]))
    return text + "."


def _play(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if p == g.wakhan:
        if e["side"] == "left":
            return _("{who} plays {card} to the left of her court.").format(who=who, card=card_name(c))
        return _("{who} plays {card} to the right of her court.").format(who=who, card=card_name(c))
    if e["side"] == "left":
        return _("{who} plays {card} to the left of their court.").format(who=who, card=card_name(c))
    return _("{who} plays {card} to the right of their court.").format(who=who, card=card_name(c))


def _action(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if e["bonus"]:
        text = _("{who} takes the {action} action with {card} (bonus action).")
    else:
        text = _("{who} takes the {action} action with {card}.")
    return text.format(who=who, action=action_name(e["action"]), card=card_name(c))


def _place(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} places {piece}.").format(who=who, piece=_piece(e))


_PIECE_KINDS: Final[dict[str, str]] = {
    "army": N_("army"), "road": N_("road"), "tribe": N_("tribe"), "spy": N_("spy"), "gift": N_("gift"),
}


def piece_kind_name(kind: str) -> str:
    """"army", "road", "tribe", "spy", "gift" in the current language."""
    found = _PIECE_KINDS.get(kind)
    return _(found) if found else kind


def _no_piece(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} has no {kind} to place: every one in play was placed this turn.").format(
        who=who, kind=piece_kind_name(e["kind"])
    )


def _impacts_cancelled(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{card} has left {who}'s court: its remaining impact icons are not resolved.").format(
        card=card_name(c), who=who
    )


def _no_spy_target(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if e["region"] < 0:
        return _("{who} places no spy: {card} has left the court.").format(who=who, card=card_name(c))
    return _("{who} places no spy: no court holds a card of {region}.").format(
        who=who, region=region_title(e["region"])
    )


def _take_piece(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    source = e["source"]
    if len(source) >= 2:
        where = card_name(source[1]) if isinstance(source[1], int) else where_name(source[1])
        return _("{who} has none left in supply and takes a piece from {where}.").format(who=who, where=where)
    return _("{who} has none left in supply and takes a piece from the dial.").format(who=who)


def _ruler(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    r = region_title(e["region"])
    if e["player"] >= 0:
        return _("{player} now rules {region}.").format(player=player_name(g, e["player"]), region=r)
    return _("Nobody rules {region} now.").format(region=r)


def _bribe_asked(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    payer = player_name(g, e["payer"])
    what = bribe_purpose(e["purpose"], e["card"])
    if not e["amount"]:
        return _("{who} waives the bribe {payer} owes {purpose}.").format(who=who, payer=payer, purpose=what)
    if e["full"] != e["amount"]:
        return _("{who} asks {payer} for a bribe of {rupees} (up to {full}) {purpose}.").format(
            who=who, payer=payer, rupees=rupees_text(e["amount"]), full=e["full"], purpose=what
        )
    return _("{who} asks {payer} for a bribe of {rupees} {purpose}.").format(
        who=who, payer=payer, rupees=rupees_text(e["amount"]), purpose=what
    )


def _bribe_paid(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if not e["amount"]:  # an offer of nothing accepted: the bribe was waived just before
        if e["purpose"] == "play":
            return _("{who} plays {card} without a bribe.").format(who=who, card=card_name(c))
        return _("{who} takes the action with {card} without a bribe.").format(who=who, card=card_name(c))
    return _("{who} pays a bribe of {rupees} to {player}.").format(
        who=who, rupees=rupees_text(e["amount"]), player=player_name(g, e["to"])
    )


def _bribe_refused(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if e["purpose"] == "play":
        text = _("{who} refuses the bribe of {rupees}: {card} is not played.")
    else:
        text = _("{who} refuses the bribe of {rupees}: the action with {card} is not taken.")
    return text.format(who=who, rupees=rupees_text(e["amount"]), card=card_name(c))


def _bribe_offered(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if not e["amount"]:
        return _("{who} offers {player} nothing instead of {asked} {purpose}.").format(
            who=who, player=player_name(g, e["to"]), asked=rupees_text(e["asked"]),
            purpose=bribe_purpose(e["purpose"], e["card"]),
        )
    return _("{who} offers {player} {rupees} instead of {asked} {purpose}.").format(
        who=who, player=player_name(g, e["to"]), rupees=rupees_text(e["amount"]), asked=rupees_text(e["asked"]),
        purpose=bribe_purpose(e["purpose"], e["card"]),
    )


def _bribe_countered(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} turns down {payer}'s offer of {offer} and asks {rupees}.").format(
        who=who, payer=player_name(g, e["payer"]), offer=rupees_text(e["offer"]), rupees=rupees_text(e["amount"])
    )


def _bribe_accepted(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if not e["amount"]:
        return _("{who} accepts {payer}'s offer of nothing: the bribe is waived.").format(
            who=who, payer=player_name(g, e["payer"])
        )
    return _("{who} accepts {payer}'s offer of {rupees}.").format(
        who=who, payer=player_name(g, e["payer"]), rupees=rupees_text(e["amount"])
    )


def _bribe_insisted(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} insists on {rupees}: {payer} pays it or gives up.").format(
        who=who, payer=player_name(g, e["payer"]), rupees=rupees_text(e["amount"])
    )


def _bribe_broken_off(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if e["purpose"] == "play":
        text = _("{who} breaks off the talks with {payer}: {card} is not played.")
    else:
        text = _("{who} breaks off the talks with {payer}: the action with {card} is not taken.")
    return text.format(who=who, payer=player_name(g, e["payer"]), card=card_name(c))


def _leverage_taken(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} takes {rupees} from the bank ({card} is leveraged).").format(
        who=who, rupees=rupees_text(e["amount"]), card=card_name(c)
    )


def _favored(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("The favored suit is now {suit}.").format(suit=suit_name(e["suit"]))


def _favored_unchanged(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("The favored suit stays {suit} (suit changes are blocked).").format(suit=suit_name(g.favored))


def _loyalty_change(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} changes loyalty to the {coalition} coalition, losing gifts, prizes and patriots.").format(
        who=who, coalition=coalition_name(e["coalition"])
    )


def _discard_reason(reason: Any) -> str:
    """Why a card was discarded: the rules log an English phrase (marked for translation where it is written)."""
    return _(reason) if isinstance(reason, str) else str(reason)


def _discard_hand(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} discards {card} from hand ({reason}).").format(
        who=who, card=card_name(c), reason=_discard_reason(e["reason"])
    )


def _discard_court(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} discards {card} from court ({reason}).").format(
        who=who, card=card_name(c), reason=_discard_reason(e["reason"])
    )


def _overthrow_tribes(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return ngettext(
        "{who} loses the last political card of {region} and with it {n} tribe.",
        "{who} loses the last political card of {region} and with it {n} tribes.",
        e["tribes"],
    ).format(who=who, region=region_title(e["region"]), n=e["tribes"])


def _overthrow_cards(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if p == g.wakhan:
        text = _("{who} loses the last tribe in {region}: her political cards there are discarded.")
    else:
        text = _("{who} loses the last tribe in {region}: their political cards there are discarded.")
    return text.format(who=who, region=region_title(e["region"]))


def _leverage_repaid(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if e["short"]:
        return _("{who} repays {rupees} for leveraged {card}, {short} short.").format(
            who=who, rupees=rupees_text(e["paid"]), card=card_name(c), short=e["short"]
        )
    return _("{who} repays {rupees} for leveraged {card}.").format(
        who=who, rupees=rupees_text(e["paid"]), card=card_name(c)
    )


def _tax(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    src = card_name(c) if c else player_name(g, e["target"])
    return _("{who} taxes a rupee from {source}.").format(who=who, source=src)


def _gift(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} buys a gift for {rupees}.").format(who=who, rupees=rupees_text(e["cost"]))


def _move_army(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if e["type"] == "move_army":
        text = _("{who} moves an army from {source} to {to}.")
    else:
        text = _("{who} moves a tribe from {source} to {to}.")
    return text.format(who=who, source=region_title(e["source"]), to=region_title(e["to"]))


def _move_spy(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} moves a spy from {card} to {to}.").format(who=who, card=card_name(c), to=card_name(e["to"]))


def _betray(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} betrays {card} in {owner}'s court.").format(
        who=who, card=card_name(c), owner=player_name(g, e["owner"])
    )


def _prize(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} takes {card} as a prize of the {coalition} coalition.").format(
        who=who, card=card_name(c), coalition=coalition_name(e["coalition"])
    )


def _prize_declined(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} leaves {card} in the discard pile.").format(who=who, card=card_name(c))


def _battle(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if "region" in e:
        text = ngettext(
            "{who} battles in {site} (up to {n} removal).", "{who} battles in {site} (up to {n} removals).", e["limit"]
        )
        return text.format(who=who, site=region_title(e["region"]), n=e["limit"])
    text = ngettext(
        "{who} battles on {site} (up to {n} removal).", "{who} battles on {site} (up to {n} removals).", e["limit"]
    )
    return text.format(who=who, site=card_name(c), n=e["limit"])


def _removed_event(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} removes {piece}.").format(who=who, piece=_removed(g, e))


def _event(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    info = CARDS[c]
    assert info is not None
    printed = info.if_purchased_text if e["purchased"] else info.if_discarded_text
    text = _(printed)
    if e["purchased"]:
        return _("{who} buys {card} — {text}").format(who=who, card=card_name(c), text=text)
    return _("Discarded from the market: {card} — {text}").format(card=card_name(c), text=text)


def _event_discarded(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{card} leaves the market at cleanup.").format(card=card_name(c))


def _effect_on(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if p >= 0:
        return _("Now in force for {player}: {effect}.").format(
            player=player_name(g, p), effect=effect_name(e["effect"])
        )
    return _("Now in force: {effect}.").format(effect=effect_name(e["effect"]))


def _effect_off(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("No longer in force: {effect}.").format(effect=effect_name(e["effect"]))


def _dealt(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{card} enters the market.").format(card=card_name(c))


def _instability(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("Instability: {card} meets {other} in the market; a Dominance Check follows.").format(
        card=card_name(c), other=card_name(e["other"])
    )


def _dominance_check(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    dom = e["dominant"]
    if dom >= 0:
        head = _("Dominance Check: the {coalition} coalition is dominant").format(coalition=coalition_name(dom))
    else:
        head = _("Dominance Check: no coalition is dominant")
    if e["final"]:
        head = _("{check} (final check: points doubled)").format(check=head)
    awards = ", ".join(f"{player_name(g, int(k))} +{v}" for k, v in e["awards"].items()) or _("no points")
    return f"{head}; {awards}."


def _blocks_cleared(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("All coalition blocks are removed from the map.")


def _wakhan_card(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    from ..content.cards import wakhan_card
    from .cardref import arrow_words

    columns, rows = e.get("next_back") or ([], [])
    if not columns:
        return _("Wakhan draws AI card {card}.").format(card=c)
    card = wakhan_card(c)
    column, side = columns[card.column_arrow], rows[card.row_side_arrow]
    return _(
        "Wakhan draws AI card {card}; read against the next card's back, its arrows point to market column "
        "{column} and the {row}."
    ).format(card=c, column=column + 1, row=arrow_words(side))


def _wakhan_reshuffle(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("Wakhan's AI deck is reshuffled.")


def _reason(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return f"{who}: {render(e.get('msg', e['text']))}"


def _game_over(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    names = _(" and ").join(player_name(g, w) for w in e["winners"])
    scores = ", ".join(f"{player_name(g, q)} {v}" for q, v in enumerate(e["vp"]))
    if len(e["winners"]) > 1:
        text = _("Game over ({reason}): {names} win. Victory points: {scores}.")
    else:
        text = _("Game over ({reason}): {names} wins. Victory points: {scores}.")
    reason: str = e["reason"]
    return text.format(reason=_(reason), names=names, scores=scores)


def _region_cleared(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("All tribes and armies are removed from {region}.").format(region=region_title(e["region"]))


def _prizes_discarded(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    if p == g.wakhan:
        return _("{who} discards her prizes.").format(who=who)
    return _("{who} discards their prizes.").format(who=who)


def _bank_rupees(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} takes {rupees} from the bank.").format(who=who, rupees=rupees_text(e["amount"]))


def _hands_exchanged(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} exchanges hands with {player}.").format(who=who, player=player_name(g, e["other"]))


def _blackmail(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} blackmails {card}.").format(who=who, card=card_name(c))


def _infrastructure(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who} places one more block for free (Infrastructure).").format(who=who)


def _safe_house(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("{who}'s spy escapes to {card} (Safe House).").format(who=who, card=card_name(c))


def _insurrection(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    return _("Insurrection: two Afghan armies rise in Kabul for {who}.").format(who=who)


def _note(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    data = ", ".join(f"{k} {v}" for k, v in e["note"].items())
    return _("{who} notes: {data}.").format(who=who, data=data)


def _bribe_waived(g: Game, e: dict[str, Any], who: str, p: Any, c: Any) -> str:
    """A bribe nobody pays because an ability or an event in force cancels it."""
    source = card_name(e["source"]) if e.get("source", -1) >= 0 else _("a rule in force")
    return _("No bribe: {source} spares {who} the {rupees} owed to {player} {purpose}.").format(
        source=source, who=who, rupees=rupees_text(e["amount"]), player=player_name(g, e["to"]),
        purpose=bribe_purpose(e["purpose"], e["card"]),
    )


EventTextFn = Callable[["Game", dict[str, Any], str, Any, Any], str]

#: Log event type -> its English text.
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
    "bribe_offered": _bribe_offered,
    "bribe_countered": _bribe_countered,
    "bribe_accepted": _bribe_accepted,
    "bribe_insisted": _bribe_insisted,
    "bribe_broken_off": _bribe_broken_off,
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
        return _("a tribe in {region}").format(region=region_title(where))
    if kind == "spy":
        return _("a spy on {card}").format(card=card_name(where))
    if kind == "gift":
        return _("a gift on the loyalty dial")
    if kind == "army":
        return _("{army} in {region}").format(army=army_text(e["coalition"]), region=region_title(where))
    return road_text(e["coalition"], border_title(where))


def _removed(g: Game, e: dict[str, Any]) -> str:
    kind = e["kind"]
    if kind == "army":
        return army_text(e["coalition"])
    if kind == "road":
        return road_text(e["coalition"], border_title(e["where"]))
    owner = player_name(g, e["owner"])
    if kind == "tribe":
        return _("a tribe of {owner}").format(owner=owner)
    return _("a spy of {owner} from {card}").format(owner=owner, card=card_name(e["where"]))
