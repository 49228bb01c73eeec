"""The default behaviour of each card-based action she takes (rulebook, Playing with Wakhan: Wakhan's
Card-Based Actions): whom she taxes, where she builds, which army she moves (docs/wakhan-variants.md: which spy,
under Spy Movement), what she betrays, where she battles and which pieces she removes."""

from __future__ import annotations

from ...content.cards import COURT
from ...content.i18n import msg, msg_join
from ...content.map import BORDER_NAMES, COALITIONS, REGION_INDEX, REGIONS, region_title
from ...engine.options import option_args
from ...presentation.describe import ARMY_TEXTS, ROAD_TEXTS, card_name, player_message, where_name
from ...rules.actions import Battle
from ...rules.wakhan import SPY_MOVEMENT, variant_on
from .context import SPECIAL_BATTLE, Choice, Context, Message, Option, handles, market_slot, or_first, pending_step
from .feasibility import army_moves, battle_cards, battle_regions, idle_spy_moves, most_spies_card
from .lines import current_line_code
from .priorities import highest_priority, player_order, road_order


@handles("tax")
def _tax(ctx: Context, legal: list[Option]) -> Choice:
    """Reading: "most rupees" is a player's whole purse; each rupee is chosen afresh, and she always takes as
    many as her rank allows."""
    g = ctx.g
    players = option_args(legal, "tax_player", "player")
    if players:
        order = player_order(g)
        p = min(players, key=lambda q: (-g.rupees[q], order.index(q) if q in order else 99))
        ranked = sorted(players, key=lambda q: -g.rupees[q])
        purses = msg_join([msg("{player} {rupees}", player=player_message(g, q), rupees=g.rupees[q]) for q in ranked])
        return ("tax_player", p), msg(
            "tax {player}: players before market, most rupees first (taxable players' rupees: {purses}), the red "
            "arrow's order on ties",
            player=player_message(g, p), purses=purses,
        )
    cards = option_args(legal, "tax_market", "card")
    if cards:
        top_first = ctx.row_side == "topLeft"

        def key(c: int) -> tuple[int, int]:
            row, col = divmod(market_slot(g, c), 6)
            return col, row if top_first else 1 - row

        c = min(cards, key=key)
        return ("tax_market", c), msg(
            "tax {card}: no player can be taxed; leftmost market card, red arrow on ties", card=card_name(c)
        )
    return ("done",), msg("tax: nothing more to take")


def build_like(ctx: Context, legal: list[Option], what: Message) -> Choice:
    armies = {REGION_INDEX[r] for r in option_args(legal, "army", "region")}
    for r in ctx.regions:
        if r in armies:
            return ("army", REGIONS[r]), msg(
                "{what}: army in {region}, the leftmost region on the AI card that she rules",
                what=what, region=region_title(r),
            )
    return or_first(
        legal,
        ("done",),
        msg("{what}: no more armies to build", what=what),
        msg("{what}: no army can be built; first legal option", what=what),
    )


@handles("build")
def _build(ctx: Context, legal: list[Option]) -> Choice:
    return build_like(ctx, legal, msg("build (spending as much as possible)"))


@handles("move")
def _move(ctx: Context, legal: list[Option]) -> Choice:
    legal_set = set(legal)
    for o, d in army_moves(ctx):
        option = ("move_army", REGIONS[o], REGIONS[d])
        if option in legal_set:
            return option, msg(
                "move an army {source} -> {to}: toward other players' tribes, armies up to their number, keeping "
                "her ruler tokens, region order of the AI card",
                source=region_title(o), to=region_title(d),
            )
    if variant_on(ctx.g, SPY_MOVEMENT):
        for origin, dest in idle_spy_moves(ctx):
            spy_move: Option = ("move_spy", origin, dest)
            if spy_move in legal_set:
                return spy_move, msg(
                    "Spy Movement: no army move, so a spy moves {card} -> {to}: idle spy on her lowest-priority card "
                    "that has one, to the highest-priority card within reach where she does not have the most spies",
                    card=card_name(origin), to=card_name(dest),
                )
        if ("done",) in legal_set:
            return ("done",), msg("move: no army move and no idle spy with a card to go to (Spy Movement)")
    return or_first(
        legal,
        ("done",),
        msg("move: no further army move by her rules (she never moves spies)"),
        msg("move: no army move by her rules; first legal option"),
    )


