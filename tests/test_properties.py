"""Property tests over random games: invariants after every decision, games that end, determinism, clones,
JSON round trips, records, undo, views, bad input, and the state-format document's example position.

Every random game picks a uniformly random legal option at each decision from a seeded ``random.Random``, so
every failure names a (players, seed) pair that reproduces it.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paxpamir import BadState, Game, IllegalOption, PamirError
from paxpamir.content.cards import COURT, is_court_card, is_dominance_check
from paxpamir.content.map import MILITARY
from paxpamir.engine.invariants import check_invariants
from paxpamir.engine.steps import KINDS, new_step
from paxpamir.presentation.words import log_lines, prompt
from paxpamir.rules.court import Impact, LeverageDiscard

DOC = Path(__file__).resolve().parent.parent / "docs" / "state-format.md"
GAMES_PER_PLAYER_COUNT = 400  # x 4 player counts = 1,600 games
MAX_DECISIONS = 6000


def play_random(
    game: Game,
    rnd: random.Random,
    check: bool = True,
    limit: int = MAX_DECISIONS,
) -> int:
    """Play ``game`` on with uniformly random legal options, checking invariants after every decision (and
    that every pending decision offers at least one option). Returns the number of decisions made."""
    made = 0
    while not game.is_over and made < limit:
        options = game.legal_options()
        assert options, f"decision {game.decision!r} of player {game.current_player} offers no option"
        game.apply(options[rnd.randrange(len(options))])
        made += 1
        if check:
            check_invariants(game)
    return made


def new_random_game(players: int, seed: int, **options: bool) -> tuple[Game, random.Random]:
    game = Game.new(players, seed, **options)
    check_invariants(game)
    return game, random.Random(seed * 7919 + players)


def expected_winners(game: Game) -> list[int]:
    best = max(game.vp)
    tied = [p for p in range(game.n) if game.vp[p] == best]
    if len(tied) > 1:
        most = max(game.stars(p, MILITARY) for p in tied)
        tied = [p for p in tied if game.stars(p, MILITARY) == most]
    if len(tied) > 1:
        most = max(game.rupees[p] for p in tied)
        tied = [p for p in tied if game.rupees[p] == most]
    return tied


def check_finished(game: Game, label: str, start_vp: list[int] | None = None) -> None:
    """The game ended properly: winners by the rules, victory points equal to the sum of every check's awards."""
    assert game.is_over, f"{label}: the game did not end within {MAX_DECISIONS} decisions"
    assert game.winners, f"{label}: no winners"
    assert game.winners == expected_winners(game), f"{label}: winners {game.winners} vp {game.vp}"
    checks = [e for e in game.events() if e["type"] == "dominance_check"]
    assert checks, f"{label}: the game ended without a Dominance Check"
    awarded = list(start_vp or [0] * game.n)
    for e in checks:
        for p, v in e["awards"].items():
            awarded[int(p)] += v
    assert awarded == game.vp, f"{label}: awards {awarded} != vp {game.vp}"
    assert checks[-1]["vp"] == game.vp
    if checks[-1]["final"]:
        assert game.end_reason == "final dominance check"
        assert not any(is_dominance_check(c) for c in game.deck + game.market)
    else:
        ordered = sorted(game.vp, reverse=True)
        assert ordered[0] - ordered[1] >= 4, f"{label}: early end without a 4-point lead: {game.vp}"
    assert game.legal_options() == []
    assert game.current_player is None
    assert len(log_lines(game)) == len(game.events())


# ---------------------------------------------------------------------------- many random games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_invariants_and_end(players: int) -> None:
    total = 0
    for seed in range(GAMES_PER_PLAYER_COUNT):
        game, rnd = new_random_game(players, seed)
        total += play_random(game, rnd)
        check_finished(game, f"players={players} seed={seed}")
    assert total > GAMES_PER_PLAYER_COUNT * 50  # the games are real games, not instant ends


@pytest.mark.parametrize("players", [2, 3])
def test_random_wakhan_games_keep_invariants_and_end(players: int) -> None:
    for seed in range(25):
        game, rnd = new_random_game(players, 10_000 + seed, wakhan=True)
        play_random(game, rnd)
        check_finished(game, f"wakhan players={players} seed={seed}")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**63),
    choice_seed=st.integers(min_value=0, max_value=2**32),
    open_hands=st.booleans(),
)
def test_hypothesis_random_games(players: int, seed: int, choice_seed: int, open_hands: bool) -> None:
    game = Game.new(players, seed, open_hands=open_hands)
    check_invariants(game)
    play_random(game, random.Random(choice_seed))
    check_finished(game, f"players={players} seed={seed} choices={choice_seed}")


