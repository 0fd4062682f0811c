"""One guided-hand request at a time, through the Flask test client: how long a page with 30
actions in its round takes to answer.

Run by hand (never a timed test): ``.venv/bin/python bench/guided_request.py [hand-id] [actions] [requests]``
(``three-players``, 30 actions and 30 requests unless given). The learner's moves are the first
legal action at each turn, cut where the round (the opponents' turns included) holds at least
``actions`` actions. The first ten requests (templates compiled, catalogs read) are left out; each
later request is timed on its own, in a single thread, by the wall clock and by the process's CPU
time (which other programs on a busy machine do not inflate). The last line is fixed so runs can
be compared:
``guided request: N actions (M learner moves); p50 X ms; min Y ms; cpu p50 C ms; with a hint p50 Z ms;
graded p95 G ms; grading off p50 O ms; first graded cpu F ms`` (the page grades the learner's last
move when it had a choice: issue #34; ``grade=0`` turns that off). A guided hand's pages are kept
once per process, so the timed requests after the first do not grade again; ``first graded`` is
the CPU time of the first request of the graded page, the grade computed (the grade=0 page has read
the templates before it).
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor import create_app  # noqa: E402
from tutor.games.domino.guided import hand_by_id, replay  # noqa: E402


def learner_moves(hand_id: str, actions: int) -> tuple[list[str], int]:
    """The shortest prefix of the first-choice line whose round holds ``actions`` actions or more
    and whose last learner move had a choice (so that the page grades it), if the round has one."""
    hand = hand_by_id(hand_id)
    moves: list[str] = []
    chose = False
    while True:
        game = replay(hand.deal, moves, hand.opponents())
        if (len(game.actions) >= actions and chose) or game.is_over:
            return moves, len(game.actions)
        legal = game.position.legal_actions()
        chose = len({action.tile for action in legal}) > 1
        moves.append(str(legal[0]))


def timed(client, url: str, requests: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each request."""
    for _ in range(10):  # warm: templates, catalogs, the renderer's shared tile halves
        client.get(url)
    gc.collect()  # a collection owed by the warm-up would land in one timed request
    wall, cpu = [], []
    for _ in range(requests):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert response.status_code == 200, response.status_code
    return wall, cpu


def main(hand_id: str = "three-players", actions: int = 30, requests: int = 30) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "bench"})
    client = app.test_client()
    moves, total = learner_moves(hand_id, actions)
    url = f"/en/domino/hands/{hand_id}?moves={'.'.join(moves)}"
    client.get(url + "&grade=0")  # templates and catalogs read, the grade not yet computed
    start_cpu = time.process_time()
    client.get(url)
    cold = time.process_time() - start_cpu  # the grade's recommendation, then the page
    plain, plain_cpu = timed(client, url, requests)
    hinted, _ = timed(client, url + "&hint=3", requests)
    ungraded, _ = timed(client, url + "&grade=0", requests)
    graded = 'class="grade grade-' in client.get(url).get_data(as_text=True)
    print(url)
    print(f"guided request: {total} actions ({len(moves)} learner moves); "
          f"p50 {statistics.median(plain) * 1000:.1f} ms; min {min(plain) * 1000:.1f} ms; "
          f"cpu p50 {statistics.median(plain_cpu) * 1000:.1f} ms; "
          f"with a hint p50 {statistics.median(hinted) * 1000:.1f} ms; "
          f"{'graded' if graded else 'no grade (the last move was forced)'} p95 {p95(plain) * 1000:.1f} ms; "
          f"grading off p50 {statistics.median(ungraded) * 1000:.1f} ms; first graded cpu {cold * 1000:.1f} ms")


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "three-players", int(args[1]) if len(args) > 1 else 30,
         int(args[2]) if len(args) > 2 else 30)
