"""How good the backgammon coach's advice is, judged by a second engine, run by hand (never a test):
``.venv/bin/python bench/backgammon_advice.py [decisions] [seed]`` (default 1,000 decisions, seed 1).

The decisions are White's turns with a choice, from seeded games where both sides play the friendly
player's plays (``players.recommend``) and, one turn in four, a random legal play. For each, the
coach's recommendation (``coach.advise``: the evaluator's best play at the fast level) is judged
by GNU Backgammon's net (``gnubg-nn``, GPL, the dev extra: tests and benchmarks only), cubeless:

- the recommended play's loss against gnubg's best at its 0-ply, per decision (mp);
- blunders: a loss of 80 mp or more at gnubg's 0-ply that its 1-ply confirms;
- the grade agreement: a random legal play of each decision graded by the coach, against the
  grade its loss by gnubg gives (the same thresholds, BACKGAMMON.md §9);
- the friendly player's own mean loss, for comparison (what the hints recommended before).

The last line is fixed so runs compare:
``backgammon advice: mean loss M mp over N decisions; blunders B%; grades agree G%; friendly F mp``.
Goals (issue #28): M <= 15 over >= 1,000 decisions, B <= 2, G >= 80.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "checkers"))

import backgammon_gnubg as gnu  # noqa: E402  (GPL: bench and tests only)
from tutor.games.backgammon import Position, legal_plays  # noqa: E402
from tutor.games.backgammon.coach import advise, grade, grade_label  # noqa: E402
from tutor.games.backgammon.game import seeded_turns  # noqa: E402
from tutor.games.backgammon.players import recommend  # noqa: E402


def decisions(count: int, seed: int) -> list[Position]:
    """The friendly player's plays, and one turn in four a random legal play."""
    return seeded_turns(count, seed, lambda position, rng: rng.choice(legal_plays(position))
                        if rng.random() < 0.25 else recommend(position))


def loss(position: Position, play, ply: int = 0) -> int:
    return gnu.play_losses(position.to_text(), ply)[gnu.white_play_end(play.after.to_text())]


def main(count: int = 1000, seed: int = 1) -> None:
    rng = random.Random(seed)
    losses, friendly, blunders, agree = [], [], 0, 0
    times = []
    started = time.perf_counter()
    for position in decisions(count, seed):
        began = time.perf_counter()
        best = advise(position).best.play
        times.append(time.perf_counter() - began)
        losses.append(loss(position, best))
        if losses[-1] >= 80 and loss(position, best, ply=1) >= 80:
            blunders += 1
        friendly.append(loss(position, recommend(position)))
        play = rng.choice(legal_plays(position))
        agree += grade(position, play).label == grade_label(loss(position, play))
    n = len(losses)
    times.sort()
    print(f"{n} decisions in {time.perf_counter() - started:.0f} s; advice p50 {1000 * times[n // 2]:.1f} ms, "
          f"p95 {1000 * times[int(0.95 * n)]:.1f} ms (the evaluator's fast level, cold caches)")
    print(f"backgammon advice: mean loss {sum(losses) / n:.1f} mp over {n} decisions; blunders {100 * blunders / n:.1f}%; "
          f"grades agree {100 * agree / n:.1f}%; friendly {sum(friendly) / n:.1f} mp")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
