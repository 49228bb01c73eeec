"""Wakhan's decision procedure (rulebook "Playing with Wakhan", pp. 16-18, and the 24 AI cards).

:class:`WakhanPlayer` answers every decision that falls to Wakhan's seat with ``(option, reason)``: the option
is always one of ``game.legal_options()`` and the reason names the line of her AI card she performs (in words),
the rule applied and the card or place chosen, so that a human can check her by hand (the log says once, when
she draws it, which AI card she uses and where its arrows point).
It uses only the public API (``legal_options``, ``clone``/``apply`` to look ahead at a Dominance Check), the
state's public fields and the engine's rule functions (costs, dominance, bonus actions, rulers, hostages,
protections: none is re-implemented here); it keeps no state of its own. Where she is within her AI card's
action lines (and the roads she placed for a card) is kept as a note with each decision (``{"wakhan": "line",
"line": 2, ...}``, ``{"wakhan": "road", "card": 12}``) and read back with
``game.notes_this_turn``, so a saved game resumes identically and rewording a reason changes nothing.

Where the rulebook leaves a choice open, the reading followed is marked "Reading:" in the docstring of the
function that applies it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

from ..content.cards import COURT, WakhanCard, is_court_card, is_dominance_check
from ..content.i18n import N_, language, msg, msg_join, msgn, render
from ..content.map import (
    BORDER_NAMES,
    BORDERS,
    COALITIONS,
    ECONOMIC,
    INTELLIGENCE,
    MILITARY,
    NEIGHBOURS,
    POLITICAL,
    REGION_BORDERS,
    REGION_INDEX,
    REGIONS,
    SUITS,
    region_title,
)
from ..engine.options import option_arg, option_args
from ..engine.reason import Reason
from ..presentation.cardref import WAKHAN_SHORT
from ..presentation.describe import (
    ACTION_NAMES,
    ARMY_TEXTS,
    COALITION_NAMES,
    ROAD_TEXTS,
    SUIT_NAMES,
    card_name,
    player_message,
    where_name,
)
from ..rules.abilities import hostage_bribe_waived
from ..rules.actions import (
    ACTIONS_PER_TURN,
    BETRAY_COST,
    Battle,
    action_min_cost,
    card_battle_targets,
    is_bonus,
    region_battle_targets,
    spy_moves,
)
from ..rules.actions import (
    betray_targets as engine_betray_targets,
)
from ..rules.court import LEVERAGE_RUPEES, BribePay, PlaceRoad, hostage_holder, play_bribe
from ..rules.market import purchase_cost
from ..rules.rulers import ruler_after
from ..rules.scoring import dominant_coalition
from ..rules.turn import court_limit
from ..rules.wakhan import SAVVY_PURCHASING, SPY_MOVEMENT, arrows, current_ai_card, pragmatic_loyalty, variant_on
from .base import Decision

if TYPE_CHECKING:
    from ..engine.game import Game

Option = tuple[Any, ...]
Message = list[Any]
#: An option and the reason for it: a message (:func:`paxpamir.content.i18n.msg`), or a :class:`Reason` that
#: carries a note too.
Choice = tuple[Option, Any]

#: Card actions the AI cards name directly (their default behaviour applies).
CARD_ACTIONS: Final = ("tax", "gift", "build", "move", "betray", "battle")
SPECIAL_BATTLE: Final = "battleHighestPriorityCourtCardWithMostSpiesWhereWakhanHasSpy"



# ---------------------------------------------------------------------------- small facts


def coalition_label(c: int) -> Message:
    """The coalition's name, as a message."""
    return msg(COALITION_NAMES[c])


def instruction(code: str) -> Any:
    """An AI card instruction in a few words, as a message."""
    if code in WAKHAN_SHORT:
        return msg(WAKHAN_SHORT[code])
    if code in CARD_ACTIONS:
        return msg(ACTION_NAMES[CARD_ACTIONS.index(code)])
    return code


def noted(message: Message, note: dict[str, Any]) -> Reason:
    """A reason with a note kept with the decision (read back with ``game.notes_this_turn``)."""
    with language("en"):
        text = render(message)
    return Reason(text, note, message)


def _pending(g: Game) -> tuple[Any, ...]:
    step = g.pending
    assert step is not None, "Wakhan is asked to decide in a finished game"
    return step


def counts_as_favored(g: Game, owner: int, card: int) -> bool:
    """"Matches the favored suit" in her card priority and cleanup order: the engine's bonus-action test for the
    card where it lies (``owner`` -1: in the market, where no buyer's New Tactics reaches it)."""
    return is_bonus(g, owner, card)


def spies_in_play(g: Game, player: int) -> int:
    return sum(g.spy_count(c, player) for court in g.courts for c in court)


# ---------------------------------------------------------------------------- priorities


def card_priority(g: Game, card: int, dominant: int | None = None) -> tuple[Any, ...]:
    """The rulebook's card priority as a sort key (larger = higher priority): opponent's card, favored suit,
    patriot of the dominant coalition, prize of the dominant coalition, other patriot, leveraged, highest
    rank, highest card number. A card that counts as being in the favored suit matches the favored suit."""
    if dominant is None:
        dominant = dominant_coalition(g)
    info = COURT[card]
    owner = g.owner_of(card)
    return (
        owner >= 0 and owner != g.wakhan,
        counts_as_favored(g, owner, card),
        dominant >= 0 and info.patriot == dominant,
        dominant >= 0 and info.prize == dominant,
        info.patriot >= 0,
        "leverage" in info.impact,
        info.rank,
        card,
    )


def highest_priority(g: Game, cards: Iterable[int]) -> int:
    dominant = dominant_coalition(g)
    return max(cards, key=lambda c: card_priority(g, c, dominant))


def cleanup_discard_key(g: Game, card: int) -> tuple[Any, ...]:
    """Cleanup order (smallest first is discarded first): non-political, non-patriot, non-leveraged, most other
    players' spies in excess of hers, fewest spies, lowest rank, not the favored suit, lowest card number.

    Reading: "most player spies more than Wakhan spies" is the other players' spies on the card minus hers,
    largest first. "Matching the favored suit" includes cards that count as favored (Savvy Operator, Irregulars,
    her military cards under New Tactics). The same order serves for discards from her hand (she holds cards
    only after an exchange)."""
    info = COURT[card]
    w = g.wakhan
    row = g.spies_on(card)
    others = sum(row) - row[w]
    return (
        info.suit == POLITICAL,
        info.patriot >= 0,
        "leverage" in info.impact,
        -(others - row[w]),
        sum(row),
        info.rank,
        counts_as_favored(g, w, card),
        card,
    )


