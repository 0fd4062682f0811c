"""How the benchmarks count: rounds per second of a clock, the best of a few runs.

Shared by bench/engine.py, bench/peer_dominoes.py and bench/position_api.py, so that every side of
a comparison is measured the same way.
"""

from __future__ import annotations

import time
from typing import Callable


def rounds_per_second(play_batch: Callable[[], int], seconds: float,
                      clock: Callable[[], float] = time.perf_counter) -> float:
    """Call ``play_batch`` (it plays some rounds and says how many) until ``seconds`` of ``clock``
    have passed; the rate over that time. ``time.process_time`` counts only this process's CPU."""
    rounds = 0
    start = clock()
    deadline = start + seconds
    while True:
        rounds += play_batch()
        now = clock()
        if now >= deadline:
            return rounds / (now - start)


def best_of(runs: int, measure: Callable[[], float]) -> float:
    """The best of a few runs: the machine's noise only ever slows a run down."""
    return max(measure() for _ in range(runs))
