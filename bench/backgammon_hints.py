"""Strength and speed of the backgammon recommendation, run by hand (never a timed test):
``.venv/bin/python bench/backgammon_hints.py [games] [seed]`` (default 1,000 games, seed 1).

The recommended play (``players.recommend``, the computer's 1-ply evaluation) plays whole games
against ``players.pip_greedy`` (a hit if it can, else the lowest pip count left), no videau. Games
go in pairs on the same dice (one seeded ``random.Random`` per pair), the recommendation White in
the first and Black in the second, so luck of the dice cancels. Points per game: the
recommendation's won minus lost points (1 single, 2 gammon, 3 backgammon). Each recommendation is
timed (wall clock, and CPU time of this process, steadier on a shared machine). The last line
is fixed so runs compare:
``backgammon hints: win rate W% over N games vs pip-greedy; points per game P; p95 X ms``.
Goals (issue #14): W >= 70 over >= 1,000 games, p95 <= 200 ms.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.games.backgammon import BLACK, START, WHITE, Side  # noqa: E402
from tutor.games.backgammon.cube import result  # noqa: E402
from tutor.games.backgammon.game import roll_opening  # noqa: E402
from tutor.games.backgammon.players import pip_greedy, recommend  # noqa: E402


def play_game(seed: int, ours: Side, wall: list[float], cpu: list[float]) -> int:
    """One game; the recommendation's points (+ won, - lost)."""
    rng = random.Random(seed)
    opening = roll_opening(lambda: rng.randint(1, 6))
    position = START.replace(to_move=opening.first, dice=opening.dice)
    while True:
        if position.to_move is ours:
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            play = recommend(position)
            wall.append(time.perf_counter() - start_wall)
            cpu.append(time.process_time() - start_cpu)
        else:
            play = pip_greedy(position)
        position = play.after if play else position.replace(dice=None, to_move=position.to_move.other)
        over = result(position)
        if over is not None:
            return over.points if over.winner is ours else -over.points
        position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    wall: list[float] = []
    cpu: list[float] = []
    wins = points = 0
    started = time.perf_counter()
    for game in range(games):
        ours = WHITE if game % 2 == 0 else BLACK
        got = play_game(seed * 1_000_003 + game // 2, ours, wall, cpu)
        wins += got > 0
        points += got
        if (game + 1) % 100 == 0:
            print(f"{game + 1} games: {wins} won, {points:+d} points, {time.perf_counter() - started:.0f} s",
                  flush=True)
    print(f"per recommendation: {len(wall)} timed; wall median {percentile(wall, 0.5) * 1000:.1f} ms, "
          f"max {max(wall) * 1000:.1f} ms; CPU p95 {percentile(cpu, 0.95) * 1000:.1f} ms, "
          f"max {max(cpu) * 1000:.1f} ms")
    print(f"backgammon hints: win rate {100 * wins / games:.1f}% over {games} games vs pip-greedy; "
          f"points per game {points / games:.2f}; p95 {percentile(wall, 0.95) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