# ---------------------------------------------------------------------------- determinism


def test_same_seed_same_game() -> None:
    for players in (2, 3, 4, 5):
        for seed in (0, 1, 12345, -7, 2**70):
            a, ra = new_random_game(players, seed)
            b, rb = new_random_game(players, seed)
            assert a.to_json() == b.to_json()
            while not a.is_over:
                play_random(a, ra, check=False, limit=1)
                play_random(b, rb, check=False, limit=1)
                assert a.state_hash() == b.state_hash()
            assert a.to_json() == b.to_json()
            assert log_lines(a) == log_lines(b)


_PLAY_IN_SUBPROCESS = """
import random, sys
from paxpamir import Game
g = Game.new(4, 77)
rnd = random.Random(5)
while not g.is_over:
    options = g.legal_options()
    g.apply(options[rnd.randrange(len(options))])
print(g.state_hash(), len(g.choices()))
"""


def test_games_do_not_depend_on_the_process_hash_seed() -> None:
    outputs = set()
    for hash_seed in ("1", "2", "random"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", _PLAY_IN_SUBPROCESS], capture_output=True, text=True, env=env, check=True
        )
        outputs.add(run.stdout.strip())
    game = Game.new(4, 77)
    play_random(game, random.Random(5), check=False)
    assert outputs == {f"{game.state_hash()} {len(game.choices())}"}


def test_different_seeds_deal_different_decks() -> None:
    decks = {tuple(Game.new(4, seed).deck) for seed in range(200)}
    assert len(decks) == 200
    # The deck is built as the rules say: 6 piles of 5 + N court cards, with no Dominance Check in piles 1-2.
    for players in (2, 3, 4, 5):
        g = Game.new(players, 99)
        dealt = [g.market[row * 6 + col] for col in range(6) for row in range(2)]  # the market took the top
        cards = dealt + g.deck
        size = 5 + players
        assert len(cards) == 6 * size + 4 + 6
        assert not any(is_dominance_check(c) for c in cards[: 2 * size + 2])
        assert sum(1 for c in cards if c > 100) == 10


# ---------------------------------------------------------------------------- clones


def _mutate_everything(game: Game) -> None:
    """Mutate every mutable container of ``game`` in place (except those documented as shared)."""
    # dir(), not vars(): a compiled Game has no __dict__. Read everything before mutating anything.
    fields = [(name, getattr(game, name)) for name in dir(game) if not name.startswith("__")]
    for name, value in fields:
        if name in ("removed", "options", "initial", "_options_cache"):
            continue
        if isinstance(value, list):
            for item in value:
                if isinstance(item, list):
                    item.append(999)
            value.append(999)


def test_clone_is_independent() -> None:
    checked = 0
    for seed in range(12):
        game, rnd = new_random_game(2 + seed % 4, seed)
        while not game.is_over:
            play_random(game, rnd, check=False, limit=rnd.randrange(1, 60))
            before = json.dumps(game.to_json(), sort_keys=True)
            digest = game.state_hash()
            clone = game.clone()
            assert clone.to_json() == game.to_json()
            # Play the clone on through the API ...
            play_random(clone, random.Random(seed), check=False, limit=40)
            if not clone.is_over and clone.can_undo():
                clone.undo()
            assert game.state_hash() == digest
            # ... and mutate every list it holds directly.
            _mutate_everything(clone)
            assert json.dumps(game.to_json(), sort_keys=True) == before
            check_invariants(game)
            checked += 1
    assert checked > 30


# ---------------------------------------------------------------------------- JSON round trip


def _reload(game: Game) -> Game:
    return Game.from_json(json.loads(json.dumps(game.to_json())))


def test_json_round_trip_and_continuation() -> None:
    points = 0
    for seed in range(30):
        players = 2 + seed % 4
        game, rnd = new_random_game(players, seed, open_hands=seed % 3 == 0)
        while not game.is_over:
            play_random(game, rnd, check=False, limit=rnd.randrange(1, 80))
            loaded = _reload(game)
            assert loaded.to_json() == game.to_json()
            assert loaded.state_hash() == game.state_hash()
            assert loaded.legal_options() == game.legal_options()
            assert loaded.can_undo() == game.can_undo()
            assert prompt(loaded) == prompt(game)
            check_invariants(loaded)
            points += 1
            # Both continue identically with the same choices.
            a_rnd = random.Random(points)
            b_rnd = random.Random(points)
            a, b = game.clone(), loaded
            for _ in range(25):
                if a.is_over:
                    break
                play_random(a, a_rnd, check=False, limit=1)
                play_random(b, b_rnd, check=False, limit=1)
                assert a.state_hash() == b.state_hash()
            assert a.to_json() == b.to_json()
    assert points > 100


