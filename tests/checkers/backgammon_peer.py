"""GNU Backgammon's move generator (gnubg-nn, GPL-3.0, dev extra) as a yardstick for
bench/backgammon.py. Kept under tests/ so that only tests/ imports the GPL modules; the bench
borrows it. Not a test module (no test_ prefix)."""

from __future__ import annotations

import time

import gnubg_nn


def gnubg_lists_per_second(boards: list[tuple[list, list, int, int]], seconds: float = 2.0) -> float:
    """Play lists per second of ``gnubg_nn.moves`` over ``(opponent, mover, die1, die2)`` boards
    (validated by the engine first: gnubg accepts bad boards silently)."""
    moves = gnubg_nn.moves
    prepared = [([list(a), list(b)], d1, d2) for a, b, d1, d2 in boards]
    done = 0
    start = time.perf_counter()
    while True:
        for board, d1, d2 in prepared:
            moves(board, d1, d2, 0)
        done += len(prepared)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed
