"""The public game API in whole random rounds: ours (`Position`) against the PyPI `dominoes` package's.

Run by hand (never a timed test): ``.venv/bin/python bench/position_api.py [seconds]``. Unlike
bench/engine.py (our fast bit-mask playout), a round here goes through the API a caller uses:
``Deal.from_seed(...).position()``, then ``legal_actions()`` and ``apply()`` until ``is_over()``,
every action re-checked by ``apply``. The peer deals with ``Game.new`` and plays with
``valid_moves`` and ``make_move``. Both choose uniformly among the legal actions. The peer plays
only 4-seat games (see peer_dominoes.py), so the ratio compares our 4-seat rounds with its games;
the 2-seat rate is printed too. Rates are per second of the process's CPU time, so that other
programs on a busy machine slow neither side down. The last line is fixed so runs can be compared:
``position api: 2 seats N rounds/s; 4 seats N rounds/s; peer game api N rounds/s; ratio R``
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rates  # noqa: E402
from peer_dominoes import peer_rounds_per_second  # noqa: E402
from rates import best_of  # noqa: E402
from tutor.games.domino import Deal  # noqa: E402


def play_round(seed: int, seats: int, rng: random.Random) -> None:
    position = Deal.from_seed(seed, seats).position()
    while not position.is_over():
        position = position.apply(rng.choice(position.legal_actions()))


def rounds_per_second(seats: int, seconds: float, seed: int = 1) -> float:
    rng = random.Random(seed)
    played = [0]

    def batch() -> int:
        for _ in range(20):
            play_round(seed + played[0], seats, rng)
            played[0] += 1
        return 20

    return rates.rounds_per_second(batch, seconds, time.process_time)


def main(seconds: float = 2.0) -> None:
    two = best_of(3, lambda: rounds_per_second(2, seconds))
    four = best_of(3, lambda: rounds_per_second(4, seconds))
    peer = best_of(3, lambda: peer_rounds_per_second(seconds, clock=time.process_time))
    print(f"position api: 2 seats {two:,.0f} rounds/s; 4 seats {four:,.0f} rounds/s; "
          f"peer game api {peer:,.0f} rounds/s; ratio {four / peer:.2f}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
