"""Backgammon engine throughput, run by hand (never a timed test):
``.venv/bin/python bench/backgammon.py [seconds]``.

On 2,000 fixed positions from seeded random games (dice included) it measures play lists per
second (``legal_plays``: every legal play, one per distinct end position), the worst single list
(the best of three timings of each position, so machine noise does not count), complete random
games per second (random legal plays to the end), and gnubg-nn's move generator on the same
positions (tests/checkers/backgammon_peer.py; GPL, dev extra). The last line is fixed so runs compare:
``backgammon: N play lists/s; worst M ms; G random games/s; gnubg-nn N lists/s; ratio R``
(ratio = our lists/s / gnubg-nn's), wall-clock. The line before it gives the same rates per CPU
second of this process, steadier when other jobs share the machine. Goals (issue #12): >= 10,000
lists/s, worst <= 10 ms, >= 150 games/s.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from tutor.games.backgammon import BLACK, START, WHITE, legal_plays  # noqa: E402
from tutor.games.backgammon.game import random_playout  # noqa: E402


def fixed_positions(count: int = 2_000, seed: int = 6) -> list:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = START.replace(to_move=rng.choice((WHITE, BLACK)))
        while not position.is_over and len(found) < count:
            position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
            found.append(position)
            plays = legal_plays(position)
            position = rng.choice(plays).after if plays else position.replace(dice=None, to_move=position.to_move.other)
    return found


def lists_per_second(positions, seconds: float, clock=time.perf_counter) -> float:
    done = 0
    start = clock()
    while True:
        for position in positions:
            legal_plays(position)
        done += len(positions)
        elapsed = clock() - start
        if elapsed >= seconds:
            return done / elapsed


def worst_ms(positions) -> float:
    worst = 0.0
    for position in positions:
        best = min(_timed(position) for _ in range(3))
        worst = max(worst, best)
    return worst * 1000


def _timed(position) -> float:
    start = time.perf_counter()
    legal_plays(position)
    return time.perf_counter() - start


def games_per_second(seconds: float, seed: int = 1, clock=time.perf_counter) -> float:
    rng = random.Random(seed)
    games = 0
    start = clock()
    while True:
        random_playout(rng)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return games / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    positions = fixed_positions()
    plays = sum(len(legal_plays(p)) for p in positions)
    print(f"{len(positions)} positions, {plays} plays")
    ours = max(lists_per_second(positions, seconds) for _ in range(3))
    worst = worst_ms(positions)
    games = max(games_per_second(seconds) for _ in range(3))
    try:
        from backgammon_peer import gnubg_lists_per_second
    except ImportError:  # the dev extra is not installed
        theirs = float("nan")
    else:
        boards = [(*p.board(), *p.dice) for p in positions]
        theirs = max(gnubg_lists_per_second(boards, seconds) for _ in range(3))
    # On a shared machine, CPU time (this process only) is the steadier yardstick: printed first.
    cpu_lists = max(lists_per_second(positions, seconds, time.process_time) for _ in range(2))
    cpu_games = max(games_per_second(seconds, clock=time.process_time) for _ in range(2))
    print(f"per CPU second: {cpu_lists:,.0f} play lists/s; {cpu_games:,.0f} random games/s")
    print(f"backgammon: {ours:,.0f} play lists/s; worst {worst:.1f} ms; {games:,.0f} random games/s; "
          f"gnubg-nn {theirs:,.0f} lists/s; ratio {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
