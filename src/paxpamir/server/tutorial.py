"""The guided first game ("Learn to play", issue 36): a fixed deal against Wakhan, its steps as data, and the
moves of the guided path.

The page (``static/tutorial.js``) reads :func:`tutorial_data` from ``GET /api/tutorial``, and shows the steps in
order: a step appears once its trigger (``when``) holds on the page's view model, points at one thing, and is
done when the learner makes a decision (or, for a step that only explains, ``ack``, presses "Next"). What to
point at is the guided path's move for the decision now (:data:`SCRIPT`, keyed by the game's decision number
``seq``), found among the model's legal options: the page decides nothing itself. The step reached is kept in
the browser (local storage, by game); the game itself is an ordinary stored game.

A trigger is a small dictionary; every key given must hold:

- ``decision``: the learner decides now and the pending decision is of this kind;
- ``script``: the guided move for the decision now is an option of this kind;
- ``script_card``: ... and the card it names is of this kind (``court``, ``event``, ``dominance_check``);
- ``event``: an event of this type is in the log (the first time it appears);
- ``actions_used``: the learner has used this many actions this turn;
- ``start``: always (the first step).

:func:`holds` is the same test in Python, for the tests that play the whole guided game and check that every
step is reached (``tests/test_tutorial.py``); ``tutorial.js`` has its twin.

The texts are messages of the ``web`` catalog (``N_``): the page translates them with ``_()``.
"""

from __future__ import annotations

from typing import Any

from ..content.i18n import N_
from ..engine.game import Game

#: The fixed deal: two seats, the learner and Wakhan (the rulebook's automa without variants).
SEED = 5
SEATS = ("human", "wakhan")
#: Seconds Wakhan waits before each of her decisions in a guided game (a page may ask for 0: tests).
BOT_DELAY = 0.8
#: Where each step's idea is explained in the rules reference (``/rules#<anchor>``).
RULES = "/rules"


def new_tutorial_game() -> Game:
    """The guided game's position before the first decision (what the server creates)."""
    return Game.new(len(SEATS), SEED, wakhan=True)


def _step(id: str, when: dict[str, Any], title: str, text: str, rules: str, ack: bool = False) -> dict[str, Any]:
    return {"id": id, "when": when, "title": title, "text": text, "rules": rules, "ack": ack}


