"""Engine throughput: complete random rounds per second, ours against the PyPI `dominoes` package.

Run by hand (never a timed test): ``.venv/bin/python bench/engine.py [seconds] [--cpu]`` (``--cpu``
counts this process's CPU time on both sides instead of the wall clock, for a busy machine). A round is dealt
from a fresh shuffle and played to its end with uniformly random legal choices (drawing and
passing included), through the same fast loop the hint engine uses for its playouts. The last
line is fixed so runs can be compared:
``engine: 2 seats N rounds/s; 4 seats N rounds/s; peer dominoes N rounds/s; ratio R``
(ratio = our 2-seat rate / the peer's rate; the peer only plays 4-seat games, see peer_dominoes.py).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rates  # noqa: E402
from peer_dominoes import RULE_DIFFERENCES, peer_rounds_per_second  # noqa: E402
from rates import best_of  # noqa: E402
from tutor.games.domino.playout import random_round  # noqa: E402


def rounds_per_second(seats: int, seconds: float, seed: int = 1, clock=time.perf_counter) -> float:
    rng = random.Random(seed)

    def batch() -> int:
        for _ in range(100):
            random_round(rng, seats)
        return 100

    return rates.rounds_per_second(batch, seconds, clock)


def main(seconds: float = 2.0, clock=time.perf_counter) -> None:
    two = best_of(3, lambda: rounds_per_second(2, seconds, clock=clock))
    four = best_of(3, lambda: rounds_per_second(4, seconds, clock=clock))
    peer = best_of(3, lambda: peer_rounds_per_second(seconds, clock=clock))
    print("How the peer's rules differ:", RULE_DIFFERENCES, sep="\n", end="\n\n")
    print(f"4 seats against the peer's 4-seat games: ratio {four / peer:.1f}")
    print(f"engine: 2 seats {two:,.0f} rounds/s; 4 seats {four:,.0f} rounds/s; "
          f"peer dominoes {peer:,.0f} rounds/s; ratio {two / peer:.1f}")


if __name__ == "__main__":
    numbers = [a for a in sys.argv[1:] if a != "--cpu"]
    main(float(numbers[0]) if numbers else 2.0, time.process_time if "--cpu" in sys.argv else time.perf_counter)