def test_every_kind_of_pending_decision_round_trips() -> None:
    """Save and load at the first few decisions of every kind met in many random games (an event bought for
    its choice, a bribe, a component-limit choice, a battle in progress, ...)."""
    seen: dict[str, int] = {}
    for seed in range(150):
        game, rnd = new_random_game(2 + seed % 4, 500 + seed, wakhan=seed % 10 == 0 and seed % 4 < 2)
        while not game.is_over:
            kind = game.decision
            if seen.get(kind, 0) < 3:
                seen[kind] = seen.get(kind, 0) + 1
                loaded = _reload(game)
                assert loaded.state_hash() == game.state_hash(), kind
                assert loaded.legal_options() == game.legal_options(), kind
                check_invariants(loaded)
                option = game.legal_options()[-1]
                loaded.apply(option)
                same = game.clone()
                same.apply(option)
                assert loaded.state_hash() == same.state_hash(), (kind, option)
            play_random(game, rnd, check=False, limit=1)
    expected = {"turn", "loyalty", "side", "bribe_demand", "bribe_pay", "tax", "build", "move", "battle_site"}
    expected |= {"battle", "betray", "prize", "place_road", "place_spy", "discard_hand_over_limit"}
    expected |= {"discard_court_over_limit", "rumor", "exchange_hands", "pashtunwali", "rebuke", "take_piece"}
    assert expected <= set(seen), f"never met: {sorted(expected - set(seen))}"


def test_finished_game_round_trips() -> None:
    for seed in range(8):
        game, rnd = new_random_game(2 + seed % 4, seed)
        play_random(game, rnd, check=False)
        loaded = _reload(game)
        assert loaded.is_over and loaded.winners == game.winners
        assert loaded.to_json() == game.to_json()
        with pytest.raises(IllegalOption, match="the game is over"):
            loaded.apply(("end_turn",))


# ---------------------------------------------------------------------------- records


def test_record_replays_to_identical_state() -> None:
    for seed in range(16):
        players = 2 + seed % 4
        game, rnd = new_random_game(players, seed, wakhan=seed % 8 == 1 and players <= 3)
        stop = random.Random(seed).randrange(20, 400)
        play_random(game, rnd, check=False, limit=stop)
        for _ in range(2):  # mid-game, then at the end
            record = json.loads(json.dumps(game.record()))
            assert record["format"] == "paxpamir-record" and record["seed"] == seed
            assert len(record["choices"]) == len(game.choices())
            replayed = Game.from_record(record)
            assert replayed.to_json() == game.to_json()
            assert log_lines(replayed) == log_lines(game)
            play_random(game, rnd, check=False)


def test_record_from_a_loaded_position_replays() -> None:
    game, rnd = new_random_game(3, 5)
    play_random(game, rnd, check=False, limit=150)
    data = game.to_json()
    for key in ("record", "log", "undo_floor"):
        data.pop(key)
    start = Game.from_json(data)  # a state without history: it becomes its record's position
    assert start.state_hash() == game.state_hash()
    play_random(start, rnd, check=True, limit=200)
    record = json.loads(json.dumps(start.record()))
    assert record["position"]["players"] == data["players"]
    replayed = Game.from_record(record)
    assert replayed.to_json() == start.to_json()


def test_bad_records_are_refused() -> None:
    game, rnd = new_random_game(2, 3)
    play_random(game, rnd, check=False, limit=30)
    record = game.record()
    with pytest.raises(BadState, match="format"):
        Game.from_record({**record, "format": "chess"})
    with pytest.raises(BadState, match="version"):
        Game.from_record({**record, "version": 99})
    broken = copy.deepcopy(record)
    broken["choices"][10][1] = ["purchase", 999]
    with pytest.raises(BadState, match=r"choice 10 .* does not replay"):
        Game.from_record(broken)
    assert game.record() == record


# ---------------------------------------------------------------------------- undo