#: The steps, in the order they are shown.
STEPS: list[dict[str, Any]] = [
    _step("welcome", {"start": True}, N_("Welcome to Pax Pamir"),
          N_("Afghanistan, in the 1820s: three coalitions, the Afghans, the British and the Russians, fight over it, "
             "and you are a local leader who backs one of them. You play against Wakhan, an automated opponent. "
             "Victory points come from Dominance Checks; whoever leads by 4 or more after a check, or leads after "
             "the last one, wins. Each step shows one idea as it comes up; follow the orange marks."),
          "goal", ack=True),
    _step("loyalty", {"decision": "loyalty"}, N_("Choose a loyalty"),
          N_("First you choose the coalition you back. Your influence counts only for it, and you win a Dominance "
             "Check together with it. You can change sides later by playing a patriot of another coalition, at a "
             "price. Take the British for now."),
          "loyalty"),
    _step("wakhan", {"event": "wakhan_card"}, N_("Wakhan's turn"),
          N_("Wakhan has no hand and no secrets: each turn she turns over an AI card and does the first of its lines "
             "that she can. Her panel shows the card; the red arrows on the market show which card she buys when "
             "a line tells her to. Her reasons are in the log."),
          "wakhan", ack=True),
    _step("favored", {"event": "favored"}, N_("The favored suit"),
          N_("One suit is favored at a time (the start: political). A card's impact icon can change it, as "
             "Wakhan's card just did: now military is favored. The actions of cards of the favored suit are free "
             "bonus actions, and while military is favored every market price is doubled."),
          "favored-suit", ack=True),
    _step("market", {"decision": "turn", "script": "purchase"}, N_("The market"),
          N_("Your turn: two actions. One action is to buy a card from the market. The leftmost column is free; each "
             "column further right costs one rupee more, paid by laying one rupee on each card you skip in that "
             "row. While military is favored, all of it doubles: two rupees a column, two on each card skipped. "
             "Rupees lying on a card go to whoever buys it. Buy the marked card."),
          "market"),
    _step("second", {"decision": "turn", "actions_used": 1}, N_("Two actions a turn"),
          N_("The card is in your hand now. You have a second action: buy the marked card too. Bought cards wait in "
             "your hand until you play them."),
          "turn"),
    _step("end_turn", {"decision": "turn", "script": "end_turn"}, N_("Ending the turn"),
          N_("Both actions are used. At the end of your turn you discard down to your hand and court limits, and "
             "the market closes its gaps and refills from the deck. End your turn."),
          "turn"),
    _step("play", {"decision": "turn", "script": "play"}, N_("Playing a card"),
          N_("Playing a card from your hand puts it in your court; its impact icons then act, left to right, in the "
             "card's region. This one is a patriot of the Afghan coalition: playing it makes you loyal to the "
             "Afghans, and you would lose British gifts, prizes and patriots (you have none yet). The page asks "
             "first; say yes."),
          "playing"),
    _step("ruler", {"event": "ruler"}, N_("Rulers"),
          N_("A tribe icon put your cylinder in Kabul. You rule a region while you have a tribe there and more "
             "pieces (your tribes plus your coalition's armies) than any other player, and than any coalition has "
             "armies there: a ♛ on the map. A ruler asks a bribe of anyone else who plays a card of that region."),
          "rulers", ack=True),
    _step("spy", {"decision": "place_spy"}, N_("Spies"),
          N_("The spy icon puts one of your cylinders on a court card of the same region, anyone's. Spies move "
             "along the courts, fight other spies, and a card where you have the most spies is your hostage. Put "
             "the spy on the marked card."),
          "spies"),
    _step("bribe", {"decision": "bribe_demand"}, N_("Bribes"),
          N_("Wakhan wants to play a card of Kabul, and you rule Kabul: she must pay you a bribe (one rupee per "
             "tribe you have there) or give up the play. Ask the marked amount."),
          "rulers"),
    _step("leverage", {"event": "leverage_taken"}, N_("Leverage"),
          N_("The leverage icon gives 2 rupees from the bank at once, a loan: when that card leaves the court, its "
             "owner pays 2 rupees back, and whoever cannot pay discards cards instead."),
          "leverage", ack=True),
    _step("hostage", {"decision": "bribe_demand"}, N_("Hostages"),
          N_("Your spy is the only one on Wakhan's Bala Hissar, so the card is your hostage: before she uses it, she "
             "must pay you a bribe too. Ask the marked amount."),
          "spies"),
    _step("action", {"decision": "turn", "script": "action"}, N_("Card actions"),
          N_("Each card in your court offers the actions printed on it (tax, gift, build, move, betray, battle), one "
             "action per card each turn. They use your two actions, unless the card is of the favored suit: then "
             "they are bonus actions. Take the marked action."),
          "actions"),
    _step("battle", {"decision": "battle_site"}, N_("Battle"),
          N_("A battle removes enemy pieces from a region where your coalition has armies (or enemy spies from a "
             "card where you have spies): at most one for each of your own there, and no more than the card's rank. "
             "Choose Kabul."),
          "actions"),
    _step("side", {"decision": "side"}, N_("Left or right"),
          N_("Your court has two ends; a new card goes to one of them. The order matters only for a few abilities, "
             "so pick the marked end."),
          "playing"),
    _step("event", {"event": "event"}, N_("Events"),
          N_("Some market cards are events. Bought, an event does what its upper half says at once. One still in "
             "the leftmost column at the end of a turn is discarded, and its lower half happens to everyone."),
          "events", ack=True),
    _step("overthrow", {"event": "overthrow_cards"}, N_("Losing a region"),
          N_("The event removed every tribe from Kabul. A player who has no tribe left in a region loses the "
             "political cards of that region from their court."),
          "rulers", ack=True),
    _step("road", {"decision": "place_road"}, N_("Roads and armies"),
          N_("Road and army icons put blocks of your coalition on the map: armies in regions, roads on borders. "
             "Blocks are the coalition's strength at a Dominance Check, not yours. Place the marked road."),
          "blocks"),
    _step("gift", {"decision": "turn", "script": "action"}, N_("Gifts and influence"),
          N_("A gift buys lasting influence: 2, 4 or 6 rupees for each of three gifts. Your influence is 1, plus "
             "your patriots in court, prizes and gifts; at a Dominance Check that your coalition wins, the most "
             "influential player scores most. Take the gift."),
          "influence"),
    _step("check_card", {"decision": "turn", "script_card": "dominance_check"}, N_("Dominance Checks"),
          N_("There are four Dominance Check cards in the deck. Bought (or falling out of the market) one checks "
             "at once: a coalition with at least 4 more blocks on the map than each other one is dominant, and "
             "its loyal players score by influence (5, 3, 1). When none is, players score by cylinders in play "
             "(3 and 1). Buy it."),
          "dominance"),
    _step("checked", {"event": "dominance_check"}, N_("The check scored"),
          N_("No coalition was dominant, so cylinders in play scored: yours beat Wakhan's. The victory-point track "
             "under the map shows the lead. The game ends after the fourth check, or sooner when someone leads "
             "by 4 or more after one."),
          "goal", ack=True),
    _step("move", {"decision": "move"}, N_("Moving"),
          N_("A move action gives as many moves as the card's rank, one piece at a time: an army crosses a border "
             "with a road of its coalition, or a spy steps to the next card of the courts. Move the marked army."),
          "actions"),
    _step("tax", {"decision": "tax"}, N_("Taxes"),
          N_("A tax takes rupees: from cards in the market, or from players who have a card of a region you rule. "
             "Rupees are few; taxing keeps you buying and bribing."),
          "actions"),
    _step("hand_limit", {"decision": "discard_hand_over_limit"}, N_("Hand limit"),
          N_("At the end of your turn you may hold 2 cards, plus the stars of your intelligence cards in court. "
             "Discard the marked card."),
          "turn"),
    _step("over", {"event": "game_over"}, N_("You won"),
          N_("A Dominance Check card left the market at the end of Wakhan's turn, so it was checked: you now lead "
             "by 4 victory points, and the game is over. In short: buy cards, play them for their icons, back a "
             "coalition and make it strong on the map, use your court's actions, take bribes where you rule, and "
             "time the Dominance Checks. Now try a real game."),
          "goal", ack=True),
]

