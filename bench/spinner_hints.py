"""The hint engine in the spinner games (Straight, All Fives): how long a whole hint takes, and how
well its recommendations play against the engine's players.

Run by hand (never a timed test): ``.venv/bin/python bench/spinner_hints.py [rounds] [samples]``
(200 rounds of each rule set and the engine's default determinizations for a spinner game unless
given).

Round ``r`` of a rule set is dealt from seed ``SEED + r`` with two seats; the recommending player
sits at seat ``r % 2`` and the other seat is a :class:`~tutor.games.domino.players.HeuristicPlayer`
(the opponent of free play). The time of a hint is what a game page pays: replaying the round's
record into the seat's view, then :func:`~tutor.games.domino.hints.hint_ladder` (the recommendation
and every rung's notes). Only turns with a real choice are timed (two or more distinct plays).

Strength: in Straight the share of rounds won (a tie counts half); in All Fives the mean points per
round of the recommender and of its opponent (play points plus the round-end bonus), since All
Fives is played for points. The same rounds are also played with the recommender replaced by a
HeuristicPlayer, for comparison. The last line per rule set is fixed so runs can be compared:
``<rules>: p50 X ms; p95 Y ms; max Z ms; hints: <strength>; heuristic: <strength>``
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.domino import Deal  # noqa: E402
from tutor.games.domino.hints import SeatTracker, distinct_moves, hint_ladder  # noqa: E402
from tutor.games.domino.hints.recommendation import SPINNER_SAMPLES  # noqa: E402
from tutor.games.domino.players import HeuristicPlayer  # noqa: E402
from tutor.games.domino.rules import ALL_FIVES, STRAIGHT, RuleSet  # noqa: E402

SEED = 30_000
DEFAULT_ROUNDS = 200


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[max(0, math.ceil(fraction * len(sorted_values)) - 1)]


def play_round(rules: RuleSet, number: int, samples: int, use_hints: bool, timings: list[float]) -> tuple[float, int, int]:
    """One round; (1 won / 0.5 tie / 0 lost, the recommender's points, its opponent's points)."""
    me = number % 2
    positions = [Deal.from_seed(SEED + number, 2, rules).position()]
    actions = []
    other = HeuristicPlayer(number)
    mine = HeuristicPlayer(number + 1)
    trackers = {0: SeatTracker(0), 1: SeatTracker(1)}
    while not positions[-1].is_over():
        position = positions[-1]
        seat = position.to_move
        if seat == me and use_hints:
            start = time.perf_counter()
            view = SeatTracker(me).view(positions, actions)  # a request replays the record
            timed = len(distinct_moves(view)) > 1
            action = hint_ladder(view, seed=len(actions), samples=samples).recommendation.action
            if timed:
                timings.append(time.perf_counter() - start)
        else:
            player = mine if seat == me else other
            action = player.choose(trackers[seat].view(positions, actions))
        positions.append(position.apply(action))
        actions.append(action)
    result = positions[-1].result()
    points = [0, 0]
    for seat, scored in enumerate(result.play_points):
        points[seat] += scored
    if result.winner is not None:
        points[result.winner] += result.points
    outcome = 1.0 if result.winner == me else 0.5 if result.winner is None else 0.0
    return outcome, points[me], points[1 - me]


def strength(rules: RuleSet, results: list[tuple[float, int, int]]) -> str:
    if rules.scores_ends:
        mine = sum(r[1] for r in results) / len(results)
        theirs = sum(r[2] for r in results) / len(results)
        return f"{mine:.1f} points a round vs {theirs:.1f}"
    return f"won {100 * sum(r[0] for r in results) / len(results):.1f}%"


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_ROUNDS
    samples = int(sys.argv[2]) if len(sys.argv) > 2 else SPINNER_SAMPLES
    for rules in (STRAIGHT, ALL_FIVES):
        timings: list[float] = []
        hinted = [play_round(rules, r, samples, True, timings) for r in range(rounds)]
        plain = [play_round(rules, r, samples, False, []) for r in range(rounds)]
        timings.sort()
        ms = [1000 * percentile(timings, f) for f in (0.5, 0.95, 1.0)]
        print(f"{rules.name}: p50 {ms[0]:.0f} ms; p95 {ms[1]:.0f} ms; max {ms[2]:.0f} ms; "
              f"hints: {strength(rules, hinted)}; heuristic: {strength(rules, plain)} "
              f"({rounds} rounds, {samples} samples, {len(timings)} timed hints)")


if __name__ == "__main__":
    main()
