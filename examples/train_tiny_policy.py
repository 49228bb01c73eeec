"""Train a tiny policy for Pax Pamir with REINFORCE, using numpy only, and watch its win rate.

The policy is linear and softmax over the legal actions: an action's score is a bias of its own plus a weight
vector of its option kind (purchase, play, action, end_turn, ...) dotted with the observation. It plays one
seat of a 2-player game through the Gymnasium environment against a bot (``--opponent heuristic:easy`` by
default when the heuristic bot is installed, else ``random``), learns from each game's result (the
environment's reward, +1 win or -1 loss, plus a tenth of its final victory-point margin, which tells a close
loss from a rout), and prints, for each block of games, the win rate, the mean victory-point margin and the
environment's speed (decisions of the learning seat per second, the opponent's thinking included).

    python examples/train_tiny_policy.py              # about three minutes
    python examples/train_tiny_policy.py --quick      # a few seconds (the test suite runs this)

Needs the ``rl`` extra: ``pip install paxpamir[rl]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from paxpamir.engine.errors import PamirError
from paxpamir.env.actions import KINDS, NUM_ACTIONS, OFFSETS
from paxpamir.env.gymnasium import PaxPamirGymEnv, make_bot
from paxpamir.env.observation import OBS_SIZE

#: The option kind of every action index.
KIND_OF = np.searchsorted(np.array(OFFSETS), np.arange(NUM_ACTIONS), side="right") - 1


class TinyPolicy:
    """Softmax over legal actions of ``bias[a] + weights[kind(a)] . observation``."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = np.zeros((len(KINDS), OBS_SIZE))
        self.bias = np.zeros(NUM_ACTIONS)
        self.rng = rng

    def probabilities(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        scores = self.bias[legal] + self.weights[KIND_OF[legal]] @ obs
        scores -= scores.max()
        p = np.exp(scores)
        return p / p.sum()

    def act(self, obs: np.ndarray, legal: np.ndarray, greedy: bool = False) -> tuple[int, np.ndarray]:
        p = self.probabilities(obs, legal)
        i = int(p.argmax()) if greedy else int(self.rng.choice(len(legal), p=p))
        return i, p

    def learn(self, episode: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]], advantage: float, lr: float) -> None:
        """One REINFORCE step: raise the log-probability of each choice made, in proportion to the advantage."""
        for obs, legal, chosen, p in episode:
            grad = -p
            grad[chosen] += 1.0  # d log p(chosen) / d score, for each legal action
            step = lr * advantage * grad
            np.add.at(self.bias, legal, step)
            kinds = KIND_OF[legal]
            per_kind = np.zeros(len(KINDS))
            np.add.at(per_kind, kinds, step)
            touched = np.flatnonzero(per_kind)
            self.weights[touched] += np.outer(per_kind[touched], obs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    parser.add_argument("--block", type=int, default=40, help="games per reported block (default 40)")
    parser.add_argument("--opponent", default=None, help="bot kind of the opponent (default heuristic:easy if any)")
    parser.add_argument("--lr", type=float, default=0.01, help="learning rate (default 0.01)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a few seconds: a smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        args.minutes, args.block = 0.02, 4
    opponent = args.opponent
    if opponent is None:
        try:
            make_bot("heuristic:easy")
            opponent = "heuristic:easy"
        except PamirError:
            opponent = "random"
    rng = np.random.default_rng(args.seed)
    # A policy that only ever ends its turn would never let the game end: cap the episode's length.
    env = PaxPamirGymEnv(players=2, seat=None, opponents=opponent, max_decisions=1000)
    policy = TinyPolicy(rng)
    baseline = 0.0
    print(f"training a linear softmax policy against the {opponent} bot for {args.minutes:g} minutes")
    print(f"observation: {OBS_SIZE} numbers; actions: {NUM_ACTIONS} indices")
    print("block   games   win rate (this block)          VP margin   env steps/s")
    start = time.perf_counter()
    game = block_wins = block_games = block_steps = 0
    block_time = block_margin = 0.0
    history: list[float] = []
    while True:
        t0 = time.perf_counter()
        obs, info = env.reset(seed=args.seed * 1_000_003 + game)
        episode = []
        steps = 0
        done = False
        reward = 0.0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            x = obs["observation"].astype(np.float64)
            i, p = policy.act(x, legal)
            episode.append((x, legal, i, p))
            obs, reward, terminated, truncated, info = env.step(int(legal[i]))
            steps += 1
            done = terminated or truncated
        block_time += time.perf_counter() - t0
        block_steps += steps
        assert env.game is not None
        vp = env.game.view(env.seat)["players"]
        margin = vp[env.seat]["vp"] - max(q["vp"] for i, q in enumerate(vp) if i != env.seat)
        block_margin += margin
        signal = reward + 0.1 * margin
        policy.learn(episode, signal - baseline, args.lr / max(1, len(episode)) ** 0.5)
        baseline += 0.05 * (signal - baseline)
        game += 1
        block_games += 1
        block_wins += reward > 0
        if block_games == args.block:
            rate = block_wins / block_games
            history.append(rate)
            bar = "#" * round(rate * 20)
            speed = block_steps / block_time
            margin = block_margin / block_games
            print(f"{len(history):5d} {game:7d}   {rate:8.0%}   {bar:<20}  {margin:+9.1f}   {speed:8.0f}")
            block_wins = block_games = block_steps = 0
            block_time = block_margin = 0.0
            if time.perf_counter() - start > args.minutes * 60:
                break
    if len(history) >= 2:
        half = len(history) // 2
        first, last = np.mean(history[:half]), np.mean(history[half:])
        print(f"win rate: {first:.0%} in the first half of training, {last:.0%} in the second half")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
