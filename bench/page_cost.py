"""What a page that is the same for every learner costs the server, in-process (run by hand, never a test).

Through the Flask test client, no network: a lesson step with a picture, a lesson step with a
question, and the two diagram galleries, each asked for ``--times`` times in one process (the
first request of each is reported apart: it renders what a later one may take from the process's
cache). Wall time and this process's CPU time (steadier on a shared machine). Run it from the root
of the checkout to measure (it imports the ``tutor`` found there, so an older tree can be measured
with the same script)::

    .venv/bin/python bench/page_cost.py                     # this tree
    cd ../other-tree && ../wt30/.venv/bin/python ../wt30/bench/page_cost.py

The last lines are fixed so runs compare:
``<page>: first X ms; median Y ms; p95 Z ms; cpu median W ms``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

PAGES = {
    "domino lesson step (diagram)": "/vi/domino/lessons/tiles/double-six-set",
    "domino lesson step (question)": "/id/domino/lessons/all-fives/count-the-ends",
    "backgammon lesson step (diagram)": "/vi/backgammon/lessons/board/start",
    "domino diagram gallery": "/vi/domino/diagrams/",
    "backgammon diagram gallery": "/vi/backgammon/diagrams/",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--times", type=int, default=200)
    args = parser.parse_args()
    sys.path.insert(0, os.getcwd())
    os.environ.setdefault("TUTOR_CATALOG_RELOAD", "0")
    from tutor import create_app

    app = create_app()
    client = app.test_client()
    for name, path in PAGES.items():
        wall, cpu = [], []
        for _ in range(args.times):
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            response = client.get(path)
            wall.append((time.perf_counter() - start_wall) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{path}: {response.status_code}")
        later = sorted(wall[1:])
        print(f"{name}: first {wall[0]:.1f} ms; median {statistics.median(later):.2f} ms; "
              f"p95 {later[int(0.95 * (len(later) - 1))]:.2f} ms; cpu median {statistics.median(cpu[1:]):.2f} ms"
              f"  ({path}, {len(response.data)} bytes)")


if __name__ == "__main__":
    main()