def test_undo_returns_to_the_previous_state_and_is_refused_when_it_must_be() -> None:
    undone = refused_other = refused_turn = refused_setup = 0
    for seed in range(24):
        game, rnd = new_random_game(2 + seed % 4, seed)
        while not game.is_over:
            probe = rnd.random() < 0.12
            if probe:
                before = game.state_hash()
                before_log = log_lines(game)
            who, active, turn, phase = game.current_player, game.current, game.turn, game.phase
            options = game.legal_options()
            option = options[rnd.randrange(len(options))]
            game.apply(option)
            if game.is_over:
                break
            if not probe:
                continue
            trial = game.clone()
            if trial.can_undo():
                trial.undo()
                assert trial.state_hash() == before, f"seed {seed}: undo of {option} did not restore the state"
                assert log_lines(trial) == before_log
                check_invariants(trial)
                undone += 1
                continue
            after = trial.state_hash()
            with pytest.raises(PamirError, match="nothing to undo"):
                trial.undo()
            assert trial.state_hash() == after
            if phase != "play":
                refused_setup += 1
            elif who != active:
                refused_other += 1  # another player decided (a bribe, a discard)
            elif game.turn != turn:
                refused_turn += 1  # the turn passed
            else:
                assert option[0] == "player" and any(e["type"] == "hands_exchanged" for e in game.events()[-5:]), (
                    f"seed {seed}: undo of {option} refused for no reason"
                )
    assert undone > 200 and refused_other > 5 and refused_turn > 50 and refused_setup > 5


def test_undo_walks_back_through_a_turn() -> None:
    walked = 0
    for seed in range(6):
        game, rnd = new_random_game(3, seed)
        play_random(game, rnd, check=False, limit=30 + seed * 20)
        while not game.is_over and (game.decision != "turn" or game.actions_used or game.can_undo()):
            play_random(game, rnd, check=False, limit=1)
        if game.is_over:
            continue
        stack = []
        for _ in range(8):
            before, saved = game.state_hash(), game.clone()
            play_random(game, rnd, check=False, limit=1)
            if game.is_over or not game.can_undo():
                game = saved
                break
            stack.append(before)
        walked += len(stack) >= 2
        while stack:
            game.undo()
            assert game.state_hash() == stack.pop()
        assert not game.can_undo()
    assert walked >= 3



