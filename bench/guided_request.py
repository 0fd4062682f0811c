"""One guided-hand request at a time, through the Flask test client: how long a page with 30
actions in its round takes to answer.

Run by hand (never a timed test): ``.venv/bin/python bench/guided_request.py [hand-id] [actions] [requests]``
(``three-players``, 30 actions and 30 requests unless given). The learner's moves are the first
legal action at each turn, cut where the round (the opponents' turns included) holds at least
``actions`` actions. The first ten requests (templates compiled, catalogs read) are left out; each
later request is timed on its own, in a single thread, by the wall clock and by the process's CPU
time (which other programs on a busy machine do not inflate). The last line is fixed so runs can
be compared:
``guided request: N actions (M learner moves); p50 X ms; min Y ms; cpu p50 C ms; with a hint p50 Z ms``
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
    """The shortest prefix of the first-choice line whose round holds ``actions`` actions or more."""
    hand = hand_by_id(hand_id)
    moves: list[str] = []
    while True:
        game = replay(hand.deal, moves, hand.opponents())
        if len(game.actions) >= actions or game.is_over:
            return moves, len(game.actions)
        moves.append(str(game.position.legal_actions()[0]))


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
    plain, plain_cpu = timed(client, url, requests)
    hinted, _ = timed(client, url + "&hint=3", requests)
    print(url)
    print(f"guided request: {total} actions ({len(moves)} learner moves); "
          f"p50 {statistics.median(plain) * 1000:.1f} ms; min {min(plain) * 1000:.1f} ms; "
          f"cpu p50 {statistics.median(plain_cpu) * 1000:.1f} ms; "
          f"with a hint p50 {statistics.median(hinted) * 1000:.1f} ms")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "three-players", int(args[1]) if len(args) > 1 else 30,
         int(args[2]) if len(args) > 2 else 30)