def player_order(g: Game) -> list[int]:
    """Other players in the red arrow's order: topLeft targets the player on her left (the next seat, who
    plays after her) first, bottomRight the player on her right (the previous seat)."""
    w, n = g.wakhan, g.n
    left, right = (w + 1) % n, (w - 1) % n
    _, side = arrows(g)
    order = [left, right] if side == "topLeft" else [right, left]
    out: list[int] = []
    for p in order:
        if p != w and p not in out:
            out.append(p)
    return out


# ---------------------------------------------------------------------------- the player


class WakhanPlayer:
    """Wakhan's decisions, from the AI card in use and the state only (no memory of her own).

    >>> from paxpamir import Game
    >>> g = Game.new(players=2, seed=1, wakhan=True)
    >>> g.apply(g.legal_options()[0])  # the human chooses a loyalty; Wakhan takes the first turn
    >>> option, reason = WakhanPlayer().choose(g)
    >>> option
    ('radicalize', 75)
    >>> print(reason)  # doctest: +ELLIPSIS
    line 3/3 (radicalize (by the arrows)): radicalize Abbas Mirza (75) — arrows: top row, column 1 ... 2 (tax))
    """

    def decide(self, game: Game) -> Decision:
        """Her decision for the pending step: the option, the reason in words and, for the decisions that
        perform a line of her AI card or a bonus action, a note saying which (read back later this turn)."""
        g = game
        if g.wakhan < 0 or g.current_player != g.wakhan:
            raise ValueError("WakhanPlayer decides only what falls to Wakhan's seat")
        legal = g.legal_options()
        kind = g.decision or ""
        handler = _HANDLERS.get(kind)
        choice = handler(_Ctx(g), legal) if handler is not None else None
        if choice is None or choice[0] not in legal:
            _Ctx(g)
            choice = (legal[0], msg("no Wakhan rule covers this decision ({kind}); the first legal option", kind=kind))
        option, reason = choice
        if isinstance(reason, Reason):
            return Decision(option, reason.message, reason.note)
        return Decision(option, reason)

    def choose(self, game: Game) -> Choice:
        """``(option, reason)`` (a thin wrapper of :meth:`decide`); the reason is a :class:`Reason` carrying the
        note when there is one, so that ``game.apply(option, player, reason)`` keeps it."""
        d = self.decide(game)
        message = d.reason if isinstance(d.reason, list) else msg(str(d.reason or ""))
        with language("en"):
            text = render(message)
        return d.option, Reason(text, d.note, message)


class _Ctx:
    """What every decision reads: the AI card in use, the arrows, her pragmatic loyalty. (Her reasons do not repeat
    them: the log says which AI card she drew and where its arrows point.)"""

    def __init__(self, g: Game) -> None:
        self.g = g
        self.w = g.wakhan
        self.card: WakhanCard | None = current_ai_card(g)
        self.column, self.row_side = arrows(g)
        self.pl = pragmatic_loyalty(g)
        self.regions: tuple[int, ...] = self.card.region_order if self.card else tuple(range(6))
        self._dominant: int | None = None

    @property
    def dominant(self) -> int:
        if self._dominant is None:
            self._dominant = dominant_coalition(self.g)
        return self._dominant

    def region_rank(self, region: int) -> int:
        return self.regions.index(region)



# ---------------------------------------------------------------------------- turn progress (from her notes)


def line_note(card: int | str, line: int, lines: int, code: str) -> dict[str, Any]:
    """The note kept with a decision that performs line ``line`` (1-based) of her AI card."""
    return {"wakhan": "line", "ai_card": card, "line": line, "lines": lines, "code": code}


BONUS_NOTE: Final[dict[str, Any]] = {"wakhan": "bonus"}


def _turn_tags(g: Game) -> list[tuple[str, int, str]]:
    """Where she is on her AI card this turn, latest first: ("line", index, code) or ("bonus", -1, ""), read
    from the notes kept with her decisions (:meth:`Game.notes_this_turn`), so a saved game resumes identically."""
    out: list[tuple[str, int, str]] = []
    for note in g.notes_this_turn(g.wakhan):
        kind = note.get("wakhan")
        if kind == "line":
            out.append(("line", int(note["line"]) - 1, str(note["code"])))
        elif kind == "bonus":
            out.append(("bonus", -1, ""))
    return out


# ---------------------------------------------------------------------------- radicalize


def _radicalize_cards(ctx: _Ctx, legal: list[Option]) -> list[int]:
    return option_args(legal, "radicalize", "card")


def _slot(g: Game, card: int) -> int:
    return g.market.index(card)


def _cheapest_key(ctx: _Ctx) -> Callable[[int], tuple[int, int]]:
    g, w = ctx.g, ctx.w
    return lambda c: (purchase_cost(g, w, _slot(g, c)), -c)


def dominance_check_outcome(g: Game, card: int) -> tuple[bool, Message]:
    """Would radicalizing this Dominance Check make Wakhan score the most points from it or win? Looked up on a
    copy of the game. "The most" is strictly more than every other player: a tie for the most counts only if
    she would win (docs/rules-decisions.md, issue 9)."""
    w = g.wakhan
    trial = g.clone()
    trial.apply(("radicalize", card), w)
    gains = [trial.vp[p] - g.vp[p] for p in range(g.n)]
    most = all(gains[w] > gains[p] for p in range(g.n) if p != w)
    wins = trial.is_over and w in trial.winners
    scores = [msg("{player} +{points}", player=player_message(g, p), points=gains[p]) for p in range(g.n)]
    listed = msg_join(scores)
    if wins:
        return True, msg("points from the check would be {scores}, and she would win the game", scores=listed)
    return most, msg("points from the check would be {scores}", scores=listed)


