"""Speed and memory of the backgammon coach, run by hand (never a timed test):
``.venv/bin/python bench/backgammon_coach_speed.py [positions] [seed]`` (default 300, seed 1).

- The analyze API with dice, at the fast level (the advice fields: every play ranked, the
  recommendation, a grade of a random play): one POST per position of seeded games, each position
  new to the process (the evaluator keeps rankings it has made).
- A game page with a grade (the page after a confirmed play) and one with the whole hint ladder
  (``hint=3``), in the Flask test client, each state new to the process.
- Memory: this process's resident size after the app is made and after the evaluator served a
  page; then a gunicorn server with two workers on 127.0.0.1, each worker's resident size after it
  served hint pages.

The last line is fixed so runs compare:
``backgammon coach speed: analyze p95 A ms; graded page p95 G ms; hint page p95 H ms; worker RSS R MB``.
Goals (issue #28): A <= 100, G and H <= 150.
"""

from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor import create_app  # noqa: E402
from tutor.games.backgammon import legal_plays  # noqa: E402
from tutor.games.backgammon.game import seeded_turns  # noqa: E402
from tutor.games.backgammon.players import recommend  # noqa: E402

KEY = "bench: a key for the backgammon coach's speed, 32+ bytes long"


def rss_mb(pid: int | str = "self") -> float:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", text).group(1)) / 1024


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def positions(count: int, seed: int):
    return seeded_turns(count, seed, lambda position, rng: recommend(position))


def body_of(position, played: str) -> dict:
    return {"white": {str(i + 1): n for i, n in enumerate(position.white[:24]) if n},
            "black": {str(24 - i): n for i, n in enumerate(position.black[:24]) if n},
            "bar": {"white": position.white[24], "black": position.black[24]},
            "to_move": "white", "dice": list(position.dice), "played": played}


def visit(client, url: str) -> tuple[str, str, float]:
    """A tap: its page answers at once (Content-Location names the new state's address), or the
    redirect to it is followed. Returns the new address, its page and how long that took."""
    started = time.perf_counter()
    response = client.get(url)
    if response.location:
        url = response.location.split("#")[0]
        response = client.get(url)
    else:
        url = response.headers.get("Content-Location", url).split("#")[0]
    return url, response.get_data(as_text=True), time.perf_counter() - started


def game_pages(client, games: int, seed: int) -> tuple[list[float], list[float]]:
    """Times of the page after each confirmed play, and of the hint page before it."""
    rng = random.Random(seed)
    graded, hinted = [], []
    for _ in range(games):
        url, html, _ = visit(client, "/en/backgammon/play/new?videau=0&series=0")
        for _turn in range(40):
            if 'value="go-on"' in html:
                url, html, _ = visit(client, url + "&do=go-on")
                continue
            if 'class="source"' not in html:
                break
            hinted.append(visit(client, url + "&hint=3")[2])
            while 'value="confirm"' not in html:
                choices = re.findall(r'name="at" value="([^"]+)" class="(?:target|source)', html)
                url, html, _ = visit(client, url + "&at=" + rng.choice(choices))
            url, html, took = visit(client, url + "&do=confirm")
            graded.append(took)
            assert 'class="grade' in html or "How the game ended" in html
    return graded, hinted


def worker_memory() -> float:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "TUTOR_SECRET_KEY": KEY}
    server = subprocess.Popen([str(ROOT / ".venv" / "bin" / "gunicorn"), "--workers", "2", "--bind",
                               f"127.0.0.1:{port}", "tutor:create_app()"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        for _ in range(20):  # both workers serve hint pages (the evaluator loaded in each)
            urllib.request.urlopen(f"http://127.0.0.1:{port}/en/backgammon/guided/hit?hint=3", timeout=20).read()
        children = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True).stdout.split()
        return max(rss_mb(pid) for pid in children)
    finally:
        server.terminate()
        server.wait(10)


def main(count: int = 300, seed: int = 1) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": KEY})
    client = app.test_client()
    before = rss_mb()
    rng = random.Random(seed)
    analyze = []
    for position in positions(count, seed):
        played = rng.choice(legal_plays(position)).notation
        started = time.perf_counter()
        answer = client.post("/api/v1/backgammon/analyze", json=body_of(position, played))
        analyze.append(time.perf_counter() - started)
        assert answer.status_code == 200 and "grade" in answer.get_json(), answer.get_json()
    loaded = rss_mb()
    graded, hinted = game_pages(client, max(2, count // 60), seed)
    worker = worker_memory()
    print(f"{len(analyze)} analyze calls, {len(graded)} graded pages, {len(hinted)} hint pages; process RSS "
          f"{before:.0f} MB after create_app, {loaded:.0f} MB with the evaluator")
    print(f"backgammon coach speed: analyze p95 {p95(analyze):.0f} ms; graded page p95 {p95(graded):.0f} ms; "
          f"hint page p95 {p95(hinted):.0f} ms; worker RSS {worker:.0f} MB")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
