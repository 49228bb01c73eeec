"""Environment steps per second: the engine alone, the PettingZoo and Gymnasium environments, and OpenSpiel.

Every step picks a uniformly random legal action. A PettingZoo step is ``last()`` (the observation and mask
of the agent to act) plus ``step()``; a Gymnasium step is ``step()`` with its returned observation, the
opponents' (random bots') decisions included; an OpenSpiel step is ``legal_actions()``,
``observation_tensor()`` and ``apply_action()``. The legal actions are read from the int8 mask as booleans
(``np.flatnonzero(mask.astype(bool))``): numpy finds the nonzero items of an int8 array of 11879 several times
slower (about 20 microseconds here, more than the rest of a step), and draws with Python's ``random``.

    python examples/bench_env.py [--players 4] [--seconds 10] [--repeats 1]

With ``--repeats N`` each line is the best of N measurements, taken in turn (the machine's load varies).

Needs the ``rl`` extra (and ``openspiel`` for the last line).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from paxpamir import Game, build_info
from paxpamir.env.gymnasium import PaxPamirGymEnv
from paxpamir.env.pettingzoo import env as aec_env


def timed(run: Callable[[int], int], seconds: float) -> tuple[int, float]:
    """Run games (seed 0, 1, ...) until ``seconds`` have passed; return (steps, elapsed)."""
    start = time.perf_counter()
    steps = seed = 0
    while time.perf_counter() - start < seconds:
        steps += run(seed)
        seed += 1
    return steps, time.perf_counter() - start


def engine_game(players: int) -> Callable[[int], int]:
    def run(seed: int) -> int:
        game, rnd, steps = Game.new(players=players, seed=seed), random.Random(seed), 0
        while not game.is_over:
            game.apply(rnd.choice(game.legal_options()))
            steps += 1
        return steps

    return run


def pick(mask: np.ndarray, rnd: random.Random) -> int:
    """A uniformly random legal action of an action mask."""
    legal = np.flatnonzero(mask.astype(bool))
    return int(legal[rnd.randrange(len(legal))])


def pettingzoo_game(players: int) -> Callable[[int], int]:
    e = aec_env(players=players)

    def run(seed: int) -> int:
        rnd, steps = random.Random(seed), 0
        e.reset(seed=seed)
        for _ in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(pick(obs["action_mask"], rnd))
            steps += 1
        return steps

    return run


def gymnasium_game(players: int) -> Callable[[int], int]:
    e = PaxPamirGymEnv(players=players)

    def run(seed: int) -> int:
        rnd, steps, done = random.Random(seed), 0, False
        obs, info = e.reset(seed=seed)
        while not done:
            obs, reward, terminated, truncated, info = e.step(pick(obs["action_mask"], rnd))
            done = terminated or truncated
            steps += 1
        return steps

    return run


def openspiel_game(players: int) -> Callable[[int], int] | None:
    try:
        import pyspiel

        import paxpamir.env.openspiel  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game(f"python_paxpamir(players={players})")

    def run(seed: int) -> int:
        rnd, steps = random.Random(seed), 0
        state = game.new_initial_state()
        while state.is_chance_node():  # the deal: sampled like OpenSpiel's own simulations do
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rnd.choices(outcomes, weights)[0])
        while not state.is_terminal():
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(rnd.choice(legal))
            steps += 1
        return steps

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0, help="time per measurement (default 10)")
    parser.add_argument("--repeats", type=int, default=1, help="measurements per line, the best shown (default 1)")
    args = parser.parse_args(argv)
    runs: list[tuple[str, Callable[[int], int] | None]] = [
        ("engine (legal_options + apply)", engine_game(args.players)),
        ("PettingZoo AEC (last + step)", pettingzoo_game(args.players)),
        ("Gymnasium vs random bots (step)", gymnasium_game(args.players)),
        ("OpenSpiel (legal, tensor, apply)", openspiel_game(args.players)),
    ]
    print(f"{build_info()}; {args.players} players, random legal actions, {args.seconds:g} s each", end="")
    print(f", best of {args.repeats}" if args.repeats > 1 else "")
    best: dict[str, tuple[int, float]] = {}
    for _ in range(max(1, args.repeats)):
        for name, run in runs:
            if run is not None:
                steps, elapsed = timed(run, args.seconds)
                if name not in best or steps / elapsed > best[name][0] / best[name][1]:
                    best[name] = (steps, elapsed)
    for name, run in runs:
        if run is None:
            print(f"{name:34s}  open_spiel is not installed")
            continue
        steps, elapsed = best[name]
        print(f"{name:34s}  {steps / elapsed:9.0f} steps/s  ({steps} steps)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