def _ambition(ctx: _Ctx, legal: list[Option]) -> Choice | None:
    g = ctx.g
    for card in _radicalize_cards(ctx, legal):
        if is_dominance_check(card):
            ok, text = dominance_check_outcome(g, card)
            if ok:
                return ("radicalize", card), msg(
                    "Wakhan's Ambition: radicalize {card}: {outcome}", card=card_name(card), outcome=text
                )
    return None


def default_radicalize(ctx: _Ctx, legal: list[Option]) -> tuple[int, Message] | None:
    """The default card choice: the Dominance-Check-in-market rule, otherwise the arrows.

    Reading: with a Dominance Check in the market "the cheapest card with the most ... icons" may have zero
    such icons (then simply the cheapest, highest number on ties); events other than Dominance Checks are valid
    choices there and for the arrows."""
    g = ctx.g
    cards = _radicalize_cards(ctx, legal)
    checks_in_market = [c for c in g.market if c and is_dominance_check(c)]
    if checks_in_market:
        for dc in cards:
            if is_dominance_check(dc):
                ok, text = dominance_check_outcome(g, dc)
                if ok:
                    return dc, msg(
                        "Dominance Check in the market and she scores the most from it ({outcome})", outcome=text
                    )
        pool = [c for c in cards if not is_dominance_check(c)]
        if not pool:
            return None
        cheapest = _cheapest_key(ctx)
        dom = ctx.dominant
        if dom >= 0:
            patriots = [c for c in pool if is_court_card(c) and COURT[c].patriot == dom]
            if patriots:
                c = min(patriots, key=cheapest)
                return c, msg(
                    "Dominance Check in the market, {coalition} dominant: cheapest {coalition} patriot",
                    coalition=coalition_label(dom),
                )
            icons = ("army", "road")
        else:
            icons = ("spy", "tribe")

        def count(c: int) -> int:
            return sum(1 for i in COURT[c].impact if i in icons) if is_court_card(c) else 0

        if dom < 0 and variant_on(g, SAVVY_PURCHASING) and max(count(c) for c in pool) == 0:
            return savvy_net_coins(ctx, pool)
        c = min(pool, key=lambda c: (-count(c), *cheapest(c)))
        if dom >= 0:
            return c, msg(
                "Dominance Check in the market, {coalition} dominant: cheapest card with the most army/road icons "
                "({n}), highest number on ties",
                coalition=coalition_label(dom),
                n=count(c),
            )
        return c, msg(
            "Dominance Check in the market, no coalition dominant: cheapest card with the most spy/tribe icons "
            "({n}), highest number on ties",
            n=count(c),
        )
    valid = set(cards)
    row = 0 if ctx.row_side == "topLeft" else 1
    passed: list[Message] = []
    for r in (row, 1 - row):
        for col in range(ctx.column, -1, -1):
            c = g.market[r * 6 + col]
            if c and c in valid:
                if r == row and col == ctx.column:
                    how = msg("the arrows' card")
                elif r == row:
                    how = msg("next valid card to the left")
                else:
                    how = msg("next valid card to the left in the other row")
                if r == 0:
                    found = msg("arrows: top row, column {column} ({how})", column=col + 1, how=how)
                else:
                    found = msg("arrows: bottom row, column {column} ({how})", column=col + 1, how=how)
                if passed:
                    found = msg("{found}; passed over: {passed}", found=found, passed=msg_join(passed, "; "))
                if variant_on(g, SAVVY_PURCHASING):
                    cheaper = savvy_cheaper_equivalent(ctx, c, cards)
                    if cheaper is not None:
                        return cheaper, msg(
                            "{found}; Savvy Purchasing: {cheaper} instead of {card}, the cheapest card of the same "
                            "suit and at least the same rank that costs less",
                            found=found, cheaper=card_name(cheaper), card=card_name(c),
                        )
                return c, found
            if r == 0:
                passed.append(msg("top {column} {why}", column=col + 1, why=_not_valid(ctx, r * 6 + col)))
            else:
                passed.append(msg("bottom {column} {why}", column=col + 1, why=_not_valid(ctx, r * 6 + col)))
    return None


