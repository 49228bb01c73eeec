"""Readable English for options, prompts and log events. Nothing here changes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..content.cards import CARDS
from ..content.map import BORDER_NAMES, COALITIONS, REGIONS, SUITS, border_title, region_title
from ..engine.steps import DECISIONS, Option, Step

if TYPE_CHECKING:
    from ..engine.game import Game


EFFECT_NAMES = {
    "newTactics": "New Tactics",
    "kohINoorRecovered": "Koh-i-noor Recovered",
    "embarrassementOfRiches": "Embarrassment of Riches",
    "courtlyManners": "Courtly Manners",
    "disregardForCustoms": "Disregard for Customs",
    "rumor": "Rumor",
    "conflictFatigue": "Conflict Fatigue",
    "nationalism": "Nationalism",
    "nationBuilding": "Nation Building",
    "pashtunwaliValues": "Pashtunwali Values",
}


def effect_name(effect: str) -> str:
    return EFFECT_NAMES.get(effect, effect)


def rupees_text(k: int) -> str:
    return f"{k} rupee" if k == 1 else f"{k} rupees"


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


def _where(value: Any) -> str:
    if isinstance(value, str):
        if value in REGIONS:
            return region_title(REGIONS.index(value))
        if value in BORDER_NAMES:
            return border_title(BORDER_NAMES.index(value))
    return str(value)


def label(g: Game, step: Step, option: Option) -> str:
    kind = option[0] if option else ""
    a: Any = option[1] if len(option) > 1 else None
    b: Any = option[2] if len(option) > 2 else None
    if kind == "loyalty":
        return f"Be loyal to the {str(a).capitalize()} coalition"
    if kind == "purchase":
        from ..rules.market import purchase_cost

        slot = g.market.index(a) if a in g.market else -1
        cost = purchase_cost(g, step[1], slot) if slot >= 0 else 0
        rupees = g.market_rupees[slot] if slot >= 0 else 0
        extra = f" (+{rupees_text(rupees)} on it)" if rupees else ""
        price = "for free" if cost == 0 else f"for {rupees_text(cost)}"
        return f"Purchase {card_name(a)} {price}{extra}"
    if kind == "play":
        return f"Play {card_name(a)}"
    if kind == "radicalize":
        from ..rules.market import purchase_cost

        cost = purchase_cost(g, step[1], g.market.index(a)) if a in g.market else 0
        return f"Radicalize {card_name(a)}: purchase for {rupees_text(cost)} and play it at once"
    if kind == "action":
        return f"{str(b).capitalize()} with {card_name(a)}{_action_note(g, step[1], a, str(b))}"
    if kind == "end_turn":
        return "End your turn (cleanup)"
    if kind == "demand":
        return "Waive the bribe" if a == 0 else f"Ask {rupees_text(a)}"
    if kind == "pay":
        return f"Pay the bribe of {rupees_text(step[3])}"
    if kind == "refuse":
        return "Refuse to pay (take back the play or action)"
    if kind == "side":
        return f"Play it at the {a} end of your court"
    if kind == "road":
        return f"Road on {_where(a)}"
    if kind == "army":
        return f"Army in {_where(a)}"
    if kind == "spy":
        return f"Spy on {card_name(a)}"
    if kind.startswith("take_"):
        what = kind[5:]
        if a is None:
            return f"Take one of your {what}s"
        return f"Take your {what} from {_where(a) if not isinstance(a, int) else card_name(a)}"
    if kind == "tax_market":
        return f"Tax a rupee from {card_name(a)} in the market"
    if kind == "tax_player":
        return f"Tax a rupee from {player_name(g, a)}"
    if kind == "done":
        return "Stop here"
    if kind == "move_army":
        return f"Move an army from {_where(a)} to {_where(b)}"
    if kind == "move_tribe":
        return f"Move a tribe from {_where(a)} to {_where(b)}"
    if kind == "move_spy":
        return f"Move a spy from {card_name(a)} to {card_name(b)}"
    if kind == "betray":
        return f"Betray {card_name(a)}"
    if kind == "take_prize":
        return "Take the card as a prize"
    if kind == "decline_prize":
        return "Leave it in the discard pile"
    if kind == "battle_region":
        return f"Battle in {_where(a)}"
    if kind == "battle_card":
        return f"Battle on {card_name(a)}"
    if kind == "remove_army":
        return f"Remove {_a(str(a).capitalize())} army"
    if kind == "remove_road":
        return f"Remove {_a(str(b).capitalize())} road on {_where(a)}"
    if kind == "remove_tribe":
        return f"Remove a tribe of {player_name(g, a)}"
    if kind == "remove_spy":
        return f"Remove a spy of {player_name(g, a)}"
    if kind == "discard":
        where = ""  # every discard step has its player in step[1]
        if a in g.hands[step[1]]:
            where = " from your hand"
        elif a in g.courts[step[1]]:
            where = " from your court"
        return f"Discard {card_name(a)}{where}"
    if kind == "player":
        return player_name(g, a)
    if kind == "suit":
        return f"Favor the {a} suit"
    if kind == "region":
        return _where(a)
    if kind == "skip":
        return "Skip"
    if kind == "safe_house":
        return f"Put the spy on {card_name(a)}"
    if kind == "decline":
        return "Decline"
    return " ".join(str(x) for x in option)


def prompt(g: Game, step: Step) -> str:
    kind = step[0]
    text = DECISIONS[kind][2] if kind in DECISIONS else kind
    who = player_name(g, step[1])
    if kind == "bribe_demand":
        why = _bribe_purpose({"purpose": step[4], "card": step[5]})
        text = f"{player_name(g, step[2])} owes you a bribe of up to {rupees_text(step[3])} {why}: name it"
    elif kind == "bribe_pay":
        why = _bribe_purpose({"purpose": step[4], "card": step[5]})
        text = f"{player_name(g, step[2])} asks a bribe of {rupees_text(step[3])} {why}: pay or refuse"
    elif kind in ("side", "place_road", "place_spy"):
        text = f"{text} ({card_name(step[2])})"
    elif kind == "turn" and step[1] != g.wakhan:
        from ..rules.actions import ACTIONS_PER_TURN

        left = max(0, ACTIONS_PER_TURN - g.actions_used)
        text += f" ({left} action{'s' if left != 1 else ''} left)" if left else " (no actions left: bonus actions only)"
    elif kind in ("tax", "build", "move"):
        text += f" (up to {step[2]} more)"
    elif kind == "battle":
        text += f" (up to {step[4]} more)"
    return f"{who}: {text}"


def _action_note(g: Game, player: int, card: int, action: str) -> str:
    """What a card action costs: " (bonus action)" for the favored suit, and its rupees."""
    from ..rules.abilities import build_blocks_paid
    from ..rules.actions import BETRAY_COST, BUILD_UNIT_COST, gift_cost, is_bonus

    notes = []
    if action == "gift":
        notes.append(rupees_text(gift_cost(g, player)))
    elif action == "build":
        two = build_blocks_paid(g, player, 2) < 2  # Nation Building: each block paid for places two
        notes.append(f"{BUILD_UNIT_COST} rupees {'per two blocks' if two else 'a block'}")
    elif action == "betray":
        notes.append(rupees_text(BETRAY_COST))
    if is_bonus(g, player, card):
        notes.append("bonus action")
    return f" ({', '.join(notes)})" if notes else ""


def event_text(g: Game, e: dict[str, Any]) -> str:
    t = e["type"]
    p: Any = e.get("player", -1)
    who = player_name(g, p) if isinstance(p, int) and p >= 0 else "Everyone"
    c: Any = e.get("card")
    if t == "setup":
        return f"New game for {e['players']} players; {player_name(g, e['first_chooser'])} chooses loyalty first."
    if t == "loyalty":
        return f"{who} is loyal to the {COALITIONS[e['coalition']].capitalize()} coalition."
    if t == "turn":
        return f"— Turn {e['turn']}: {who} —"
    if t == "end_turn":
        return f"{who} ends the turn."
    if t == "purchase":
        gained = f" and takes the {rupees_text(e['gained'])} on it" if e["gained"] else ""
        price = "for free" if e["cost"] == 0 else f"for {rupees_text(e['cost'])}"
        return f"{who} purchases {card_name(c)} {price}{gained}."
    if t == "play":
        whose = "her" if p == g.wakhan else "their"
        return f"{who} plays {card_name(c)} to the {e['side']} of {whose} court."
    if t == "action":
        bonus = " (bonus action)" if e["bonus"] else ""
        return f"{who} takes the {e['action']} action with {card_name(c)}{bonus}."
    if t == "place":
        return f"{who} places {_piece(e)}."
    if t == "no_piece":
        return f"{who} has no {e['kind']} to place: every one in play was placed this turn."
    if t == "impacts_cancelled":
        return f"{card_name(c)} has left {who}'s court: its remaining impact icons are not resolved."
    if t == "no_spy_target":
        if e["region"] < 0:
            return f"{who} places no spy: {card_name(c)} has left the court."
        return f"{who} places no spy: no court holds a card of {region_title(e['region'])}."
    if t == "take_piece":
        source = " ".join(map(str, e["source"][1:])) or "the dial"
        return f"{who} has none left in supply and takes a piece from {source}."
    if t == "ruler":
        r = region_title(e["region"])
        return f"{player_name(g, e['player'])} now rules {r}." if e["player"] >= 0 else f"Nobody rules {r} now."
    if t == "bribe_asked":
        payer = player_name(g, e["payer"])
        what = _bribe_purpose(e)
        if not e["amount"]:
            return f"{who} waives the bribe {payer} owes {what}."
        full = f" (up to {e['full']})" if e["full"] != e["amount"] else ""
        return f"{who} asks {payer} for a bribe of {rupees_text(e['amount'])}{full} {what}."
    if t == "bribe_paid":
        return f"{who} pays a bribe of {rupees_text(e['amount'])} to {player_name(g, e['to'])}."
    if t == "bribe_refused":
        undone = f"the action with {card_name(c)} is not taken"
        if e["purpose"] == "play":
            undone = f"{card_name(c)} is not played"
        return f"{who} refuses the bribe of {rupees_text(e['amount'])}: {undone}."
    if t == "leverage_taken":
        return f"{who} takes {e['amount']} rupees from the bank ({card_name(c)} is leveraged)."
    if t == "favored":
        return f"The favored suit is now {SUITS[e['suit']]}."
    if t == "favored_unchanged":
        return f"The favored suit stays {SUITS[g.favored]} (suit changes are blocked)."
    if t == "loyalty_change":
        coalition = COALITIONS[e["coalition"]].capitalize()
        return f"{who} changes loyalty to the {coalition} coalition, losing gifts, prizes and patriots."
    if t == "discard_hand":
        return f"{who} discards {card_name(c)} from hand ({e['reason']})."
    if t == "discard_court":
        return f"{who} discards {card_name(c)} from court ({e['reason']})."
    if t == "overthrow_tribes":
        tribes = f"{e['tribes']} tribe{'s' if e['tribes'] != 1 else ''}"
        return f"{who} loses the last political card of {region_title(e['region'])} and with it {tribes}."
    if t == "overthrow_cards":
        return f"{who} loses the last tribe in {region_title(e['region'])}: their political cards there are discarded."
    if t == "leverage_repaid":
        short = f", {e['short']} short" if e["short"] else ""
        return f"{who} repays {rupees_text(e['paid'])} for leveraged {card_name(c)}{short}."
    if t == "tax":
        src = card_name(c) if c else player_name(g, e["target"])
        return f"{who} taxes a rupee from {src}."
    if t == "gift":
        return f"{who} buys a gift for {e['cost']} rupees."
    if t in ("move_army", "move_tribe"):
        unit = "an army" if t == "move_army" else "a tribe"
        return f"{who} moves {unit} from {region_title(e['source'])} to {region_title(e['to'])}."
    if t == "move_spy":
        return f"{who} moves a spy from {card_name(c)} to {card_name(e['to'])}."
    if t == "betray":
        return f"{who} betrays {card_name(c)} in {player_name(g, e['owner'])}'s court."
    if t == "prize":
        return f"{who} takes {card_name(c)} as a {COALITIONS[e['coalition']].capitalize()} prize."
    if t == "prize_declined":
        return f"{who} leaves {card_name(c)} in the discard pile."
    if t == "battle":
        site = region_title(e["region"]) if "region" in e else card_name(c)
        return f"{who} battles in {site} (up to {e['limit']} removal{'s' if e['limit'] != 1 else ''})."
    if t == "removed":
        return f"{who} removes {_removed(g, e)}."
    if t == "event":
        info = CARDS[c]
        assert info is not None
        text = info.if_purchased_text if e["purchased"] else info.if_discarded_text
        how = f"{who} buys" if e["purchased"] else "Discarded from the market:"
        return f"{how} {card_name(c)} — {text}"
    if t == "event_discarded":
        return f"{card_name(c)} leaves the market at cleanup."
    if t == "effect_on":
        scope = f" for {player_name(g, p)}" if p >= 0 else ""
        return f"Now in force{scope}: {effect_name(e['effect'])}."
    if t == "effect_off":
        return f"No longer in force: {effect_name(e['effect'])}."
    if t == "dealt":
        return f"{card_name(c)} enters the market."
    if t == "instability":
        return f"Instability: {card_name(c)} meets {card_name(e['other'])} in the market; a Dominance Check follows."
    if t == "dominance_check":
        dom = e["dominant"]
        head = (
            f"Dominance Check: the {COALITIONS[dom].capitalize()} coalition is dominant"
            if dom >= 0
            else "Dominance Check: no coalition is dominant"
        )
        final = " (final check: points doubled)" if e["final"] else ""
        awards = ", ".join(f"{player_name(g, int(k))} +{v}" for k, v in e["awards"].items()) or "no points"
        return f"{head}{final}; {awards}."
    if t == "blocks_cleared":
        return "All coalition blocks are removed from the map."
    if t == "wakhan_card":
        return f"Wakhan draws AI card {c}."
    if t == "wakhan_reshuffle":
        return "Wakhan's AI deck is reshuffled."
    if t == "reason":
        return f"{who}: {e['text']}"
    if t == "game_over":
        names = " and ".join(player_name(g, w) for w in e["winners"])
        verb = "win" if len(e["winners"]) > 1 else "wins"
        scores = ", ".join(f"{player_name(g, q)} {v}" for q, v in enumerate(e["vp"]))
        return f"Game over ({e['reason']}): {names} {verb}. Victory points: {scores}."
    if t == "region_cleared":
        return f"All tribes and armies are removed from {region_title(e['region'])}."
    if t == "prizes_discarded":
        return f"{who} discards their prizes."
    if t == "bank_rupees":
        return f"{who} takes {e['amount']} rupees from the bank."
    if t == "hands_exchanged":
        return f"{who} exchanges hands with {player_name(g, e['other'])}."
    if t == "blackmail":
        return f"{who} blackmails {card_name(c)}."
    if t == "infrastructure":
        return f"{who} places one more block for free (Infrastructure)."
    if t == "safe_house":
        return f"{who}'s spy escapes to {card_name(c)} (Safe House)."
    if t == "insurrection":
        return f"Insurrection: two Afghan armies rise in Kabul for {who}."
    if t in RULE_CHANGE_TEXTS:
        return RULE_CHANGE_TEXTS[t](g, e)
    return f"{t}: {e}"


def _bribe_waived_text(g: Game, e: dict[str, Any]) -> str:
    """A bribe nobody pays because an ability or an event in force cancels it."""
    source = card_name(e["source"]) if e.get("source", -1) >= 0 else "a rule in force"
    return (
        f"No bribe: {source} spares {player_name(g, e['player'])} the {rupees_text(e['amount'])} owed to "
        f"{player_name(g, e['to'])} {_bribe_purpose(e)}."
    )


#: Log texts of rule changes announced by the rules (an ability or an event changing a rule for a moment).
RULE_CHANGE_TEXTS: dict[str, Any] = {"bribe_waived": _bribe_waived_text}


def _bribe_purpose(e: dict[str, Any]) -> str:
    if e["purpose"] == "play":
        return f"to play {card_name(e['card'])}"
    return f"to act with {card_name(e['card'])} (held hostage)"


def _a(word: str) -> str:
    """The word with its indefinite article ("an Afghan", "a British")."""
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _piece(e: dict[str, Any]) -> str:
    kind = e["kind"]
    where = e["where"]
    if kind == "tribe":
        return f"a tribe in {region_title(where)}"
    if kind == "spy":
        return f"a spy on {card_name(where)}"
    if kind == "gift":
        return "a gift on their loyalty dial"
    coal = _a(COALITIONS[e["coalition"]].capitalize())
    if kind == "army":
        return f"{coal} army in {region_title(where)}"
    return f"{coal} road on {border_title(where)}"


def _removed(g: Game, e: dict[str, Any]) -> str:
    kind = e["kind"]
    if kind in ("army", "road"):
        coal = _a(COALITIONS[e["coalition"]].capitalize())
        return f"{coal} army" if kind == "army" else f"{coal} road on {border_title(e['where'])}"
    owner = player_name(g, e["owner"])
    return f"a tribe of {owner}" if kind == "tribe" else f"a spy of {owner} from {card_name(e['where'])}"