@handles("betray")
def _betray(ctx: Context, legal: list[Option]) -> Choice:
    g = ctx.g
    cards = option_args(legal, "betray", "card")
    prized = [c for c in cards if COURT[c].prize >= 0]
    c = highest_priority(g, prized or cards)
    if prized:
        return ("betray", c), msg(
            "betray {card}: highest-priority card with a prize where she has a spy", card=card_name(c)
        )
    return ("betray", c), msg("betray {card}: highest-priority card (no prize)", card=card_name(c))


@handles("prize")
def _prize(ctx: Context, legal: list[Option]) -> Choice:
    return or_first(legal, ("take_prize",), msg("she always takes the loyalty prize"), msg("no prize to take"))


@handles("battle_site")
def _battle_site(ctx: Context, legal: list[Option]) -> Choice:
    g = ctx.g
    legal_set = set(legal)
    cards = [c for c in battle_cards(g) if ("battle_card", c) in legal_set]
    if cards and current_line_code(g) == SPECIAL_BATTLE:
        c = most_spies_card(g, cards)
        return ("battle_card", c), msg(
            "battle on {card}: the card with the most spies where she has a spy, priority on ties",
            card=card_name(c),
        )
    for r in battle_regions(ctx):
        if ("battle_region", REGIONS[r]) in legal_set:
            return ("battle_region", REGIONS[r]), msg(
                "battle in {region}: leftmost region on the AI card where another player has pieces and she has "
                "an army",
                region=region_title(r),
            )
    if cards:
        c = highest_priority(g, cards)
        return ("battle_card", c), msg(
            "battle on {card}: no region qualifies; highest-priority card where she and another player have spies",
            card=card_name(c),
        )
    return legal[0], msg("battle: no site by her rules; first legal option")


@handles("battle")
def _battle(ctx: Context, legal: list[Option]) -> Choice:
    g = ctx.g
    step = Battle(*pending_step(g))
    order = player_order(g)
    rank = {p: i for i, p in enumerate(order)}
    legal_set = set(legal)
    if step.site == "card":
        spies = option_args(legal, "remove_spy", "player")
        if spies:
            q = min(spies, key=lambda p: rank.get(p, 99))
            return ("remove_spy", q), msg("remove a spy of {player} (red arrow order)", player=player_message(g, q))
    else:
        tribes = option_args(legal, "remove_tribe", "player")
        if tribes:
            q = min(tribes, key=lambda p: rank.get(p, 99))
            return ("remove_tribe", q), msg(
                "remove a tribe of {player}: tribes first, red arrow order", player=player_message(g, q)
            )
        # Armies and roads of coalitions other players are loyal to, players in red arrow order.
        coalitions = []
        for p in order:
            c = g.loyalty[p]
            if c >= 0 and c != ctx.pl and c not in coalitions:
                coalitions.append(c)
        for c in coalitions:
            if ("remove_army", COALITIONS[c]) in legal_set:
                return ("remove_army", COALITIONS[c]), msg(
                    "remove {army}: armies after tribes, red arrow order", army=msg(ARMY_TEXTS[c])
                )
        region = step.where
        for c in coalitions:
            for b in road_order(ctx, region):
                option = ("remove_road", BORDER_NAMES[b], COALITIONS[c])
                if option in legal_set:
                    return option, msg(
                        "remove {road}: roads last, region order of the AI card",
                        road=msg(ROAD_TEXTS[c], border=where_name(BORDER_NAMES[b])),
                    )
    return or_first(
        legal, ("done",), msg("battle: no other player's piece left to remove"), msg("battle: first legal removal")
    )


__all__ = ["build_like"]