def savvy_cheaper_equivalent(ctx: _Ctx, found: int, cards: list[int]) -> int | None:
    """Savvy Purchasing, the arrows' case (docs/wakhan-variants.md 1A): instead of the court card ``found`` by
    the arrows, a strictly cheaper court card of the same suit and at least the same rank that she can
    radicalize now (``cards``), anywhere in the market; the cheapest, then the leftmost column, then the card in
    the red arrow's row. None when there is none (or ``found`` is an event)."""
    g, w = ctx.g, ctx.w
    if not is_court_card(found):
        return None
    cost = purchase_cost(g, w, _slot(g, found))
    suit, rank = COURT[found].suit, COURT[found].rank
    red_row = 0 if ctx.row_side == "topLeft" else 1
    best: tuple[int, int, int] | None = None
    pick: int | None = None
    for c in cards:
        if not is_court_card(c) or c == found or COURT[c].suit != suit or COURT[c].rank < rank:
            continue
        slot = _slot(g, c)
        price = purchase_cost(g, w, slot)
        if price >= cost:
            continue
        key = (price, slot % 6, 0 if slot // 6 == red_row else 1)
        if best is None or key < best:
            best, pick = key, c
    return pick


def savvy_net_coins(ctx: _Ctx, pool: list[int]) -> tuple[int, Message]:
    """Savvy Purchasing with a Dominance Check in the market, no coalition dominant and no card with a spy or
    tribe icon (docs/wakhan-variants.md 1B): the card that nets her the most rupees (the rupees on it, plus 2
    for a leverage icon, less its cost), even when that is nothing or a loss; then the cheapest, then the highest
    card number."""
    g = ctx.g
    cheapest = _cheapest_key(ctx)
    c = min(pool, key=lambda c: (-net_rupees(g, c), *cheapest(c)))
    return c, msg(
        "Dominance Check in the market, no coalition dominant, no card with spy/tribe icons; Savvy Purchasing: "
        "the card that nets her the most rupees ({net})",
        net=f"{net_rupees(g, c):+d}",
    )


def net_rupees(g: Game, card: int) -> int:
    """What radicalizing the market card ``card`` nets Wakhan: the rupees on it, plus the rupees its leverage
    icons bring, less its cost (the AI cards' "most net rupees" and Savvy Purchasing's fallback)."""
    slot = _slot(g, card)
    leverage = sum(1 for i in COURT[card].impact if i == "leverage") if is_court_card(card) else 0
    return g.market_rupees[slot] + LEVERAGE_RUPEES * leverage - purchase_cost(g, g.wakhan, slot)


def _not_valid(ctx: _Ctx, slot: int) -> Message:
    """Why the market slot is not a card she can radicalize now (for her reasons)."""
    g, w = ctx.g, ctx.w
    card = g.market[slot]
    if not card:
        return msg("vacant")
    if card in g.paid_cards:
        return msg("{card}: she put a rupee on it this turn", card=card_name(card))
    cost = purchase_cost(g, w, slot)
    if cost > g.rupees[w]:
        return msgn(
            "{card}: costs {cost}, she has {n} rupee", "{card}: costs {cost}, she has {n} rupees", g.rupees[w],
            card=card_name(card), cost=cost,
        )
    return msg("{card}: cannot be purchased", card=card_name(card))


def _pick(ctx: _Ctx, cards: list[int], key: Callable[[int], Any], text: Message) -> tuple[int, Message] | None:
    if not cards:
        return None
    c = min(cards, key=key)
    return c, text


def instruction_radicalize(ctx: _Ctx, legal: list[Option], code: str) -> tuple[int, Message] | None:
    """A radicalize instruction with conditions; None when its condition fails or no card fits. Ties go to the
    cheapest card, then the highest card number.

    Reading: instructions choose among court cards only (they name suits, ranks, icons, patriots, actions), and
    "most net rupees" counts rupees on the card plus 2 per leverage icon minus the cost, as written."""
    g, w = ctx.g, ctx.w
    cards = [c for c in _radicalize_cards(ctx, legal) if is_court_card(c)]
    cheapest = _cheapest_key(ctx)

    def highest_ranked(suit: int) -> tuple[int, Message] | None:
        pool = [c for c in cards if COURT[c].suit == suit]
        got = _pick(ctx, pool, lambda c: (-COURT[c].rank, *cheapest(c)), [])
        if got is None:
            return None
        c = got[0]
        return c, msg(
            "highest-ranked {suit} card in the market (rank {rank}; ties: cheapest, then highest number)",
            suit=msg(SUIT_NAMES[suit]), rank=COURT[c].rank,
        )

    def most_icons(icons: tuple[str, ...]) -> tuple[int, Message] | None:
        def count(c: int) -> int:
            return sum(1 for i in COURT[c].impact if i in icons)

        pool = [c for c in cards if count(c) > 0]
        got = _pick(ctx, pool, lambda c: (-count(c), *cheapest(c)), [])
        if got is None:
            return None
        if icons == ("army", "road"):
            text = N_("card with the most army/road icons ({n}; ties: cheapest, then highest number)")
        else:
            text = N_("card with the most spy/tribe icons ({n}; ties: cheapest, then highest number)")
        return got[0], msg(text, n=count(got[0]))

    if code == "radicalizeIfMilitaryFavoredHighestRankedMilitary":
        return highest_ranked(MILITARY) if g.favored == MILITARY else None
    if code == "radicalizeIfPoliticalFavoredHighestRankedEconomic":
        return highest_ranked(ECONOMIC) if g.favored == POLITICAL else None
    if code == "radicalizeHighestRankedPolitical":
        return highest_ranked(POLITICAL)
    if code == "radicalizeHighestRankedIntelligence":
        return highest_ranked(INTELLIGENCE)
    if code == "radicalizeIntelligence":
        pool = [c for c in cards if COURT[c].suit == INTELLIGENCE]
        return _pick(ctx, pool, cheapest, msg("an intelligence card (cheapest)"))
    if code == "radicalizeIfFewerThan2RupeesRadicalizeMostNetRupees":
        if g.rupees[w] >= 2:
            return None

        pool = [c for c in cards if net_rupees(g, c) > 0]
        best = _pick(ctx, pool, lambda c: (-net_rupees(g, c), *cheapest(c)), [])
        if best is None:
            return None
        return best[0], msg(
            "fewer than 2 rupees: card that nets her the most rupees ({net})", net=net_rupees(g, best[0])
        )
    if code == "radicalizeCardThatGivesControlOfRegion":
        pool = [c for c in cards if _gives_control(ctx, c)]
        return _pick(ctx, pool, cheapest, msg("card whose tribes/armies make her ruler of its region"))
    if code == "radicalizeCardThatWouldPlaceMostBlocks":
        return most_icons(("army", "road"))
    if code == "radicalizeIfNoDominantCoalitionCardThatWouldPlaceMostCylinders":
        return most_icons(("spy", "tribe")) if ctx.dominant < 0 else None
    if code == "radicalizeIfNoCardWithMoveCardWithMoveAction":
        if any("move" in COURT[c].actions for c in g.courts[w]):
            return None
        pool = [c for c in cards if "move" in COURT[c].actions]
        return _pick(ctx, pool, cheapest, msg("no move card in her court: card with the move action"))
    if code == "radicalizeIfDominantCoalitionMatchingPatriot":
        dom = ctx.dominant
        if dom < 0:
            return None
        pool = [c for c in cards if COURT[c].patriot == dom]
        why = msg("{coalition} dominant: {coalition} patriot", coalition=coalition_label(dom))
        return _pick(ctx, pool, cheapest, why)
    if code == "radicalizeIfCourtSizeAtLimitHighestRankedPolitical":
        if len(g.courts[w]) < court_limit(g, w):
            return None
        return highest_ranked(POLITICAL)
    if code == "radicalizeIfFewerSpiesThanAnotherPlayerHighestRankedIntelligence":
        mine = spies_in_play(g, w)
        if not any(spies_in_play(g, p) > mine for p in range(g.n) if p != w):
            return None
        return highest_ranked(INTELLIGENCE)
    raise KeyError(f"unknown radicalize instruction {code!r}")


def _gives_control(ctx: _Ctx, card: int) -> bool:
    """Reading: the card's tribe and army icons (armies of her pragmatic loyalty) would make her the ruler of
    its region, which she does not rule now, and she can pay the full play bribe after buying it."""
    g, w = ctx.g, ctx.w
    info = COURT[card]
    r = info.region
    if g.rulers[r] == w:
        return False
    t = sum(1 for i in info.impact if i == "tribe")
    a = sum(1 for i in info.impact if i == "army")
    if not t and not a:
        return False
    _, bribe = play_bribe(g, w, card)  # the engine's play bribe (waivers included)
    if bribe:
        s = _slot(g, card)
        after = g.rupees[w] - purchase_cost(g, w, s) + g.market_rupees[s]
        if bribe > after:
            return False
    return ruler_after(g, r, {w: t}, {ctx.pl: a}) == w


# ---------------------------------------------------------------------------- card actions: feasibility


def _hostage_bribe(g: Game, card: int) -> int:
    """Spies of the player holding Wakhan's card hostage (0 if free or the bribe is waived): the engine's
    hostage rule, with the full bribe asked."""
    holder, spies = hostage_holder(g, card, g.wakhan)
    if holder < 0 or hostage_bribe_waived(g, g.wakhan):
        return 0
    return spies


def _min_cost(g: Game, action: str) -> int:
    return action_min_cost(g, g.wakhan, action)


def _other_loyalties(ctx: _Ctx) -> set[int]:
    g = ctx.g
    return {g.loyalty[p] for p in range(g.n) if p != ctx.w and g.loyalty[p] >= 0} - {ctx.pl}


def battle_regions(ctx: _Ctx) -> list[int]:
    """Default battle: regions (AI card order) where another player has pieces (tribes, armies or roads of a
    coalition another player is loyal to) and she has at least one army.

    Reading: blocks of a coalition nobody else is loyal to are not "another player's pieces"; she neither
    chooses a region for them nor removes them."""
    g, w = ctx.g, ctx.w
    loyal = {COALITIONS[c] for c in _other_loyalties(ctx)}
    out = []
    for r in ctx.regions:
        if not g.armies[r * 3 + ctx.pl]:
            continue
        for target in region_battle_targets(g, w, r):  # the engine's battle rule (Citadel protects tribes)
            if target[0] == "remove_tribe" or target[-1] in loyal:
                out.append(r)
                break
    return out


def battle_cards(g: Game) -> list[int]:
    """Court cards where Wakhan has a spy and another player has a spy she may remove."""
    w = g.wakhan
    out = []
    for court in g.courts:
        for c in court:
            if g.spy_count(c, w) and card_battle_targets(g, w, c):
                out.append(c)
    return out


def most_spies_card(g: Game, cards: list[int]) -> int:
    dominant = dominant_coalition(g)
    return max(cards, key=lambda c: (sum(g.spies_on(c)), card_priority(g, c, dominant)))


def army_moves(ctx: _Ctx) -> list[tuple[int, int]]:
    """Default move, one army at a time, best first: from a region where she has more armies (of her pragmatic
    loyalty) than other players' tribes, to an adjacent region where other players have more tribes than she
    has armies, never losing a ruler token; destination then origin by the AI card's region order.

    Reading: "as many armies as there are tribes" counts other players' tribes and applies to the origin too
    (she moves only surplus armies), so armies never shuttle back and forth."""
    g, w, n, pl = ctx.g, ctx.w, ctx.g.n, ctx.pl

    def enemy_tribes(r: int) -> int:
        return sum(g.tribes[r * n + q] for q in range(n) if q != w)

    out = []
    for o in range(6):
        have = g.armies[o * 3 + pl]
        if not have or have <= enemy_tribes(o):
            continue
        if g.rulers[o] == w and ruler_after(g, o, None, {pl: -1}) != w:
            continue
        for d, _border in NEIGHBOURS[o]:
            need = enemy_tribes(d)
            if need and g.armies[d * 3 + pl] < need:
                out.append((o, d))
    out.sort(key=lambda od: (ctx.region_rank(od[1]), ctx.region_rank(od[0])))
    return out


def idle_spies(g: Game, card: int) -> int:
    """Her spies on ``card`` not tied up by other players' spies there (each other spy ties up one of hers)."""
    row = g.spies_on(card)
    mine = row[g.wakhan]
    return max(0, mine - (sum(row) - mine))


def idle_spy_moves(ctx: _Ctx) -> list[tuple[int, int]]:
    """Spy Movement (docs/wakhan-variants.md 2): the spy moves she would make, best first. Origins are her cards
    with an idle spy, lowest card priority first; each origin's destinations are the cards one ordinary spy move
    away (the engine's own spy moves, abilities included) where she does not alone have the most spies, highest
    card priority first. Her choice is the first of the list."""
    g, w = ctx.g, ctx.w
    reach: dict[int, list[int]] = {}
    for origin, dest in spy_moves(g, w):
        reach.setdefault(origin, []).append(dest)
    dominant = ctx.dominant
    out: list[tuple[int, int]] = []
    origins = sorted((c for c in reach if idle_spies(g, c) > 0), key=lambda c: card_priority(g, c, dominant))
    for origin in origins:
        dests = [d for d in reach[origin] if not has_most_spies(g, d, w)]
        dests.sort(key=lambda c: card_priority(g, c, dominant), reverse=True)
        out.extend((origin, d) for d in dests)
    return out


def has_most_spies(g: Game, card: int, player: int) -> bool:
    """Reading of "has the most spies" (her spy placement, Spy Movement): strictly more than every other player."""
    row = g.spies_on(card)
    mine = row[player]
    return mine > 0 and all(mine > row[q] for q in range(g.n) if q != player)


def betray_targets(g: Game) -> list[int]:
    """Cards she may betray (the engine's rule) that carry a prize: her default betray wants a prize."""
    return [c for c in engine_betray_targets(g, g.wakhan) if COURT[c].prize >= 0]


def action_feasible(ctx: _Ctx, action: str, code: str) -> bool:
    """Can the action be carried out with its default behaviour (or the special battle instruction)?"""
    g, w = ctx.g, ctx.w
    if action == "move":
        return bool(army_moves(ctx)) or (variant_on(g, SPY_MOVEMENT) and bool(idle_spy_moves(ctx)))
    if action == "betray":
        return g.rupees[w] >= BETRAY_COST and bool(betray_targets(g))
    if action == "battle":
        if code == SPECIAL_BATTLE:
            return bool(battle_cards(g))
        return bool(battle_regions(ctx)) or bool(battle_cards(g))
    return True  # tax, gift, build: the engine's own conditions are the default behaviour's


def usable_cards(ctx: _Ctx, legal: list[Option], action: str, code: str = "") -> list[int]:
    """Her court cards that could legally take ``action`` now (hostage bribe affordable included)."""
    g, w = ctx.g, ctx.w
    if not action_feasible(ctx, action, code or action):
        return []
    out = []
    for o in legal:
        if o[0] == "action" and option_arg(o, "action") == action:
            card = option_arg(o, "card")
            if g.rupees[w] >= _hostage_bribe(g, card) + _min_cost(g, action):
                out.append(card)
    return out


# ---------------------------------------------------------------------------- the turn decision


def _try_line(ctx: _Ctx, legal: list[Option], code: str) -> tuple[Option, Message] | None:
    g = ctx.g
    if code == "radicalize":
        got = default_radicalize(ctx, legal)
        if got is None:
            return None
        card, why = got
        return ("radicalize", card), msg("radicalize {card} — {why}", card=card_name(card), why=why)
    if code.startswith("radicalize"):
        got = instruction_radicalize(ctx, legal, code)
        if got is None:
            return None
        card, why = got
        return ("radicalize", card), msg("radicalize {card} — {why}", card=card_name(card), why=why)
    action = "battle" if code == SPECIAL_BATTLE else code
    if action not in CARD_ACTIONS:
        raise KeyError(f"unknown AI card instruction {code!r}")
    cards = usable_cards(ctx, legal, action, code)
    if not cards:
        return None
    card = highest_priority(g, cards)
    others = [c for c in cards if c != card]
    text = msg(
        "{action} with {card}, her highest-priority card that can take it",
        action=msg(ACTION_NAMES[CARD_ACTIONS.index(action)]), card=card_name(card),
    )
    if others:
        text = msg("{text} (over {cards})", text=text, cards=", ".join(card_name(c) for c in others))
    if is_bonus(g, ctx.w, card):
        text = msg("{text} (bonus action: favored suit)", text=text)
    return ("action", card, action), text


def _bonus_action(ctx: _Ctx, legal: list[Option]) -> Choice | None:
    g, w = ctx.g, ctx.w
    legal_set = set(legal)
    for card in g.courts[w]:
        if card in g.used_cards or not is_bonus(g, w, card):
            continue
        for action in COURT[card].actions:
            if ("action", card, action) not in legal_set:
                continue
            if not action_feasible(ctx, action, action):
                continue
            if g.rupees[w] < _hostage_bribe(g, card) + _min_cost(g, action):
                continue
            return ("action", card, action), noted(
                msg(
                    "bonus action: {action} with {card}, her leftmost unused card of the favored suit, its leftmost "
                    "action that can be taken",
                    action=msg(ACTION_NAMES[CARD_ACTIONS.index(action)]), card=card_name(card),
                ),
                BONUS_NOTE,
            )
    return None


def _turn(ctx: _Ctx, legal: list[Option]) -> Choice:
    """Ambition, then the AI card's lines from the one after the last line performed this turn (read back from
    her notes), then bonus actions, then the end of the turn.

    Reading: the lines form a cycle; she stops trying them when a whole cycle offers nothing, and once she has
    taken a bonus action in the bonus phase she does not go back to the lines. Wakhan's Ambition is not a line:
    it is checked whenever she has an action left, in the bonus phase too."""
    g = ctx.g
    lines: tuple[str, ...] = ctx.card.actions if ctx.card is not None else ("radicalize",)
    tags = _turn_tags(g)
    in_bonus = bool(tags) and tags[0][0] == "bonus"
    if g.actions_used < ACTIONS_PER_TURN:
        # Ambition takes "her action" whenever she has one left, bonus actions begun or not.
        ambition = _ambition(ctx, legal)
        if ambition is not None:
            return ambition
    if not in_bonus and g.actions_used < ACTIONS_PER_TURN:
        last_line = next((t for t in tags if t[0] == "line"), None)
        start = (last_line[1] + 1) % len(lines) if last_line else 0
        for k in range(len(lines)):
            i = (start + k) % len(lines)
            got = _try_line(ctx, legal, lines[i])
            if got is not None:
                option, why = got
                text = msg(
                    "line {line}/{lines} ({instruction}): {why}",
                    line=i + 1, lines=len(lines), instruction=instruction(lines[i]), why=why,
                )
                if k:
                    skipped = [
                        msg("{line} ({instruction})", line=m + 1, instruction=instruction(lines[m]))
                        for m in (j % len(lines) for j in range(start, start + k))
                    ]
                    listed = msg_join(skipped)
                    text = msgn(
                        "{text} (skipped, not possible now: line {passed})",
                        "{text} (skipped, not possible now: lines {passed})",
                        k, text=text, passed=listed,
                    )
                number = ctx.card.number if ctx.card is not None else "?"
                return option, noted(text, line_note(number, i + 1, len(lines), lines[i]))
    bonus = _bonus_action(ctx, legal)
    if bonus is not None:
        return bonus
    if g.actions_used >= ACTIONS_PER_TURN:
        return ("end_turn",), msg("end of turn: both actions used and no bonus action left")
    return ("end_turn",), msg("end of turn: no valid action left on her AI card and no bonus action left")


# ---------------------------------------------------------------------------- sub-decisions


def _current_line_code(g: Game) -> str:
    tags = _turn_tags(g)
    return tags[0][2] if tags and tags[0][0] == "line" else ""


def _side(ctx: _Ctx, legal: list[Option]) -> Choice:
    if ctx.row_side == "topLeft":
        return ("side", "left"), msg(
            "the red arrow points to the top row, left end: she plays to the left end of her court"
        )
    return ("side", "right"), msg(
        "the red arrow points to the bottom row, right end: she plays to the right end of her court"
    )


def _place_spy(ctx: _Ctx, legal: list[Option]) -> Choice:
    """Reading: she "has the most spies" on a card only with strictly more than every other player; if she has
    the most everywhere, the highest-priority card of the region."""
    g, w = ctx.g, ctx.w
    cards = option_args(legal, "spy", "card")
    pool = [c for c in cards if not has_most_spies(g, c, w)]
    if pool:
        c = highest_priority(g, pool)
        return ("spy", c), msg(
            "spy on {card}: highest-priority card of the region where she does not have the most spies",
            card=card_name(c),
        )
    c = highest_priority(g, cards)
    return ("spy", c), msg("spy on {card}: she has the most spies everywhere; highest-priority card", card=card_name(c))


def road_note(card: int) -> dict[str, Any]:
    """The note kept with a road she places for ``card``'s impact icons (counted back by :func:`_roads_placed_for`)."""
    return {"wakhan": "road", "card": card}


def _roads_placed_for(g: Game, card: int) -> int:
    """Roads Wakhan has placed this turn for ``card``, from the notes kept with those decisions."""
    return sum(1 for note in g.notes_this_turn(g.wakhan) if note.get("wakhan") == "road" and note.get("card") == card)


def road_order(ctx: _Ctx, region: int) -> list[int]:
    """Borders of ``region``, by the AI card's order of the region on their other side."""
    borders = list(REGION_BORDERS[region])

    def other(b: int) -> int:
        a, c = BORDERS[b]
        return c if a == region else a

    return sorted(borders, key=lambda b: ctx.region_rank(other(b)))


def _place_road(ctx: _Ctx, legal: list[Option]) -> Choice:
    g = ctx.g
    card = PlaceRoad(*_pending(g)).card
    region = COURT[card].region
    order = road_order(ctx, region)
    k = _roads_placed_for(g, card)
    b = order[k % len(order)]
    name = BORDER_NAMES[b]
    return ("road", name), noted(
        msg(
            "road {k} of {card} on {border}: the borders of {region} in the AI card's region order",
            k=k + 1, card=card_name(card), border=where_name(name), region=region_title(region),
        ),
        road_note(card),
    )


def _bribe_demand(ctx: _Ctx, legal: list[Option]) -> Choice:
    full = max(option_args(legal, "demand", "amount"))
    return ("demand", full), msgn(
        "she asks the full bribe of {n} rupee", "she asks the full bribe of {n} rupees", full
    )


def _bribe_pay(ctx: _Ctx, legal: list[Option]) -> Choice:
    step = BribePay(*_pending(ctx.g))
    if ("pay",) in legal:
        return ("pay",), msgn(
            "she can afford the bribe of {n} rupee and pays it", "she can afford the bribe of {n} rupees and pays it",
            step.amount,
        )
    if step.purpose == "play":
        return ("refuse",), msgn(
            "she cannot afford the bribe of {n} rupee; the radicalized card is discarded",
            "she cannot afford the bribe of {n} rupees; the radicalized card is discarded",
            step.amount,
        )
    return ("refuse",), msgn(
        "she cannot afford the bribe of {n} rupee; the action is not taken",
        "she cannot afford the bribe of {n} rupees; the action is not taken",
        step.amount,
    )


def _tax(ctx: _Ctx, legal: list[Option]) -> Choice:
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
            row, col = divmod(_slot(g, c), 6)
            return col, row if top_first else 1 - row

        c = min(cards, key=key)
        return ("tax_market", c), msg(
            "tax {card}: no player can be taxed; leftmost market card, red arrow on ties", card=card_name(c)
        )
    return ("done",), msg("tax: nothing more to take")


def _build_like(ctx: _Ctx, legal: list[Option], what: Message) -> Choice:
    armies = {REGION_INDEX[r] for r in option_args(legal, "army", "region")}
    for r in ctx.regions:
        if r in armies:
            return ("army", REGIONS[r]), msg(
                "{what}: army in {region}, the leftmost region on the AI card that she rules",
                what=what, region=region_title(r),
            )
    if ("done",) in legal:
        return ("done",), msg("{what}: no more armies to build", what=what)
    return legal[0], msg("{what}: no army can be built; first legal option", what=what)


def _build(ctx: _Ctx, legal: list[Option]) -> Choice:
    return _build_like(ctx, legal, msg("build (spending as much as possible)"))


def _infrastructure(ctx: _Ctx, legal: list[Option]) -> Choice:
    return _build_like(ctx, legal, msg("Infrastructure"))


def _move(ctx: _Ctx, legal: list[Option]) -> Choice:
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
    if ("done",) in legal_set:
        return ("done",), msg("move: no further army move by her rules (she never moves spies)")
    return legal[0], msg("move: no army move by her rules; first legal option")


def _betray(ctx: _Ctx, legal: list[Option]) -> Choice:
    g = ctx.g
    cards = option_args(legal, "betray", "card")
    prized = [c for c in cards if COURT[c].prize >= 0]
    c = highest_priority(g, prized or cards)
    if prized:
        return ("betray", c), msg(
            "betray {card}: highest-priority card with a prize where she has a spy", card=card_name(c)
        )
    return ("betray", c), msg("betray {card}: highest-priority card (no prize)", card=card_name(c))


def _prize(ctx: _Ctx, legal: list[Option]) -> Choice:
    if ("take_prize",) in legal:
        return ("take_prize",), msg("she always takes the loyalty prize")
    return legal[0], msg("no prize to take")


def _battle_site(ctx: _Ctx, legal: list[Option]) -> Choice:
    g = ctx.g
    legal_set = set(legal)
    if _current_line_code(g) == SPECIAL_BATTLE:
        cards = [c for c in battle_cards(g) if ("battle_card", c) in legal_set]
        if cards:
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
    cards = [c for c in battle_cards(g) if ("battle_card", c) in legal_set]
    if cards:
        c = highest_priority(g, cards)
        return ("battle_card", c), msg(
            "battle on {card}: no region qualifies; highest-priority card where she and another player have spies",
            card=card_name(c),
        )
    return legal[0], msg("battle: no site by her rules; first legal option")


def _battle(ctx: _Ctx, legal: list[Option]) -> Choice:
    g = ctx.g
    step = Battle(*_pending(g))
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
    if ("done",) in legal_set:
        return ("done",), msg("battle: no other player's piece left to remove")
    return legal[0], msg("battle: first legal removal")


def _discard_cleanup(ctx: _Ctx, legal: list[Option]) -> Choice:
    g = ctx.g
    cards = option_args(legal, "discard", "card")
    c = min(cards, key=lambda c: cleanup_discard_key(g, c))
    return ("discard", c), msg(
        "discard {card}: non-political, non-patriot, non-leveraged first, then most other players' spies over hers, "
        "fewest spies, lowest rank, not favored, lowest number",
        card=card_name(c),
    )


def _blackmail(ctx: _Ctx, legal: list[Option]) -> Choice:
    cards = option_args(legal, "spy", "card")
    if cards:
        c = highest_priority(ctx.g, cards)
        return ("spy", c), msg("Blackmail ('may': she always does): spy on {card}, highest priority", card=card_name(c))
    return ("skip",), msg("Blackmail: no card to place a spy on")


def _safe_house(ctx: _Ctx, legal: list[Option]) -> Choice:
    houses = [o for o in legal if o[0] == "safe_house"]
    if houses:
        return houses[0], msg("Safe House ('may': she always does): the spy goes to the Safe House")
    return legal[0], msg("Safe House: not available")


def _choose_player(ctx: _Ctx, legal: list[Option], what: str) -> Choice:
    players = [p for p in option_args(legal, "player", "player") if p != ctx.w]
    for p in player_order(ctx.g):
        if p in players:
            return ("player", p), msg(
                "{event}: {player}, the first in the red arrow's order", event=what, player=player_message(ctx.g, p)
            )
    return legal[0], msg("{event}: first legal option", event=what)


def _rumor(ctx: _Ctx, legal: list[Option]) -> Choice:
    return _choose_player(ctx, legal, "Rumor")  # the event's card name, as printed


def _exchange(ctx: _Ctx, legal: list[Option]) -> Choice:
    return _choose_player(ctx, legal, "Other Persuasive Methods")


def _pashtunwali(ctx: _Ctx, legal: list[Option]) -> Choice:
    suit = SUITS[ctx.g.favored]
    return ("suit", suit), msg(
        "Pashtunwali Values: she chooses the current favored suit ({suit})", suit=msg(SUIT_NAMES[ctx.g.favored])
    )


def _rebuke(ctx: _Ctx, legal: list[Option]) -> Choice:
    """Reading: the first region on the AI card where another player has a tribe and she has none; else where
    another player has a tribe; else the first region."""
    g, w, n = ctx.g, ctx.w, ctx.g.n

    def others(r: int) -> int:
        return sum(g.tribes[r * n + q] for q in range(n) if q != w)

    for test, why in (
        (
            lambda r: others(r) > 0 and g.tribes[r * n + w] == 0,
            N_("leftmost region on the AI card where another player has tribes and she has none"),
        ),
        (lambda r: others(r) > 0, N_("leftmost region on the AI card where another player has tribes")),
        (lambda r: True, N_("no other player has a tribe anywhere: the first region on the AI card")),
    ):
        for r in ctx.regions:
            if test(r) and ("region", REGIONS[r]) in legal:
                return ("region", REGIONS[r]), msg("Rebuke {region}: {why}", region=region_title(r), why=msg(why))
    return legal[0], msg("Rebuke: first legal option")


def _take_piece(ctx: _Ctx, legal: list[Option]) -> Choice:
    """Reading (component limits, rulebook silent for Wakhan): take the piece she needs least: a road (border
    whose better region is last on the AI card), then an army from the region last on the AI card whose rule
    she keeps; for cylinders a spy from her lowest-priority card, then a tribe from the region last on the AI
    card that she does not rule, then a gift."""
    g, w = ctx.g, ctx.w
    kinds = {o[0] for o in legal}
    rank = ctx.region_rank
    if "take_road" in kinds or "take_army" in kinds:
        roads = [o for o in legal if o[0] == "take_road"]
        if roads:

            def road_key(o: Option) -> int:
                a, b = BORDERS[BORDER_NAMES.index(option_arg(o, "border"))]
                return min(rank(a), rank(b))

            o = max(roads, key=road_key)
            border = where_name(option_arg(o, "border"))
            return o, msg(
                "none in supply: take the road on {border} (least needed by the AI card's region order)", border=border
            )
        armies = [o for o in legal if o[0] == "take_army"]
        keep = [o for o in armies if g.rulers[REGION_INDEX[option_arg(o, "region")]] != w]
        o = max(keep or armies, key=lambda o: rank(REGION_INDEX[option_arg(o, "region")]))
        region = where_name(option_arg(o, "region"))
        return o, msg(
            "none in supply: take an army from {region} (last region on the AI card that she does not rule)",
            region=region,
        )
    spies = option_args(legal, "take_spy", "card")
    if spies:
        dominant = ctx.dominant
        c = min(spies, key=lambda c: card_priority(g, c, dominant))
        return ("take_spy", c), msg("none in supply: take her spy from {card}, lowest priority", card=card_name(c))
    tribes = [o for o in legal if o[0] == "take_tribe"]
    if tribes:
        keep = [o for o in tribes if g.rulers[REGION_INDEX[option_arg(o, "region")]] != w]
        o = max(keep or tribes, key=lambda o: rank(REGION_INDEX[option_arg(o, "region")]))
        region = where_name(option_arg(o, "region"))
        return o, msg(
            "none in supply: take her tribe from {region} (last region on the AI card that she does not rule)",
            region=region,
        )
    return legal[0], msg("none in supply: take her gift")


_HANDLERS: Final[dict[str, Callable[[_Ctx, list[Option]], Choice | None]]] = {
    "turn": _turn,
    "side": _side,
    "place_spy": _place_spy,
    "place_road": _place_road,
    "bribe_demand": _bribe_demand,
    "bribe_pay": _bribe_pay,
    "tax": _tax,
    "build": _build,
    "infrastructure": _infrastructure,
    "move": _move,
    "betray": _betray,
    "prize": _prize,
    "battle_site": _battle_site,
    "battle": _battle,
    "discard_court_over_limit": _discard_cleanup,
    "discard_hand_over_limit": _discard_cleanup,
    "leverage_discard": _discard_cleanup,
    "confidence_failure": _discard_cleanup,
    "blackmail": _blackmail,
    "safe_house": _safe_house,
    "rumor": _rumor,
    "exchange_hands": _exchange,
    "pashtunwali": _pashtunwali,
    "rebuke": _rebuke,
    "take_piece": _take_piece,
}

__all__ = ["WakhanPlayer", "card_priority", "cleanup_discard_key", "dominant_coalition", "player_order"]
