"""A backgammon series page after N finished games (issue #35, review P1): how long one page takes
as the series grows, cold (a process that has not seen this series) and warm (the same page again,
as a server answers the next request of a series it has just served).

Run by hand (never a timed test): ``.venv/bin/python bench/series_page.py [games ...]`` (0 1 2 4 8 16
unless given). For each N, a series is played through the engine itself (each learner play chosen
at random with a fixed seed: roll, take, go on when asked), N games to their end and the next game
just begun; then its page is asked for through the Flask test client. Cold: the per-process game
caches are emptied first; warm: the best of 5 requests of the same page. Times are this process's
CPU time (steadier than the wall clock on a busy machine). Random games are longer than a
learner's, so the app's 4 KiB address limit is lifted here (16 such games take about 6 KiB; the
review's 16 games fitted in 4,053 characters). The last line is fixed so runs compare:
``series page: 16 finished games, URL L chars; cold X ms; warm Y ms``
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor import create_app  # noqa: E402
from tutor.web import security  # noqa: E402
from tutor.freeplay import new_backgammon_id  # noqa: E402
from tutor.games.backgammon.session import Phase, replay_game, steps_token  # noqa: E402
from tutor.web.backgammon import play as backgammon_play  # noqa: E402

DECIDED = {Phase.DECIDE: "r", Phase.ANSWER: "t", Phase.LOST: "x"}


def finished_game(table, index: int, rng: random.Random) -> list[str]:
    """One game of the series played to its end with random legal plays: its decisions."""
    start, dice = table.start_and_dice(index)
    decisions: list[str] = []
    game = replay_game(start, dice, decisions, videau=table.videau)
    while game.phase is not Phase.OVER:
        decision = DECIDED.get(game.phase) or steps_token(rng.choice(game.plays).steps)
        decisions.append(decision)
        game = replay_game(start, dice, decisions, videau=table.videau, resume=game)
    return decisions


def forget() -> None:
    """Empty the page's per-process caches (a cold process)."""
    for name in ("_GAMES", "_RESULTS"):
        cache = getattr(backgammon_play, name, None)
        if cache is not None:
            cache.clear()


def cpu_ms(client, url: str) -> float:
    start = time.process_time()
    response = client.get(url)
    spent = (time.process_time() - start) * 1000
    assert response.status_code == 200, (response.status_code, url[:200])
    return spent


def main() -> None:
    sizes = [int(n) for n in sys.argv[1:]] or [0, 1, 2, 4, 8, 16]
    security.MAX_URL_LENGTH = 64 * 1024  # random games are long: see above
    app = create_app({"SECRET_KEY": "bench " * 8, "TESTING": True})
    client = app.test_client()
    client.get("/en/backgammon/play/")  # templates compiled, catalogs read
    for size in sizes:
        game_id = new_backgammon_id(videau=True, series=True, nonce=bytes([size]) * 12)
        rng = random.Random(size)
        with app.test_request_context():
            table = backgammon_play.Table(None, game_id, True, True)
            games = [finished_game(table, index, rng) for index in range(size)]
        url = f"/en/backgammon/play/game?g={game_id}&m=" + "~".join([".".join(g) for g in games] + [""])
        forget()
        cold = cpu_ms(client, url)
        warm = min(cpu_ms(client, url) for _ in range(5))
        print(f"series page: {size} finished games, URL {len(url)} chars; cold {cold:.0f} ms; warm {warm:.0f} ms")


if __name__ == "__main__":
    main()