def _frozen(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def _without_seed(frozen: str) -> dict[str, object]:
    data = json.loads(frozen)
    data.pop("seed", None)
    return data


def test_undo_restores_the_saved_state_exactly() -> None:
    """Undo puts back the very state before the decision (full JSON: log, record, undo point), from the
    state saved then, without replaying the game; a game without saved states (just loaded) replays and
    agrees; and a clone's undo never disturbs the game it was cloned from.

    A replay starts from the game's seed: giving the game a wrong seed just before undoing shows which way
    undo went (a replay from it would not reach the same state)."""
    undone = compared = 0
    for seed in range(24):
        players = 2 + seed % 4
        wakhan = seed % 6 == 5
        game, rnd = new_random_game(3 if wakhan else players, seed, wakhan=wakhan)
        game.keep_undo = True
        made = 0
        while not game.is_over and made < 400:
            before, digest = _frozen(game), game.state_hash()
            options = game.legal_options()
            game.apply(options[rnd.randrange(len(options))])
            made += 1
            if game.is_over or not game.can_undo():
                continue
            after = _frozen(game)
            trial = game.clone()
            trial.seed = seed + 1000  # a replay would start from another deal
            trial.undo()
            assert _frozen(trial) == before and trial.state_hash() == digest, f"seed {seed}, decision {made}"
            undone += 1
            # The clone goes on and undoes again: the game it came from is untouched.
            play_random(trial, random.Random(made), check=False, limit=3)
            while trial.can_undo():
                trial.undo()
            assert _frozen(game) == after
            if made % 25 == 0:
                loaded = Game.from_json(json.loads(after))
                loaded.undo()  # no saved state after loading: replayed instead
                assert _frozen(loaded) == before
                misled = Game.from_json(json.loads(after))
                misled.seed = seed + 1000
                try:
                    misled.undo()
                except PamirError:
                    pass  # the replay from the wrong deal broke down
                else:  # the replay from the wrong deal went elsewhere (the seed aside, it deals other cards)
                    assert _without_seed(_frozen(misled)) != _without_seed(before)
                compared += 1
    assert undone > 1500 and compared > 20


def test_undo_after_several_decisions_walks_back_to_the_start_of_the_turn() -> None:
    walked = 0
    for seed in range(40):
        game, rnd = new_random_game(2 + seed % 4, 100 + seed)
        play_random(game, rnd, check=False, limit=20 + 7 * seed)
        while not game.is_over and (game.decision != "turn" or game.actions_used or game.can_undo()):
            play_random(game, rnd, check=False, limit=1)  # on to the start of a turn
        game.keep_undo = True
        states = [_frozen(game)]
        turn = game.turn
        while not game.is_over and game.turn == turn and game.current_player == game.current:
            options = game.legal_options()
            game.apply(options[rnd.randrange(len(options))])
            if not game.can_undo():
                break
            states.append(_frozen(game))
        states.pop()  # the state now
        while game.can_undo():
            game.undo()
            assert _frozen(game) == states.pop()
            walked += 1
        check_invariants(game)
    assert walked >= 8, walked


def test_random_games_keep_no_undo_states_unless_undo_is_in_use() -> None:
    game, rnd = new_random_game(4, 3)
    play_random(game, rnd, check=False, limit=150)
    assert not game.keep_undo and game._undo_states == ()
    assert game.can_undo() in (True, False) and game.keep_undo  # asking switches them on

# ---------------------------------------------------------------------------- views


def _scramble_hidden(game: Game, viewer: int | None) -> Game:
    """A copy that differs from ``game`` only in what ``viewer`` cannot see: the deck order, the random
    state, the seed and the other players' hands (swapped with court cards of the deck)."""
    other = game.clone()
    rnd = random.Random(len(other.deck))
    other.seed = (other.seed or 0) + 1
    other.rng ^= 0xDEADBEEF
    rnd.shuffle(other.deck)
    pool = [i for i, c in enumerate(other.deck) if is_court_card(c)]
    for p in range(other.n):
        if p == viewer:
            continue
        for k in range(len(other.hands[p])):
            if pool:
                i = pool.pop()
                other.hands[p][k], other.deck[i] = other.deck[i], other.hands[p][k]
    return other


def test_views_hide_hands_and_deck() -> None:
    compared = 0
    for seed in range(10):
        players = 2 + seed % 4
        game, rnd = new_random_game(players, seed)
        while not game.is_over:
            play_random(game, rnd, check=False, limit=rnd.randrange(5, 60))
            for viewer in [*range(players), None]:
                view = game.view(viewer)
                assert view["format"] == "paxpamir-view" and view["viewer"] == viewer
                assert view["deck"] is None and view["deck_size"] == len(game.deck)
                assert view["dominance_checks_left"] == game.dominance_checks_left()
                for key in ("seed", "rng", "record", "undo_floor"):
                    assert key not in view
                assert view["to_move"] == game.current_player and view["decision"] == game.decision
                for p, pdata in enumerate(view["players"]):
                    assert pdata["hand_size"] == len(game.hands[p])
                    assert pdata["hand"] == (game.hands[p] if p == viewer else None)
                    assert pdata["court"] == game.courts[p]
                text = json.dumps(view)
                assert str(game.rng) not in text
                scrambled = _scramble_hidden(game, viewer)
                if scrambled.deck != game.deck:
                    assert scrambled.view(viewer) == view, "a view depends on hidden information"
                    compared += 1
                with pytest.raises(BadState, match="views cannot be loaded"):
                    Game.from_json(view)
    assert compared > 50


def test_open_hands_views_show_every_hand() -> None:
    game, rnd = new_random_game(4, 8, open_hands=True)
    play_random(game, rnd, check=False, limit=120)
    assert any(game.hands)
    for viewer in (0, 3, None):
        view = game.view(viewer)
        assert [p["hand"] for p in view["players"]] == game.hands
        assert view["deck"] is None


# ---------------------------------------------------------------------------- bad input


def test_illegal_options_and_wrong_players_change_nothing() -> None:
    tried = 0
    for seed in range(10):
        game, rnd = new_random_game(2 + seed % 4, seed)
        while not game.is_over:
            play_random(game, rnd, check=False, limit=rnd.randrange(1, 30))
            if game.is_over:
                break
            before = json.dumps(game.to_json(), sort_keys=True)
            who = game.current_player
            legal = game.legal_options()
            with pytest.raises(IllegalOption, match=r"\['purchase', 0\] is not legal now"):
                game.apply(("purchase", 0))
            with pytest.raises(IllegalOption, match="is not legal now"):
                game.apply(["no_such_option", 1])
            with pytest.raises(IllegalOption, match="an option is a tuple or list"):
                game.apply("end_turn")  # type: ignore[arg-type]
            wrong = (who + 1) % game.n
            with pytest.raises(IllegalOption, match=f"it is player {who}'s decision .*not player {wrong}'s"):
                game.apply(legal[0], player=wrong)
            assert json.dumps(game.to_json(), sort_keys=True) == before
            assert game.legal_options() == legal
            tried += 1
    assert tried > 50


def _valid_state() -> dict:
    """A mid-game 3-player state where seats 0 and 1 have court cards and some tribe is on the map."""
    for seed in range(100):
        game, rnd = new_random_game(3, seed)
        while not game.is_over and not (game.courts[0] and game.courts[1] and any(game.tribes)):
            play_random(game, rnd, check=False, limit=1)
        if not game.is_over:
            return game.to_json()
    raise AssertionError("no suitable state found")


BAD_STATES = [
    ("bad region", lambda d: d["map"]["tribes"].__setitem__("atlantis", [1, 0, 0]), r"unknown region 'atlantis'"),
    (
        "bad border",
        lambda d: d["map"]["roads"].__setitem__("kabul-persia", {"british": 1}),
        r"unknown border 'kabul-persia'",
    ),
    ("bad coalition", lambda d: d["players"][0].__setitem__("loyalty", "french"), r"unknown loyalty 'french'"),
    ("bad suit", lambda d: d.__setitem__("favored", "religious"), r"unknown favored suit 'religious'"),
    (
        "duplicate card",
        lambda d: d["players"][1]["court"].append(d["players"][0]["court"][0]),
        r"card \d+ is in two places: player 0's court and player 1's court",
    ),
    ("card in deck and market", lambda d: d["deck"].append(d["market"][0][0]), r"card \d+ is in two places"),
    ("event in a hand", lambda d: d["players"][0]["hand"].append(116), r"card 116 is an event and cannot be in"),
    ("card number out of range", lambda d: d["discard"].append(117), r"must be at most 116, not 117"),
    (
        "too many blocks",
        lambda d: d["map"]["armies"].__setitem__("kabul", {"british": 13}),
        r"british has \d+ blocks on the map; only 12 exist",
    ),
    (
        "too many cylinders",
        lambda d: d["map"]["tribes"].__setitem__("herat", [11, 0, 0]),
        r"player 0 has \d+ cylinders in play; only 10 exist",
    ),
    ("too many gifts", lambda d: d["players"][2].__setitem__("gifts", 4), r"player 2 gifts must be at most 3"),
    ("rupees as text", lambda d: d["players"][0].__setitem__("rupees", "5"), r"player 0 rupees must be an integer"),
    ("negative rupees", lambda d: d["players"][1].__setitem__("rupees", -1), r"player 1 rupees must be at least 0"),
    ("vp as bool", lambda d: d["players"][1].__setitem__("vp", True), r"player 1 vp must be an integer"),
    ("players not a list", lambda d: d.__setitem__("players", {"0": {}}), r"'players' must be a list of 2 to 5"),
    ("six players", lambda d: d["players"].extend([{}, {}, {}]), r"'players' must be a list of 2 to 5"),
    ("hand not a list", lambda d: d["players"][0].__setitem__("hand", 5), r"player 0 hand must be a list"),
    ("market row short", lambda d: d["market"][1].pop(), r"each market row must have 6 slots"),
    ("tribes per player", lambda d: d["map"]["tribes"].__setitem__("kabul", [1]), r"must list one count per player"),
    (
        "spy on no court",
        lambda d: d["spies"].__setitem__(str(d["deck"][0]), [1, 0, 0]),
        r"which is in no court|must be at most 100",
    ),
    ("unknown step", lambda d: d["agenda"].append(["teleport", 0]), r"unknown step kind 'teleport'"),
    ("current out of range", lambda d: d.__setitem__("current", 3), r"current must be at most 2"),
    ("unknown phase", lambda d: d.__setitem__("phase", "intermission"), r"unknown phase 'intermission'"),
    ("a view", lambda d: d.__setitem__("format", "paxpamir-view"), r"views cannot be loaded"),
    ("not an object", None, r"a state must be a JSON object"),
]


@pytest.mark.parametrize(("what", "corrupt", "message"), BAD_STATES, ids=[b[0] for b in BAD_STATES])
def test_malformed_states_are_refused(what: str, corrupt, message: str) -> None:
    data = _valid_state()
    Game.from_json(copy.deepcopy(data))  # valid as it is
    if corrupt is None:
        data = [data]
    else:
        corrupt(data)
    given_data = copy.deepcopy(data)
    with pytest.raises(BadState, match=message):
        Game.from_json(data)
    assert data == given_data, "loading a bad state changed its input"


def test_errors_are_pamir_errors() -> None:
    assert issubclass(BadState, PamirError) and issubclass(IllegalOption, PamirError)
    with pytest.raises(PamirError, match="2 to 5 players"):
        Game.new(6, 1)
    with pytest.raises(PamirError, match="seed must be an integer"):
        Game.new(3, "x")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- invariants can fail


def _corruptions():
    def dup_card(g: Game) -> None:
        g.discard.append(g.deck[0])

    def lose_card(g: Game) -> None:
        g.deck.pop()

    def extra_rupee(g: Game) -> None:
        g.rupees[0] += 1

    def negative_rupees(g: Game) -> None:
        g.rupees[1] = -1

    # Small tables of the state are immutable tuples (shared by clones): a corruption replaces them.
    def plus(values: tuple[int, ...], i: int, k: int) -> tuple[int, ...]:
        return (*values[:i], values[i] + k, *values[i + 1 :])

    def thirteen_blocks(g: Game) -> None:
        g.armies[0] += 13
        g._blocks_used = plus(g._blocks_used, 0, 13)

    def stale_block_cache(g: Game) -> None:
        g._blocks_used = plus(g._blocks_used, 1, 1)

    def eleven_cylinders(g: Game) -> None:
        g.tribes[0] += 11
        g._cyl_used = plus(g._cyl_used, 0, 11)

    def stale_cylinder_cache(g: Game) -> None:
        g._cyl_used = plus(g._cyl_used, 2, 1)

    def stray_spy(g: Game) -> None:
        card = next(c for c in g.deck if is_court_card(c))
        g.spies = plus(g.spies, card, 1)  # a spy of player 0 (packed counts: see Game.spy_count)
        g._cyl_used = plus(g._cyl_used, 0, 1)

    def four_gifts(g: Game) -> None:
        g.gifts = plus(g.gifts, 0, 4 - g.gifts[0])
        g._cyl_used = plus(g._cyl_used, 0, 4)

    def stale_ruler(g: Game) -> None:
        g.rulers = plus(g.rulers, 3, (0 if g.rulers[3] != 0 else 1) - g.rulers[3])

    def plain_tuple_step(g: Game) -> None:
        g.agenda.append(tuple(g.agenda[-1]))  # a step must be its kind's named tuple

    def short_step(g: Game) -> None:
        g.agenda.append(new_step(Impact, "impact", 0, 5))  # an impact step has an icon too

    def step_without_its_default(g: Game) -> None:
        g.agenda.append(new_step(LeverageDiscard, "leverage_discard", 0))  # well formed, but "short" left out

    def short_log_event(g: Game) -> None:
        g.log("dealt", 7)  # a dealt event names its card and its slot

    def foreign_patriot(g: Game) -> None:
        card = next(c for c in g.deck if is_court_card(c) and COURT[c].patriot not in (-1, g.loyalty[0]))
        g.deck.remove(card)
        g.courts[0].append(card)

    return [
        (dup_card, "is in two places"),
        (lose_card, "are nowhere"),
        (extra_rupee, "rupees not conserved"),
        (negative_rupees, "has -1 rupees"),
        (thirteen_blocks, "only 12 blocks exist"),
        (stale_block_cache, "cached blocks in use"),
        (eleven_cylinders, "> 10 cylinders"),
        (stale_cylinder_cache, "cached cylinders in use"),
        (stray_spy, "which is not in any court"),
        (four_gifts, "gifts; a gift dial holds 0 to 3"),
        (stale_ruler, "cached ruler of persia"),
        (foreign_patriot, "has a patriot of coalition"),
        (plain_tuple_step, "is a tuple, not a "),
        (short_step, "malformed step on the agenda"),
        (step_without_its_default, "does not give every field of a LeverageDiscard"),
        (short_log_event, "log: a 'dealt' event has 1 values for its 2 fields"),
    ]


@pytest.mark.parametrize(("corrupt", "message"), _corruptions(), ids=lambda x: getattr(x, "__name__", ""))
def test_invariants_detect_corruption(corrupt, message: str) -> None:
    game, rnd = new_random_game(3, 4)
    play_random(game, rnd, limit=60)
    check_invariants(game)
    corrupt(game)
    with pytest.raises(AssertionError, match=re.escape(message)):
        check_invariants(game)


def test_invariants_check_hand_and_court_limits_at_the_start_of_a_turn() -> None:
    game, rnd = new_random_game(3, 6)
    play_random(game, rnd, limit=80)
    while not (game.decision == "turn" and game.actions_used == 0 and not game.used_cards and game.turn >= 2):
        play_random(game, rnd, limit=1)
    prev = (game.current - 1) % game.n
    spare = [c for c in game.deck if is_court_card(c)]
    for c in spare[:8]:
        game.deck.remove(c)
        game.hands[prev].append(c)
    with pytest.raises(AssertionError, match=f"player {prev} ended their turn with .* cards in hand"):
        check_invariants(game)


# ---------------------------------------------------------------------------- the documented format


def doc_example() -> dict:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"```json\n(.*?)\n```", text, re.S)
    assert match, "docs/state-format.md has no ```json block"
    return json.loads(match.group(1))