#: The guided path: the learner's move at each decision number (``seq``) of the fixed deal, made by
#: ``tools/tutorial_script.py`` (the heuristic bot, paying every bribe asked of it).
SCRIPT: dict[int, list[Any]] = {
    0: ["loyalty", "british"],
    8: ["purchase", 46],
    9: ["purchase", 26],
    10: ["end_turn"],
    18: ["purchase", 6],
    19: ["play", 6],
    20: ["spy", 16],
    21: ["end_turn"],
    23: ["demand", 1],
    32: ["demand", 1],
    38: ["action", 6, "battle"],
    39: ["battle_region", "kabul"],
    40: ["remove_army", "russian"],
    41: ["play", 26],
    42: ["side", "left"],
    43: ["end_turn"],
    47: ["demand", 1],
    52: ["play", 46],
    53: ["side", "right"],
    54: ["road", "kandahar-punjab"],
    55: ["road", "herat-kandahar"],
    56: ["action", 46, "gift"],
    57: ["end_turn"],
    68: ["purchase", 34],
    69: ["play", 34],
    70: ["side", "right"],
    71: ["action", 46, "gift"],
    72: ["end_turn"],
    85: ["purchase", 62],
    86: ["purchase", 101],
    87: ["end_turn"],
    101: ["purchase", 31],
    102: ["play", 31],
    103: ["side", "right"],
    104: ["end_turn"],
    114: ["purchase", 43],
    115: ["play", 43],
    116: ["side", "left"],
    117: ["action", 34, "move"],
    119: ["pay"],
    120: ["move_army", "kandahar", "punjab"],
    121: ["action", 31, "tax"],
    122: ["tax_player", 1],
    123: ["end_turn"],
    127: ["demand", 1],
    130: ["spy", 46],
    131: ["purchase", 90],
    132: ["action", 31, "tax"],
    133: ["tax_market", 89],
    134: ["purchase", 22],
    135: ["end_turn"],
    136: ["discard", 22],
}


def holds(when: dict[str, Any], model: dict[str, Any], event_types: set[str], scripted: list[Any] | None) -> bool:
    """Whether a step's trigger holds on ``model`` (the learner's view model), with ``event_types`` the types of
    the events in the log so far and ``scripted`` the guided move for the decision now (None: none)."""
    if when.get("start"):
        return True
    yours = bool(model.get("your_decision"))
    if "decision" in when and not (yours and model.get("decision") == when["decision"]):
        return False
    if "actions_used" in when and not (yours and model.get("actions_used") == when["actions_used"]):
        return False
    if "script" in when and not (yours and scripted is not None and scripted[0] == when["script"]):
        return False
    if "script_card" in when:
        card = scripted[1] if yours and scripted is not None and len(scripted) > 1 else None
        facts = model.get("cards", {}).get(str(card)) if isinstance(card, int) else None
        if not facts or facts.get("kind") != when["script_card"]:
            return False
    return not ("event" in when and when["event"] not in event_types)


def tutorial_data() -> dict[str, Any]:
    """What ``GET /api/tutorial`` sends: the steps (texts as English msgids: the page translates them), the
    guided path, the seats and where the rules are."""
    return {"steps": STEPS, "script": {str(k): v for k, v in SCRIPT.items()}, "seats": list(SEATS),
            "rules": RULES}


def play_guided_game(decide_wakhan: Any = None) -> list[tuple[str, int]]:
    """Play the whole guided path as the page does (the learner takes every guided move, presses "Next" at once)
    and return each step with the decision number at which it was shown. For the tests and
    ``tools/tutorial_script.py``; raises ``AssertionError`` when the path leaves the legal options."""
    from ..agents.wakhan import WakhanPlayer
    from ..presentation.viewmodel import view_model

    game = new_tutorial_game()
    shown: list[tuple[str, int]] = []
    index, seq = 0, 0
    types: set[str] = set()
    while True:
        model = view_model(game, 0, log_from=len(game.events()))
        types |= {e["type"] for e in game.events()}
        scripted = SCRIPT.get(seq)
        # Steps that explain are read and passed at once; a step that asks for a move waits for it.
        while index < len(STEPS) and holds(STEPS[index]["when"], model, types, scripted):
            shown.append((STEPS[index]["id"], seq))
            index += 1
            if not STEPS[index - 1]["ack"]:
                break
        if game.is_over:
            return shown
        seat = game.current_player
        if seat == 0:
            assert scripted is not None and tuple(scripted) in game.legal_options(), (seq, scripted)
            game.apply(tuple(scripted), 0)
        else:
            option, reason = (decide_wakhan or WakhanPlayer()).choose(game)
            game.apply(option, seat, reason)
        seq += 1
