"""Can a policy learn the search's choices from what an option is? (issue 34: expert iteration's first step)

    python tools/imitate.py $(ls -d measurements/arena/2p-search-* | grep -v wakhan) --every 4 --workers 2

replays the two-player records without Wakhan of ``pamir arena`` folders (every EVERY-th by name) and takes each
turn decision of the play phase that a search seat searched (its note counts the lines) with more than one legal
option. It describes every option there in two ways, from what the searcher may see (the game is replayed, not
determinized: the one hidden thing read is the market cards that ending the turn would deal, when the heuristic
scores that option):

* *the option*: how far the heuristic's turn plan scores it behind its best (in its points, as the search ranks its
  candidates), whether it is that best, its kind and action, and for a purchase or a play the card's facts (rank,
  the favored suit, a patriot of the searcher's coalition or of another, its actions, its impact, an ability, what
  the purchase costs and the rupees lying on it), the Dominance Checks left and the searcher's rupees;
* *the turn's end*: the heuristic's one-action lookahead plays the turn on from the option to its end (that
  lookahead choosing to end it, or the actions spent), and every one of the heuristic's
  :data:`~paxpamir.agents.heuristic.FEATURES` of the searcher minus its opponent's there is an input.

On each, a logistic regression and boosted trees (scikit-learn's, a tool's dependency) learn, option by option,
which the search chose; a decision's pick is its option most likely chosen. They learn on all games but a held-out
share (the last by seed) and print, over the held-out decisions, how often each picks the search's option, beside
the heuristic's best (the search's first candidate). A policy that the search could use in place of the heuristic
(for its candidates and in its lines) must pick the search's choice more often than the heuristic does.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from paxpamir import Game
from paxpamir.agents.heuristic import PLAN_WIDTH, greedy_step, score_options, seat_features
from paxpamir.content.cards import ACTIONS, COURT, IMPACTS, is_court_card
from paxpamir.engine.steps import Option
from paxpamir.rules.market import purchase_cost

KINDS = ("purchase", "play", "action", "end_turn")
#: A turn's end: at most this many of the searcher's decisions played on by the heuristic (a turn has far fewer).
TURN_STEPS = 40


def card_facts(game: Game, player: int, card: int) -> list[float]:
    """A card's facts as the searcher sees them (all 0 but the last for a Dominance Check or an event)."""
    if not is_court_card(card):
        return [0.0] * (6 + len(IMPACTS)) + [1.0]
    info = COURT[card]
    loyal = game.loyalty[player]
    return [
        info.rank / 3,
        float(info.suit == game.favored),
        float(info.patriot >= 0 and info.patriot == loyal),
        float(info.patriot >= 0 and info.patriot != loyal),
        len(info.actions) / 4,
        float(bool(info.ability)),
        *(info.impact.count(kind) / 2 for kind in IMPACTS),
        0.0,
    ]


def option_facts(game: Game, player: int, option: Option, behind: float, best: bool) -> list[float]:
    """The option's inputs (*the option* in the module's text)."""
    kind = option[0]
    facts = [max(behind, -36.0) / 12, float(best), *(float(kind == k) for k in KINDS)]
    facts += [float(kind == "action" and option[2] == a) for a in ACTIONS]
    blank = [0.0] * (7 + len(IMPACTS))
    if kind == "purchase":
        slot = game.market.index(int(option[1]))
        facts += [
            purchase_cost(game, player, slot) / 5,
            game.market_rupees[slot] / 3,
            *card_facts(game, player, option[1]),
        ]
    else:
        facts += [0.0, 0.0, *blank]
    facts += card_facts(game, player, int(option[1])) if kind == "play" else blank
    return facts + [game.dominance_checks_left() / 4, game.rupees[player] / 10]


def turn_end(game: Game, player: int, option: Option) -> list[float]:
    """The searcher's :data:`FEATURES` minus its opponent's where the heuristic ends the turn begun by ``option``."""
    g = game.clone()
    g.quiet = True
    g.apply(option)
    for _ in range(TURN_STEPS):
        if g.is_over or g.current_player != player:
            break
        if g.decision != "turn":
            greedy_step(g, player, True)
            continue
        options = g.legal_options()
        scores = score_options(g, player, options, True)
        choice = options[scores.index(max(scores))]
        if choice[0] == "end_turn":
            break
        g.apply(choice)
    rows = seat_features(g, player)
    return [a - b for a, b in zip(rows[player], rows[1 - player], strict=True)]


