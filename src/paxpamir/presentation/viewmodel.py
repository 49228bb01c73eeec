"""The view model: everything a client shows one seat, in one JSON-compatible dict.

:func:`view_model` starts from the redacted :meth:`Game.view` and adds the facts a client would otherwise have
to work out itself: who rules each region, influence, limits and costs, hostages, what each court card can do
now, the prompt, and, when the seat is to decide, the labelled legal options grouped by what they point at
(a card, a region, a border, a player) so that a board can light up exactly the legal targets. Every derived
fact comes from the rules' own functions (:mod:`paxpamir.rules`) or the decision API; nothing here re-decides
a rule. The field list is in docs/state-format.md ("View model").

>>> from paxpamir import Game
>>> game = Game.new(players=3, seed=1)
>>> vm = view_model(game, game.current_player)
>>> vm["format"], len(vm["players"]), len(vm["regions"]), len(vm["borders"])
('paxpamir-view-model', 3, 6, 9)
>>> vm["decision"], vm["your_decision"], [(o["label"], o["target"]) for o in vm["options"]][:1]
('loyalty', True, [('Be loyal to the Afghan coalition', None)])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..content.cards import CARDS, COURT, DOMINANCE_CHECKS, WAKHAN_INSTRUCTIONS, CourtCard, EventCard, wakhan_card
from ..content.i18n import N_, UnknownLanguage, check_language, current_language, language, ngettext
from ..content.i18n import gettext as _
from ..content.map import (
    BORDER_NAMES,
    BORDERS,
    COALITIONS,
    REGION_BORDERS,
    REGIONS,
    SUITS,
    border_title,
    region_title,
)
from ..engine.errors import PamirError
from ..engine.options import option_arg, targets
from ..rules.actions import ACTIONS_PER_TURN, BETRAY_COST, BUILD_UNIT_COST, Battle, action_min_cost, gift_cost, is_bonus
from ..rules.court import change_loyalty, hostage_holder, play_bribe
from ..rules.effects import LASTING
from ..rules.effects import effect_text as lasting_effect_text
from ..rules.market import column_cost, purchase_cost
from ..rules.scoring import cylinders_in_play, dominant_coalition, influence
from ..rules.setup import deck_piles
from ..rules.turn import court_limit, hand_limit
from ..rules.wakhan import VARIANT_TITLES, pragmatic_loyalty
from .describe import effect_name, player_name
from .words import labelled_options, prompt

if TYPE_CHECKING:
    from ..engine.game import Game

FORMAT: Final = "paxpamir-view-model"
VERSION: Final = 1
#: Log lines a view model carries when the caller does not say where to start.
LOG_LINES: Final = 20
MAX_GIFTS: Final = 3


# ---------------------------------------------------------------------------- targets


def option_target(step: tuple[Any, ...] | None, option: tuple[Any, ...]) -> dict[str, Any] | None:
    """What ``option`` of the pending ``step`` points at: ``{"card": n}``, ``{"region": name}``,
    ``{"border": name}``, ``{"player": p}``, or None, as its kind declares (:func:`engine.options.targets`). A move
    also names where it starts (``"from"``); a battle removal points at the battle's site and names whose piece
    or which coalition's block (``"player"`` / ``"coalition"``).

    >>> option_target(("turn", 0), ("action", 37, "tax"))
    {'card': 37}
    >>> option_target(("move", 0, 2, 0), ("move_army", "kabul", "punjab"))
    {'region': 'punjab', 'from': {'region': 'kabul'}}
    >>> option_target(("battle", 0, "region", 1, 2, 0), ("remove_tribe", 1))
    {'region': 'kabul', 'player': 1}
    >>> option_target(("turn", 0), ("end_turn",)) is None
    True
    """
    out = targets(option)
    kind = option[0] if option else ""
    if kind in _AT_BATTLE_SITE and step is not None and step[:1] == ("battle",):
        where = Battle(*step).where
        if kind == "remove_spy":
            site: dict[str, Any] = {"card": where}
        else:
            site = {"region": REGIONS[where]} if isinstance(where, int) and 0 <= where < 6 else {"region": where}
        return {**site, **(out or {})}
    return out


#: Removals in a battle: their target is the battle's site, which the pending step gives.
_AT_BATTLE_SITE: Final = frozenset({"remove_army", "remove_tribe", "remove_spy"})


def _group(options: list[dict[str, Any]]) -> dict[str, Any]:
    """Option indices by what they point at: ``{"cards": {"37": [2, 5]}, "regions": {...}, "borders": {...},
    "players": {...}, "none": [...]}`` (object keys are strings, as JSON needs)."""
    groups: dict[str, Any] = {"cards": {}, "regions": {}, "borders": {}, "players": {}, "none": []}
    for o in options:
        target = o["target"]
        if target is None:
            groups["none"].append(o["index"])
            continue
        for key, group in (("card", "cards"), ("region", "regions"), ("border", "borders"), ("player", "players")):
            if key in target:
                groups[group].setdefault(str(target[key]), []).append(o["index"])
                break
    return groups


# ---------------------------------------------------------------------------- pieces of the model


def card_facts(number: int) -> dict[str, Any]:
    """What is printed on a card, as JSON (our own short texts for abilities and events)."""
    info = CARDS[number]
    if isinstance(info, CourtCard):
        return {
            "number": number,
            "name": info.name,
            "kind": "court",
            "region": REGIONS[info.region],
            "suit": SUITS[info.suit],
            "rank": info.rank,
            "actions": list(info.actions),
            "impact": list(info.impact),
            "patriot": COALITIONS[info.patriot] if info.patriot >= 0 else None,
            "prize": COALITIONS[info.prize] if info.prize >= 0 else None,
            "ability": info.ability,
            "ability_text": _(info.ability_text) if info.ability_text else info.ability_text,
        }
    assert isinstance(info, EventCard)
    return {
        "number": number,
        "name": info.name,
        "kind": "dominance_check" if info.is_dominance_check else "event",
        "if_purchased": _(info.if_purchased_text),
        "if_discarded": _(info.if_discarded_text),
    }


def effect_text(effect: str, card: int, player: str) -> str:
    """What a lasting event does while in force, for the player it belongs to."""
    text = lasting_effect_text(effect, player)
    if text is not None:
        return text
    info = CARDS[card]
    if isinstance(info, EventCard):
        return _(info.if_purchased_text if effect == info.if_purchased else info.if_discarded_text)
    return effect


def _players(g: Game, view: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for p, pd in enumerate(view["players"]):
        wakhan = p == g.wakhan
        stars = {SUITS[s]: g.stars(p, s) for s in range(4)}
        prizes_by = {c: 0 for c in COALITIONS}
        for card in pd["prizes"]:
            prizes_by[COALITIONS[COURT[card].prize]] += 1
        gifts = g.gifts[p]
        out.append(
            {
                "seat": p,
                "name": player_name(g, p),
                "wakhan": wakhan,
                "loyalty": pd["loyalty"],
                "rupees": pd["rupees"],
                "vp": pd["vp"],
                # Wakhan is loyal to every coalition: her influence is counted in each.
                "influence": (
                    {c: influence(g, p, i) for i, c in enumerate(COALITIONS)} if wakhan else influence(g, p)
                ),
                "gifts": gifts,
                "gift_cost": gift_cost(g, p) if gifts < MAX_GIFTS else None,
                "prizes": pd["prizes"],
                "prizes_by_coalition": prizes_by,
                "hand": pd["hand"],
                # What playing each visible hand card costs in bribes now: to whom (a ruler) and how much.
                "play_bribes": (
                    None
                    if pd["hand"] is None
                    else [_bribe(c, *play_bribe(g, p, c)) for c in pd["hand"]]
                ),
                "hand_size": pd["hand_size"],
                "hand_limit": hand_limit(g, p),
                "court": pd["court"],
                "court_size": len(pd["court"]),
                "court_limit": court_limit(g, p),
                "stars": stars,
                "cylinders_in_supply": g.cylinders_in_supply(p),
                "cylinders_in_play": cylinders_in_play(g, p),
                "regions_ruled": [REGIONS[r] for r in range(6) if g.rulers[r] == p],
            }
        )
    return out


def _bribe(card: int, ruler: int, rupees: int) -> dict[str, Any]:
    return {"card": card, "to": ruler if ruler >= 0 else None, "rupees": rupees}


def _regions(g: Game, view: dict[str, Any]) -> dict[str, Any]:
    mp = view["map"]
    out = {}
    for r, name in enumerate(REGIONS):
        ruler = g.rulers[r]
        out[name] = {
            "title": region_title(r),
            "ruler": ruler if ruler >= 0 else None,
            "tribes": (mp["tribes"].get(name) or [0] * g.n),
            "armies": {c: g.armies[r * 3 + i] for i, c in enumerate(COALITIONS)},
            "borders": [BORDER_NAMES[b] for b in REGION_BORDERS[r]],
        }
    return out


def _borders(g: Game) -> dict[str, Any]:
    return {
        name: {
            "title": border_title(b),
            "regions": [REGIONS[a] for a in BORDERS[b]],
            "roads": {c: g.roads[b * 3 + i] for i, c in enumerate(COALITIONS)},
        }
        for b, name in enumerate(BORDER_NAMES)
    }


def _courts(g: Game, view: dict[str, Any], legal: list[tuple[Any, ...]]) -> list[list[dict[str, Any]]]:
    used = (view.get("turn_state") or {}).get("used_cards") or []
    current = view.get("current")
    usable: dict[int, list[str]] = {}
    for o in legal:
        if o[0] == "action":
            usable.setdefault(option_arg(o, "card"), []).append(option_arg(o, "action"))
    spies = view.get("spies") or {}
    courts = []
    for p, pd in enumerate(view["players"]):
        cards = []
        for c in pd["court"]:
            row = spies.get(str(c)) or [0] * g.n
            holder, count = hostage_holder(g, c, p)
            info = COURT[c]
            cards.append(
                {
                    "card": c,
                    "owner": p,
                    "spies": row,
                    "hostage_of": holder if holder >= 0 else None,
                    "hostage_spies": count,
                    "used": p == current and c in used,
                    "actions": list(info.actions),
                    "bonus": is_bonus(g, p, c),
                    "usable_actions": usable.get(c, []),
                    "unusable_actions": (
                        blocked_actions(g, p, c, usable.get(c, []))
                        if p == current and g.decision == "turn" and g.current_player == p
                        else {}
                    ),
                }
            )
        courts.append(cards)
    return courts


#: Why a card action the rules rule out is not possible, by action, when the reason is the board itself.
_NOTHING_TO_DO: Final = {
    "tax": N_("nothing to tax: no rupees on market cards and no player you may tax"),
    "move": N_("nothing of yours can move (no spy, and no army with a road out)"),
    "battle": N_("no battle: no site where you have a piece and an enemy has one"),
    "betray": N_("no card to betray (a spy of yours must be on it)"),
    "gift": N_("no gift possible"),
    "build": N_("no build possible"),
}


def blocked_actions(g: Game, player: int, card: int, usable: list[str]) -> dict[str, str]:
    """Why each printed action of ``card`` (in the court of ``player``, to move) cannot be taken now: action ->
    reason in plain words, for the actions not among the legal options ``usable``. The reasons come from the
    rules' own facts: the card's use this turn, actions left, bonus actions, costs, gifts, rule of a region."""
    out: dict[str, str] = {}
    info = COURT[card]
    for action in info.actions:
        if action in usable:
            continue
        rupees = g.rupees[player]
        if card in g.used_cards:
            why = _("this card was already used this turn")
        elif g.actions_used >= ACTIONS_PER_TURN and not is_bonus(g, player, card):
            why = _("no actions left (only bonus actions, of favored-suit cards)")
        elif action == "gift" and g.gifts[player] >= MAX_GIFTS:
            why = _("all three gifts are given")
        elif action in ("gift", "build", "betray") and rupees < action_min_cost(g, player, action):
            cost = action_min_cost(g, player, action)
            why = ngettext("it costs {cost} rupee; you have {have}", "it costs {cost} rupees; you have {have}", cost)
            why = why.format(cost=cost, have=rupees)
        elif action == "build" and player not in g.rulers:
            why = _("you rule no region")
        else:
            why = _(_NOTHING_TO_DO.get(action, N_("not possible now")))
        out[action] = why
    return out


def _market(g: Game, view: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for row in range(2):
        for col in range(6):
            card = view["market"][row][col]
            slot = row * 6 + col
            out.append(
                {
                    "row": row,
                    "column": col,
                    "card": card,
                    "rupees": view["market_rupees"][row][col],
                    "cost": [purchase_cost(g, p, slot) for p in range(g.n)] if card is not None else None,
                }
            )
    return out


def _dominance(g: Game, view: dict[str, Any]) -> dict[str, Any]:
    in_market = [
        {"card": m["card"], "row": m["row"], "column": m["column"]}
        for m in _market_cards(view)
        if m["card"] in DOMINANCE_CHECKS
    ]
    left = view["dominance_checks_left"]
    blocks = {c: g.coalition_blocks(i) for i, c in enumerate(COALITIONS)}
    dominant = dominant_coalition(g)
    in_deck = left - len(in_market)
    piles = deck_piles(g.n, view["deck_size"])
    # Every pile under the top one is whole, its Dominance Check still in it; the rest are in the top pile.
    whole = sum(1 for _pile, check in piles[1:] if check)
    return {
        "left": left,
        "in_market": in_market,
        "in_deck": in_deck,
        "piles": [
            {"cards": k, "checks": (1 if check else 0) if i else max(0, in_deck - whole)}
            for i, (k, check) in enumerate(piles)
        ],
        "blocks": blocks,
        "blocks_in_supply": {c: g.blocks_in_supply(i) for i, c in enumerate(COALITIONS)},
        "dominant": COALITIONS[dominant] if dominant >= 0 else None,
    }


def _market_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"card": view["market"][r][c], "row": r, "column": c}
        for r in range(2)
        for c in range(6)
        if view["market"][r][c] is not None
    ]


def _effects(g: Game, view: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for e in view["effects"]:
        p, effect = e["player"], e["effect"]
        out.append(
            {
                "effect": e["effect"],
                "name": effect_name(e["effect"]),
                "card": e["card"],
                "player": p if p >= 0 else None,
                "text": effect_text(e["effect"], e["card"], player_name(g, p) if p >= 0 else ""),
                "lasts": _(LASTING[effect]) if effect in LASTING else None,
            }
        )
    return out


def _wakhan(g: Game, view: dict[str, Any]) -> dict[str, Any] | None:
    wk = view.get("wakhan")
    if not wk:
        return None
    out = dict(wk)
    number = wk.get("ai_card")
    if number:
        card = wakhan_card(number)
        out["ai_card_face"] = {
            "number": number,
            "actions": [{"code": a, "text": _(WAKHAN_INSTRUCTIONS.get(a, a))} for a in card.actions],
            "pragmatic_loyalty": [COALITIONS[c] for c in card.pragmatic_loyalty],
            "region_order": [REGIONS[r] for r in card.region_order],
        }
    else:
        out["ai_card_face"] = None
    out["pragmatic_loyalty"] = COALITIONS[pragmatic_loyalty(g)]
    out["variants"] = [{"name": v, "title": _(VARIANT_TITLES[v])} for v in g.options.get("wakhan_variants") or ()]
    return out


def _log(g: Game, log_from: int | None) -> dict[str, Any]:
    from .describe import event_text

    events = g.events()
    total = len(events)
    start = total - LOG_LINES if log_from is None else log_from
    start = max(0, min(start, total))
    return {"size": total, "from": start, "lines": [event_text(g, e) for e in events[start:]]}


# ---------------------------------------------------------------------------- the model


def view_model(game: object, seat: object, *, log_from: object = None, lang: object = None) -> dict[str, Any]:
    """Everything a client shows ``seat`` (None: a spectator), as JSON-compatible data.

    It holds the redacted view (``"view"``) and the facts derived from it by the rules, the prompt, and, when
    ``seat`` is to decide, the labelled legal options with their targets. ``log_from`` is the index of the
    first log line to include (default: the last 20). Texts (labels, prompt, log lines, card texts) are in
    ``lang`` (``"en"``, ``"de"``; default: the current language of :mod:`paxpamir.content.i18n`). Fields:
    docs/state-format.md, "View model".
    """
    if lang is not None:
        try:
            code = check_language(lang)
        except UnknownLanguage as e:
            raise PamirError(str(e)) from None
        with language(code):
            return view_model(game, seat, log_from=log_from)
    from ..engine.game import Game

    if not isinstance(game, Game):
        raise PamirError(f"view_model needs a Game, not {game!r}")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.n):
        raise PamirError(f"seat must be None (a spectator) or 0 to {game.n - 1}, not {seat!r}")
    if log_from is not None and (not isinstance(log_from, int) or isinstance(log_from, bool) or log_from < 0):
        raise PamirError(f"log_from must be a log index (0 or more), not {log_from!r}")
    g = game
    view = g.view(seat)
    to_move = g.current_player
    yours = seat is not None and to_move == seat
    legal: list[tuple[Any, ...]] = []
    options: list[dict[str, Any]] = []
    if yours:
        step = g.pending
        for i, (option, label) in enumerate(labelled_options(g)):
            legal.append(option)
            options.append(
                {
                    "index": i,
                    "option": _jsonable(option),
                    "kind": option[0],
                    "label": label,
                    "target": option_target(step, option),
                }
            )
            if option[0] == "play" and seat is not None:
                options[-1]["changes_loyalty"] = _loyalty_change(g, seat, option)
    elif to_move is not None and g.decision == "turn":
        # Which card actions the player to move could take: public facts (the options of a turn also
        # name cards in hand, which are not copied).
        legal = [o for o in g.legal_options() if o[0] == "action"]
    mentioned = set(view["discard"]) | {c for row in view["market"] for c in row if c is not None}
    for pd in view["players"]:
        mentioned.update(pd["court"], pd["prizes"], pd["hand"] or ())
    mentioned.update(e["card"] for e in view["effects"])
    for o in options:
        target = o["target"] or {}
        for t in (target, target.get("from") or {}):
            if isinstance(t.get("card"), int):
                mentioned.add(t["card"])
    return {
        "format": FORMAT,
        "version": VERSION,
        "lang": current_language(),
        "seat": seat,
        "seats": g.n,
        "names": [player_name(g, p) for p in range(g.n)],
        "wakhan_seat": g.wakhan if g.wakhan >= 0 else None,
        "open_hands": bool(g.options.get("open_hands")),
        "phase": view["phase"],
        "over": g.is_over,
        "winners": view["winners"],
        "end_reason": view["end_reason"],
        "turn": view["turn"],
        "current": view["current"],
        "actions_used": view["turn_state"]["actions_used"],
        "to_move": to_move,
        "decision": g.decision,
        "prompt": prompt(g),
        "your_decision": yours,
        "can_undo": yours and g.can_undo(seat),
        "favored": view["favored"],
        "costs": {"build": BUILD_UNIT_COST, "betray": BETRAY_COST},
        "players": _players(g, view),
        "regions": _regions(g, view),
        "borders": _borders(g),
        "market": _market(g, view),
        "column_costs": [column_cost(g, c) for c in range(6)],
        "deck_size": view["deck_size"],
        "discard": view["discard"],
        "courts": _courts(g, view, legal),
        "effects": _effects(g, view),
        "dominance": _dominance(g, view),
        "wakhan": _wakhan(g, view),
        "options": options,
        "targets": _group(options),
        "cards": {str(c): card_facts(c) for c in sorted(mentioned)},
        "log": _log(g, log_from),
        "view": view,
    }


def _loyalty_change(g: Game, p: int, option: tuple[Any, ...]) -> dict[str, Any] | None:
    """What playing the card of a ``play`` option costs ``p`` when it changes their loyalty (a patriot of
    another coalition, rulebook "Loyalty"): the rules' own :func:`change_loyalty` run on a copy of the game,
    and what it took away. None when the play changes no loyalty."""
    card = option[1]
    info = COURT[card]
    if info.patriot < 0 or info.patriot == g.loyalty[p] or p == g.wakhan:
        return None
    trial = g.clone()
    trial.quiet = True
    change_loyalty(trial, p, info.patriot, keep=card)
    return {
        "from": COALITIONS[g.loyalty[p]] if g.loyalty[p] >= 0 else None,
        "to": COALITIONS[info.patriot],
        "loses": {
            "patriots": [c for c in g.courts[p] if c not in trial.courts[p]],
            "prizes": [c for c in g.prizes[p] if c not in trial.prizes[p]],
            "gifts": g.gifts[p] - trial.gifts[p],
        },
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


__all__ = ["card_facts", "effect_text", "option_target", "view_model"]
