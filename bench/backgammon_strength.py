"""The strong opponent against the friendly one, run by hand (never a timed test):
``.venv/bin/python bench/backgammon_strength.py [games] [seed]`` (default 1,000 games, seed 1).

The strong opponent (``coach.strong_player``: the evaluator's best play at the fast level, what a
free game's "strong" computer plays) plays whole games against the friendly one
(``players.recommend``, the computer's older 1-ply heuristic), no videau. Games go in pairs on the
same dice (one seeded ``random.Random`` per pair), the strong player White in the first and Black
in the second, so the luck of the dice cancels. Points per game: the strong player's won minus lost
points (1 single, 2 gammon, 3 backgammon). The last line is fixed so runs compare:
``backgammon strength: the strong opponent wins W% of N games against the friendly one; points per game P``.
Goal (issue #28): W >= 65 over >= 1,000 games, and P > 0.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.games.backgammon import BLACK, START, WHITE, Side  # noqa: E402
from tutor.games.backgammon.coach import strong_player  # noqa: E402
from tutor.games.backgammon.cube import result  # noqa: E402
from tutor.games.backgammon.game import roll_opening  # noqa: E402
from tutor.games.backgammon.players import recommend  # noqa: E402


def play_game(seed: int, strong: Side) -> int:
    """One game; the strong player's points (+ won, - lost)."""
    rng = random.Random(seed)
    opening = roll_opening(lambda: rng.randint(1, 6))
    position = START.replace(to_move=opening.first, dice=opening.dice)
    while True:
        play = strong_player(position) if position.to_move is strong else recommend(position)
        position = play.after if play else position.replace(dice=None, to_move=position.to_move.other)
        over = result(position)
        if over is not None:
            return over.points if over.winner is strong else -over.points
        position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    wins = points = 0
    started = time.perf_counter()
    for game in range(games):
        got = play_game(seed * 1_000_003 + game // 2, WHITE if game % 2 == 0 else BLACK)
        wins += got > 0
        points += got
        if (game + 1) % 100 == 0:
            print(f"{game + 1} games: {wins} won, {points:+d} points, {time.perf_counter() - started:.0f} s",
                  flush=True)
    print(f"backgammon strength: the strong opponent wins {100 * wins / games:.1f}% of {games} games against the "
          f"friendly one; points per game {points / games:.2f}")


if __name__ == "__main__":
    main()