def decisions(path: str) -> list[tuple[np.ndarray, np.ndarray, int, int, int, str]]:
    """Every searched turn decision of the record: the options' two inputs, the search's choice, the heuristic's
    best, the game's seed and the record's path (one seed may be played in several tournaments: the held-out games
    are those of the last seeds, so that no start is both learned from and checked on)."""
    with open(path, encoding="utf-8") as f:
        record = json.load(f)
    options_of = record.get("options", {})
    if int(record["players"]) != 2 or (isinstance(options_of, dict) and options_of.get("wakhan")):
        return []
    seed = int(record["seed"])
    game = Game.new(players=2, seed=seed)
    found = []
    for move in record["choices"]:
        note = move[2] if len(move) > 2 else ""
        if game.phase == "play" and game.decision == "turn" and str(note).startswith("search"):
            player = game.current_player
            assert player is not None
            options = game.legal_options()
            if len(options) > 1:
                scores = score_options(game, player, options, True, PLAN_WIDTH)
                top = max(scores)
                best = scores.index(top)
                facts = [
                    option_facts(game, player, o, s - top, i == best)
                    for i, (o, s) in enumerate(zip(options, scores, strict=True))
                ]
                ends = [turn_end(game, player, o) for o in options]
                found.append((np.array(facts), np.array(ends), options.index(tuple(move[1])), best, seed, path))
        game.apply(tuple(move[1]))
    return found


def picks(model: object, inputs: list[np.ndarray]) -> list[int]:
    """Each decision's option that ``model`` finds most likely chosen."""
    chance = model.predict_proba(np.vstack(inputs))[:, 1]  # type: ignore[attr-defined]
    found, start = [], 0
    for x in inputs:
        found.append(int(np.argmax(chance[start : start + len(x)])))
        start += len(x)
    return found


def _many(n: int, word: str) -> str:
    return f"1 {word}" if n == 1 else f"{n} {word}s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", metavar="FOLDER")
    parser.add_argument("--every", type=int, default=1, help="read every EVERY-th record by name (default 1)")
    parser.add_argument("--held-out", type=float, default=0.1, help="the share of games held out (default 0.1)")
    parser.add_argument("--workers", type=int, default=1, help="processes replaying records (default 1)")
    args = parser.parse_args(argv)
    if args.every < 1 or args.workers < 1 or not 0 < args.held_out < 1:
        parser.error("--every and --workers 1 or more, --held-out a share between 0 and 1")
    files = sorted(f for folder in args.folders for f in glob.glob(os.path.join(folder, "game-*.json")))[:: args.every]
    if args.workers == 1:
        found = [d for path in files for d in decisions(path)]
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            found = [d for ds in pool.map(decisions, files, chunksize=4) for d in ds]
    seeds = sorted({d[4] for d in found})
    if len(seeds) < 2:
        found_seeds = _many(len(seeds), "seed")
        parser.error(f"searched turn decisions of games of two seeds or more are needed; found {found_seeds}")
    cut = seeds[min(len(seeds) - 1, int(len(seeds) * (1 - args.held_out)))]
    train = [d for d in found if d[4] < cut]
    test = [d for d in found if d[4] >= cut]
    held = len({d[4] for d in test})
    games = len({d[5] for d in found})
    print(
        f"{len(found)} searched turn decisions of {_many(games, 'game')} ({_many(len(seeds), 'seed')}); {len(test)} "
        f"of {_many(len({d[5] for d in test}), 'game')} ({_many(held, 'seed')}, the last) held out"
    )

    def share(chosen: list[int]) -> str:
        same = sum(1 for c, d in zip(chosen, test, strict=True) if c == d[2])
        return f"{same} of {len(test)} ({100 * same / len(test):.1f}%)"

    print(f"the heuristic's best: {share([d[3] for d in test])}")
    labels = np.concatenate([np.eye(len(d[0]))[d[2]] for d in train])
    for name, column in (("the option", 0), ("the turn's end", 1), ("both", 2)):

        def inputs(d: tuple[np.ndarray, np.ndarray, int, int, int, str], column: int = column) -> np.ndarray:
            return np.hstack([d[0], d[1]]) if column == 2 else (d[0], d[1])[column]

        x = np.vstack([inputs(d) for d in train])
        held_inputs = [inputs(d) for d in test]
        linear = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)).fit(x, labels)
        trees = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, random_state=0).fit(x, labels)
        print(f"{name}: logistic {share(picks(linear, held_inputs))}; trees {share(picks(trees, held_inputs))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