def test_doc_example_position_loads_with_its_defaults() -> None:
    data = doc_example()
    original = copy.deepcopy(data)
    g = Game.from_json(data)
    assert data == original
    check_invariants(g)
    assert (g.n, g.phase, g.turn, g.current, g.decision, g.current_player) == (2, "play", 1, 0, "turn", 0)
    assert g.loyalty == (1, 2) and g.rupees == [5, 3] and g.vp == [0, 2]
    assert g.hands == [[37], []] and g.courts == [[26], [90, 96]]
    assert g.rulers == (-1, -1, -1, -1, 0, 1)  # seat 0 rules Punjab, seat 1 Transcaspia
    assert g.spies_on(90) == [1, 0]
    assert (g.bank_out, g.bank_in) == (1, 0)
    assert len(g.removed) == 94 and g.discard == [] and g.effects == ()
    assert g.favored == 2 and g.deck == [66, 102, 31, 47, 12, 70]
    options = g.legal_options()
    assert ("play", 37) in options and ("action", 26, "betray") in options and ("purchase", 29) in options
    assert g.to_json()["rulers"] == {"punjab": 0, "transcaspia": 1}
    # Written back out, every default becomes explicit and loads to the same position.
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_doc_example_position_plays_out_and_replays() -> None:
    for seed in range(40):
        g = Game.from_json(doc_example())
        play_random(g, random.Random(seed))
        check_finished(g, f"doc example, choices {seed}", start_vp=[0, 2])
        record = json.loads(json.dumps(g.record()))
        assert record["position"] == doc_example() and record["seed"] is None
        assert Game.from_record(record).to_json() == g.to_json()


