"""Backgammon practice pages, one request at a time, through the Flask test client: how long a
free-play page takes to answer as a whole game goes on.

Run by hand (never a timed test): ``.venv/bin/python bench/backgammon_pages.py [games]`` (3 games
unless given). Each game is played to its end the way the page is used: tap a checker, tap its
target (the first the page offers), confirm the play; roll, take and go on when asked. Every
request is timed by the wall clock and by this process's CPU time (steadier on a busy machine).
The pages go on from the previous page's game (kept in the process), as they do in a server that
has just served that game. The last line is fixed so runs compare:
``backgammon pages: N requests in G games; p50 X ms; p95 Y ms; cpu p95 Z ms; slowest W ms``
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor import create_app  # noqa: E402


def play(client, wall: list[float], cpu: list[float]) -> None:
    def get(url: str):
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        wall.append(time.perf_counter() - start_wall)
        cpu.append(time.process_time() - start_cpu)
        return response

    url = client.get("/en/backgammon/play/new?videau=1&series=0").headers["Location"]
    for _ in range(3000):
        html = get(url).get_data(as_text=True)
        phase = re.search(r'data-phase="(\w+)"', html)[1]
        if phase == "over":
            return
        action = {"lost": "do=go-on", "decide": "do=roll", "answer": "do=take"}.get(phase)
        if action is None:
            target = re.search(r'name="at" value="(\w+)" class="target', html)
            source = re.search(r'name="at" value="(\w+)" class="source"', html)
            action = f"at={target[1]}" if target else f"at={source[1]}" if source else "do=confirm"
        url = get(f"{url}&{action}").headers["Location"].split("#")[0]
    raise RuntimeError("the game did not end")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    app = create_app({"SECRET_KEY": "bench " * 8, "TESTING": True})
    client = app.test_client()
    client.get("/en/backgammon/play/")  # templates compiled, catalogs read
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(games):
        play(client, wall, cpu)
    ordered = sorted(wall)
    p95 = ordered[int(0.95 * len(ordered))]
    cpu95 = sorted(cpu)[int(0.95 * len(cpu))]
    print(f"backgammon pages: {len(wall)} requests in {games} game{'s' if games != 1 else ''}; p50 {statistics.median(wall) * 1000:.1f} ms; "
          f"p95 {p95 * 1000:.1f} ms; cpu p95 {cpu95 * 1000:.1f} ms; slowest {ordered[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
