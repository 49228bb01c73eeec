"""Environment steps per second: the engine alone, the PettingZoo and Gymnasium environments, and OpenSpiel.

Every step picks a uniformly random legal action. A PettingZoo step is ``last()`` (the observation and mask
of the agent to act) plus ``step()``; a Gymnasium step is ``step()`` with its returned observation, the
opponents' (random bots') decisions included; an OpenSpiel step is ``legal_actions()``,
``observation_tensor()`` and ``apply_action()``.

    python examples/bench_env.py [--players 4] [--seconds 10]

Needs the ``rl`` extra (and ``openspiel`` for the last line).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from paxpamir import Game
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


def pettingzoo_game(players: int) -> Callable[[int], int]:
    e = aec_env(players=players)

    def run(seed: int) -> int:
        rng, steps = np.random.default_rng(seed), 0
        e.reset(seed=seed)
        for _ in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return steps

    return run


def gymnasium_game(players: int) -> Callable[[int], int]:
    e = PaxPamirGymEnv(players=players)

    def run(seed: int) -> int:
        rng, steps, done = np.random.default_rng(seed), 0, False
        obs, info = e.reset(seed=seed)
        while not done:
            obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
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
    args = parser.parse_args(argv)
    runs: list[tuple[str, Callable[[int], int] | None]] = [
        ("engine (legal_options + apply)", engine_game(args.players)),
        ("PettingZoo AEC (last + step)", pettingzoo_game(args.players)),
        ("Gymnasium vs random bots (step)", gymnasium_game(args.players)),
        ("OpenSpiel (legal, tensor, apply)", openspiel_game(args.players)),
    ]
    print(f"{args.players} players, random legal actions, {args.seconds:g} s each")
    for name, run in runs:
        if run is None:
            print(f"{name:34s}  open_spiel is not installed")
            continue
        steps, elapsed = timed(run, args.seconds)
        print(f"{name:34s}  {steps / elapsed:9.0f} steps/s  ({steps} steps)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