def test_doc_names_every_field_and_step_kind() -> None:
    text = DOC.read_text(encoding="utf-8")
    game, rnd = new_random_game(3, 2, wakhan=True)
    play_random(game, rnd, check=False, limit=100)
    state = game.to_json()
    names = set(state) | set(state["players"][0]) | set(state["turn_state"]) | set(state["record"])
    names |= set(game.view(0)) | set(game.view(0)["players"][0]) | set(game.view(0)["wakhan"])
    names |= set(state["map"]) | set(state["bank"]) | set(state["wakhan"])
    missing = sorted(n for n in names if f"`{n}`" not in text and f'"{n}"' not in text)
    assert not missing, f"docs/state-format.md does not describe {missing}"
    kinds = set(KINDS)
    missing = sorted(k for k in kinds if f"| `{k}` |" not in text)
    assert not missing, f"docs/state-format.md does not describe the step kinds {missing}"


def test_only_the_active_player_may_undo() -> None:
    """A ruler naming a bribe during someone else's turn cannot take back that player's decisions."""
    from paxpamir.agents.bots import RandomBot

    g = Game.new(3, 21)
    bot = RandomBot(3)
    while True:
        g.apply(bot.choose(g))
        if g.decision == "turn" and g.can_undo():
            break
    active = g.current
    others = [p for p in range(g.n) if p != active]
    assert g.can_undo(active)
    assert not any(g.can_undo(p) for p in others)
    before = g.state_hash()
    with pytest.raises(PamirError, match="active player"):
        g.undo(others[0])
    assert g.state_hash() == before
    g.undo(active)
    assert g.state_hash() != before
