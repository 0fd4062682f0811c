"""Mexican Train's free-play pages: how long a page takes to serve through a whole match.

Run by hand (never a timed test): ``.venv/bin/python bench/mexican_pages.py [matches]`` (2 matches
of the double-twelve game and 2 of the double-six game unless given).

Each match is played through the pages alone, as a learner would: a new game id, then every page
of every round, the learner taking the first action the page offers (the heaviest tile first, as
the buttons are sorted), until the match's last page. A page replays its whole match from the
address (every finished round, then the current one with the opponent's turns), so the pages of
the last rounds of the twelve-round game are the dearest; the figures say what the slowest costs.
The last line per game is fixed so runs can be compared:
``<game>: <pages> pages; p50 X ms; p95 Y ms; max Z ms; last round p50 W ms``
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from html import unescape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor import create_app  # noqa: E402
from tutor.freeplay import new_mexican_id  # noqa: E402


def play_match(client, top: int, nonce: bytes) -> tuple[list[float], list[float]]:
    """Every page's time (ms), and the last round's alone."""
    game_id = new_mexican_id(top, nonce=nonce)
    rounds: list[list[str]] = [[]]
    times: list[float] = []
    last_round: list[float] = []
    while True:
        address = f"/en/domino/play?g={game_id}&m=" + "~".join(".".join(r) for r in rounds)
        start = time.perf_counter()
        page = client.get(address)
        elapsed = (time.perf_counter() - start) * 1000
        assert page.status_code == 200, address
        times.append(elapsed)
        html = unescape(page.get_data(as_text=True))
        if "Round 12 of 12" in html or "Round 6 of 6" in html:
            last_round.append(elapsed)
        offered = re.findall(r'data-action="([^"]+)"', html)
        if offered:
            rounds[-1].append(offered[0])
        elif "Next round" in html:
            rounds.append([])
        else:
            return times, last_round


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    client = create_app({"TESTING": True, "SECRET_KEY": "bench"}).test_client()
    for top, name in ((12, "double-twelve"), (6, "double-six")):
        times: list[float] = []
        last: list[float] = []
        for k in range(matches):
            page_times, last_round = play_match(client, top, bytes([k + 1]) * 12)
            times += page_times
            last += last_round
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"{name}: {len(times)} pages; p50 {statistics.median(times):.0f} ms; p95 {p95:.0f} ms; "
              f"max {times[-1]:.0f} ms; last round p50 {statistics.median(last):.0f} ms")


if __name__ == "__main__":
    main()
