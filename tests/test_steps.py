"""Step kinds: each declares its named arguments, handlers, prompt and label in one place."""

from __future__ import annotations

from pathlib import Path

from paxpamir import Game
from paxpamir.engine.steps import KINDS
from paxpamir.presentation.words import labelled_options, prompt
from paxpamir.rules.actions.battle import Battle
from paxpamir.rules.actions.tax import Tax
from paxpamir.rules.effects import LASTING, LASTING_EFFECTS, effect_name, effect_text


def test_every_step_kind_declares_its_arguments_and_the_docs_name_them() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "state-format.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`"): line for line in doc.splitlines() if line.startswith("| `")}
    for kind, spec in KINDS.items():
        assert spec.cls is not None, f"step kind {kind!r} declares no arguments"
        assert [name for name, _ in spec.fields][:1] == ["player"], kind
        if spec.run is None:
            assert spec.label is not None and spec.prompt, f"decision {kind!r} has no label or prompt"
        row = rows.get(kind)
        assert row is not None, f"docs/state-format.md has no row for step kind {kind!r}"
        cell = row.split("|")[2]
        for name, _ in spec.fields[1:]:
            assert f"`{name}`" in cell, f"docs/state-format.md: step {kind!r} does not name its argument {name!r}"


def test_steps_are_built_and_read_by_name_and_written_as_lists() -> None:
    step = Battle("battle", 0, "region", 1, 2, 0)
    assert (step.player, step.site, step.where, step.left, step.removed) == (0, "region", 1, 2, 0)
    assert step == ("battle", 0, "region", 1, 2, 0)
    g = Game.from_json(
        {
            "players": [{"loyalty": "british", "rupees": 1}, {"loyalty": "russian"}],
            "market_rupees": [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]],
            "market": [[29, None, None, None, None, None], [None] * 6],
            "agenda": [["turn", 0], ["tax", 0, 2, 0]],
        }
    )
    assert isinstance(g.pending, Tax) and g.pending.left == 2
    assert g.to_json()["agenda"] == [["turn", 0], ["tax", 0, 2, 0]]
    assert prompt(g) == (
        "Player 1: Tax: take a rupee from a market card or a player (you may stop after the first) (up to 2 more)"
    )


def test_a_step_pushed_as_a_plain_tuple_gets_its_named_type() -> None:
    g = Game.new(2, 3)
    while g.decision != "turn":
        g.apply(g.legal_options()[0])
    g.agenda.append(("betray", g.current))  # as code written against the older registry would push it
    g.agenda.append(("noop", -1))
    g._advance()
    assert type(g.pending) is not tuple and g.pending.player == g.current  # type: ignore[union-attr]


def test_the_prize_option_says_what_it_does() -> None:
    from positions import game, player

    g = game(player("british", 0), player("russian", 0), discard=[1], agenda=[["turn", 0], ["prize", 0, 1]])
    assert labelled_options(g) == [
        (("take_prize",), "Take the card as a prize"),
        (("decline_prize",), "Leave it in the discard pile"),
    ]


def test_one_table_of_lasting_effects() -> None:
    assert set(LASTING) == set(LASTING_EFFECTS)
    assert effect_name("nationBuilding") == "Nation Building"
    assert effect_text("rumor", "Player 2") == (
        "Player 2's patriots give no influence until after the next Dominance Check."
    )
    assert effect_text("rumor", "") == "its buyer's patriots give no influence until after the next Dominance Check."
    for e in LASTING_EFFECTS.values():
        assert e.duration in e.text or e.duration == "at the next Dominance Check", e.id


def test_every_lasting_effect_is_an_event_cards_effect_and_comes_into_force() -> None:
    from paxpamir.content.cards import EVENT_CARDS
    from paxpamir.rules.events import _HANDLERS

    ids = {e.if_purchased for e in EVENT_CARDS} | {e.if_discarded for e in EVENT_CARDS}
    assert set(LASTING_EFFECTS) <= ids
    assert ids <= set(_HANDLERS)


def test_a_game_pickles_with_its_pending_decision_and_plays_on_the_same() -> None:
    """OpenSpiel pickles states; the game keeps its pending decision's kind, which pickles as its name."""
    import pickle

    from paxpamir import Game
    from paxpamir.agents.bots import RandomBot
    from paxpamir.engine.steps import KINDS

    game = Game.new(players=3, seed=8)
    bot = RandomBot(8)
    for _ in range(40):
        game.apply(bot.choose(game))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.state_hash() == game.state_hash() and copy.legal_options() == game.legal_options()
    assert copy._top is KINDS[game.decision]
    option = bot.choose(game)
    game.apply(option)
    copy.apply(option)
    assert copy.state_hash() == game.state_hash()


def test_steps_made_once_per_seat_and_card_are_well_formed_steps_of_their_kinds() -> None:
    """The tables of steps a turn pushes for one card hold, for every seat and court card, the step of that kind,
    seat and card, of its declared type (the engine pushes them instead of making new ones)."""
    from paxpamir.content.cards import ACTIONS, COURT
    from paxpamir.engine.steps import step_error
    from paxpamir.rules import actions, court

    def check(step: tuple, expected: tuple) -> None:
        assert step == expected and type(step) is KINDS[expected[0]].cls and step_error(step, 5) is None

    for p in range(5):
        for card in range(1, 101):
            for radicalize in (0, 1):
                check(court._PLAY_CARD[p][card][radicalize], ("play_card", p, card, radicalize))
            check(court._SIDE[p][card], ("side", p, card))
            check(court._PLACE_ROAD[p][card], ("place_road", p, card))
            check(court._PLACE_SPY[p][card], ("place_spy", p, card))
            for i, action in enumerate(ACTIONS):
                step = actions._CARD_ACTION[p][card][i]
                if action in COURT[card].actions:
                    check(step, ("card_action", p, card, action))
                else:
                    assert step is None
