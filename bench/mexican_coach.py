"""The Mexican Train coach's strength and speed: its recommendations played against the computer.

Run by hand (never a timed test): ``.venv/bin/python bench/mexican_coach.py [rounds] [inference]``
(200 rounds unless given; ``inference`` ``on``, the default, or ``off``: the coach told nothing of
the other player's draws and passes, every hidden deal alike).

Round ``r`` is dealt from seed ``SEED + r``, a double-twelve set in even rounds and a double-six in
odd ones; the coached player sits at seat ``r % 2`` and the other is the
:class:`~tutor.games.domino.mexican_train.players.TrainHeuristicPlayer` (the computer of free
play). Strength is the mean pips margin per round (the other's pips left minus the coached
player's, what the round adds to the match, higher is better) and the share of rounds won (a tie
counting half); the same rounds with the computer on both seats give the baseline. A
recommendation's time is what a page pays (the inference from the round so far, then
:func:`~tutor.games.domino.mexican_train.coach.recommend`), as CPU time, for the turns with a
choice only. The last line is fixed so runs can be compared:
``mexican coach (inference I): margin M pips, won W% over N rounds; heuristic: margin M pips,
won W%; p50 X ms; p95 Y ms``
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.domino.mexican_train.coach import inferred_bars, recommend  # noqa: E402
from tutor.games.domino.mexican_train.engine import Deal, Position  # noqa: E402
from tutor.games.domino.mexican_train.players import TrainHeuristicPlayer  # noqa: E402

SEED = 40_000
DEFAULT_ROUNDS = 200


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[max(0, math.ceil(fraction * len(sorted_values)) - 1)]


def play_round(number: int, coached: bool, inference: bool, timings: list[float]) -> tuple[int, float]:
    """One round: the coached seat's pips margin and its result (1, 1/2 or 0)."""
    deal = Deal.from_seed(SEED + number, top=12 if number % 2 == 0 else 6)
    me = number % 2
    computer = TrainHeuristicPlayer()
    positions, actions = [Position.start(deal)], []
    while not positions[-1].is_over():
        position = positions[-1]
        if coached and position.to_act == me and len(position.legal_actions()) > 1:
            start = time.process_time()
            known = inferred_bars(positions, actions, me) if inference else ()
            action = recommend(position, me, seed=number, known=known).action
            timings.append(time.process_time() - start)
        else:
            action = computer.choose(position, position.to_act)
        actions.append(action)
        positions.append(position.apply(action))
    outcome = positions[-1].outcome()
    margin = outcome.pips[1 - me] - outcome.pips[me]
    return margin, 0.5 if outcome.winner is None else float(outcome.winner == me)


def main(rounds: int = DEFAULT_ROUNDS, inference: bool = True) -> None:
    timings: list[float] = []
    coached = [play_round(n, True, inference, timings) for n in range(rounds)]
    baseline = [play_round(n, False, inference, []) for n in range(rounds)]
    timings.sort()

    def summary(results: list[tuple[int, float]]) -> str:
        return (f"margin {sum(m for m, _ in results) / rounds:+.1f} pips, "
                f"won {100 * sum(w for _, w in results) / rounds:.1f}%")

    print(f"mexican coach (inference {'on' if inference else 'off'}): {summary(coached)} over {rounds} rounds; "
          f"heuristic: {summary(baseline)}; p50 {percentile(timings, 0.5) * 1000:.1f} ms; "
          f"p95 {percentile(timings, 0.95) * 1000:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_ROUNDS,
         (sys.argv[2] if len(sys.argv) > 2 else "on") != "off")
