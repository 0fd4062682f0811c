"""The hint engine's strength and speed: it plays its own recommendations against an opponent.

Run by hand (never a timed test):
``.venv/bin/python bench/hints.py [rounds] [samples] [opponent] [seed offset] [results file]``
(2,000 rounds, the engine's default number of determinizations, ``heaviest`` and 0 unless given;
``heuristic``: the project's HeuristicPlayer, free play's opponent, seeing its own seat's view).
The seed offset is added to every recommendation's seed: the same deals played with other
simulated deals show how far the figure moves by chance. A results file receives each round's
score as a JSON list, so two settings can be compared round by round:
``bench/hints.py compare FIRST SECOND`` gives the mean difference and its standard error.

Round ``r`` is dealt from seed ``SEED + r`` with two seats (Playboard's rules); the recommending
player sits at seat ``r % 2``, so it holds each seat in half of the rounds, and the other seat
plays its heaviest legal tile, or as the HeuristicPlayer does. A round counts 1 when the
recommender wins it (``winner == its seat``), 1/2 when it is blocked with nobody winning, 0
otherwise.

The time of a recommendation is what a request pays from the round's record: replaying the deal
and actions into the seat's view, then :func:`tutor.games.domino.hints.recommend`; measured as this
process's CPU time (steadier than the wall clock on a shared machine). Only the turns with a real
choice are timed (two or more distinct placements); forced turns answer without simulating and
would only flatter the percentiles. The last line is fixed so runs can be compared:
``hints: win rate W% over N rounds vs <opponent>; p50 X ms; p95 Y ms``
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.domino import Deal, Position, RoundRecord  # noqa: E402
from tutor.games.domino.hints import DEFAULT_SAMPLES, SeatView, distinct_moves, recommend  # noqa: E402
from tutor.games.domino.players import HeaviestFirst, HeuristicPlayer  # noqa: E402

SEED = 20_000
DEFAULT_ROUNDS = 2_000


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    return sorted_values[max(0, math.ceil(fraction * len(sorted_values)) - 1)]


OPPONENTS = {"heaviest": "heaviest-first", "heuristic": "HeuristicPlayer"}


def play_round(number: int, samples: int, timings: list[float], opponent_name: str = "heaviest",
               seed_offset: int = 0, watch: Callable[[Position], None] | None = None) -> float:
    """One seeded round; returns the recommender's score for it (1, 1/2 or 0). ``watch`` is
    shown the real position before each recommendation (bench/inference.py's bound)."""
    deal = Deal.from_seed(SEED + number, seats=2)
    recommender = number % 2
    opponent = HeaviestFirst() if opponent_name == "heaviest" else HeuristicPlayer(number)
    record = RoundRecord(deal)
    position = deal.position()
    while not position.is_over():
        if position.to_move == recommender:
            if watch is not None:
                watch(position)
            start = time.process_time()
            view = SeatView.from_record(record, recommender)
            action = recommend(view, seed=number + seed_offset, samples=samples).action
            elapsed = time.process_time() - start
            if len(distinct_moves(view)) > 1:
                timings.append(elapsed)
        elif opponent_name == "heuristic":  # it knows what its own seat has seen (draws, passes)
            action = opponent.choose(SeatView.from_record(record, position.to_move))
        else:
            action = opponent.choose(position)
        position = position.apply(action)
        record.actions.append(action)
    winner = position.result().winner
    return 1.0 if winner == recommender else 0.5 if winner is None else 0.0


def compare(first: list[float], second: list[float]) -> tuple[float, float]:
    """Two runs' scores on the same rounds: the mean of their round-by-round difference and its
    standard error, in points of win rate."""
    pairs = [a - b for a, b in zip(first, second)]
    mean = sum(pairs) / len(pairs)
    variance = sum((d - mean) ** 2 for d in pairs) / (len(pairs) - 1)
    return 100 * mean, 100 * (variance / len(pairs)) ** 0.5


def main(rounds: int = DEFAULT_ROUNDS, samples: int = DEFAULT_SAMPLES, opponent: str = "heaviest",
         seed_offset: int = 0, results_file: str | None = None) -> None:
    timings: list[float] = []
    started = time.perf_counter()
    scores = [play_round(number, samples, timings, opponent, seed_offset) for number in range(rounds)]
    score = sum(scores)
    took = time.perf_counter() - started
    if results_file:
        Path(results_file).write_text(json.dumps(scores))
    timings.sort()
    p50, p95 = percentile(timings, 0.50) * 1000, percentile(timings, 0.95) * 1000
    print(f"{samples} determinizations per recommendation; {len(timings)} timed recommendations "
          f"(max {timings[-1] * 1000:.1f} ms); {took:.0f} s in all")
    print(f"hints: win rate {100 * score / rounds:.1f}% over {rounds} rounds vs {OPPONENTS[opponent]}; "
          f"p50 {p50:.1f} ms; p95 {p95:.1f} ms")


if __name__ == "__main__" and sys.argv[1:2] == ["compare"]:
    lead, error = compare(*(json.loads(Path(name).read_text()) for name in sys.argv[2:4]))
    print(f"hints: the first run scored {lead:+.1f} points of win rate over the second, standard error {error:.1f}")
elif __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_ROUNDS,
         int(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_SAMPLES,
         sys.argv[3] if len(sys.argv) > 3 else "heaviest",
         int(sys.argv[4]) if len(sys.argv) > 4 else 0,
         sys.argv[5] if len(sys.argv) > 5 else None)
