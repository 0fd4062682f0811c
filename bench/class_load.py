"""What a class costs (class mode, tutor/web/classroom.py): a teacher and N students (40) through a
section of the presenter, against a running server; run by hand, never a test.

    make serve                                   # gunicorn, 4 workers, http://127.0.0.1:8000
    .venv/bin/python bench/class_load.py         # in another terminal
    .venv/bin/python bench/class_load.py --students 40 --lesson domino_present/dealing --store instance/classes.sqlite3
    TUTOR_CLASS_STORE=redis://127.0.0.1:6379/0 make serve   # and then --store redis://127.0.0.1:6379/0

Each simulated student is a phone as ``classroom.js`` makes it: it joins (in vi, id or en), asks
``/<lang>/class/<code>/now`` every second, loads its page when the class has moved, and answers
each question after a pause of 1 to 10 seconds (a choice at random, or a number). The teacher is
the presenter's deck: it walks every slide of the section (4 s on a slide, 12 s on a question
before it shows the answer, then 4 s more), posting each move, and asks ``tally.json`` every
second, as the deck does. At the end the tally must be the answers the students sent.

Printed: requests, failures (any unexpected status, a timeout, a tally that is not the answers
sent), p50 / p95 / max per kind of request, how long the phones took to follow each move (from
the teacher's move to the phone's new page), and the store's size before the class, after it and
after its end (``--store``: the SQLite file or the Redis URL the server uses).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import random
import re
import statistics
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LANGS = ("vi", "id", "en")
POLL_S = 1.0
SLIDE_S = 4.0
QUESTION_S = 12.0  # the students answer within 10 s of the question


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.failures: list[str] = []
        self.follow: list[float] = []

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.times[kind].append(seconds)

    def fail(self, text: str) -> None:
        with self.lock:
            self.failures.append(text)


class Client:
    """A browser: its own cookies; the status of each request, redirects followed."""

    def __init__(self, base: str, recorder: Recorder) -> None:
        self.base = base
        self.recorder = recorder
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def open(self, kind: str, path: str, data: dict | None = None, expect: int = 200) -> str | None:
        body = urllib.parse.urlencode(data).encode("ascii") if data is not None else None
        start = time.perf_counter()
        try:
            with self.opener.open(self.base + path, data=body, timeout=30) as response:
                status, text = response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode("utf-8", "replace")
        except OSError as error:
            self.recorder.add(kind, time.perf_counter() - start)
            self.recorder.fail(f"{kind} {path}: {error}")
            return None
        self.recorder.add(kind, time.perf_counter() - start)
        if status != expect:
            self.recorder.fail(f"{kind} {path}: {status}")
            return None
        return text


class Class:
    """What the teacher did, for the students' follow times and the final check."""

    def __init__(self) -> None:
        self.moved_at: dict[int, float] = {}  # version -> when the teacher's move returned
        self.ended = threading.Event()
        self.sent: dict[str, Counter] = defaultdict(Counter)  # question key -> answers sent (by value)
        self.lock = threading.Lock()


def student(number: int, base: str, code: str, lesson: Class, recorder: Recorder) -> None:
    lang = LANGS[number % len(LANGS)]
    phone = Client(base, recorder)
    page = phone.open("join", f"/{lang}/class/{code}/join", {"nickname": f"student {number}"})
    if page is None:
        return
    version = int(re.search(r'data-version="(\d+)"', page).group(1))
    answer_at: float | None = None
    pending = None
    while not lesson.ended.is_set():
        time.sleep(POLL_S)
        now = phone.open("now", f"/{lang}/class/{code}/now")
        if now is None:
            continue
        state = json.loads(now)
        if state["ended"]:
            return
        if state["version"] != version:
            page = phone.open("page", f"/{lang}/class/{code}")
            if page is None:
                continue
            version = state["version"]
            moved = lesson.moved_at.get(version)
            if moved is not None:
                with recorder.lock:
                    recorder.follow.append(time.time() - moved)
            form = re.search(r'name="question" value="([^"]+)"', page)
            if form:
                choices = [unescape(v) for v in re.findall(r'name="answer" value="([^"]+)"', page)]
                value = random.choice(choices) if choices else str(random.randint(0, 30))
                pending = (unescape(form.group(1)), value)
                answer_at = time.time() + random.uniform(1, 10)
            else:
                pending = answer_at = None
        if pending and answer_at is not None and time.time() >= answer_at:
            key, value = pending
            if phone.open("answer", f"/{lang}/class/{code}/answer", {"question": key, "answer": value}) is not None:
                with lesson.lock:
                    lesson.sent[key][value] += 1
            pending = answer_at = None


def teacher(base: str, deck: str, section_id: str, code: str, teacher_client: Client, lesson: Class,
            recorder: Recorder, slides: list, checks: list) -> None:
    tally_stop = threading.Event()

    def watch() -> None:  # the deck's classroom.js
        while not tally_stop.is_set():
            teacher_client.open("tally", f"/en/class/{code}/tally.json")
            time.sleep(POLL_S)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    version = 0

    def move(number: int, shown: bool) -> None:
        nonlocal version
        teacher_client.open("lead", f"/en/class/{code}/teacher",
                            {"lesson": f"{deck}/{section_id}", "slide": str(number), "shown": "1" if shown else "0", "js": "1"},
                            expect=204)
        version += 1
        lesson.moved_at[version] = time.time()

    for slide in slides:
        if slide.number > 1:
            move(slide.number, False)
        if slide.question:
            time.sleep(QUESTION_S)
            move(slide.number, True)
            tally = json.loads(teacher_client.open("tally", f"/en/class/{code}/tally.json") or "{}")
            checks.append((f"{deck}/{section_id}/{slide.number}", tally))
        time.sleep(SLIDE_S)
    tally_stop.set()
    watcher.join()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))] if ordered else 0.0


def store_size(setting: str) -> int:
    from tutor.web.class_store import open_store

    store = open_store(setting, ROOT / "instance")
    try:
        return store.size()
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="http://127.0.0.1:8000")
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--lesson", default="domino_present/dealing", help="<deck>/<section>")
    parser.add_argument("--store", default="", help="the server's TUTOR_CLASS_STORE (default: instance/classes.sqlite3)")
    parser.add_argument("--seed", type=int, default=33)
    args = parser.parse_args()
    random.seed(args.seed)
    from tutor.course import load_course
    from tutor.games.backgammon import course as backgammon_course
    from tutor.web.present import slides_of

    deck, section_id = args.lesson.split("/")
    sections = load_course() if deck == "domino_present" else backgammon_course.load_course()
    section = next(s for s in sections if s.id == section_id)
    slides = slides_of(section)

    recorder = Recorder()
    size_before = store_size(args.store)
    teacher_client = Client(args.host, recorder)
    started = time.time()
    deck_page = teacher_client.open("start", "/en/class/", {"lesson": args.lesson})
    if deck_page is None:
        sys.exit(f"could not start a class: {recorder.failures}")
    code = re.search(r'data-code="([A-Z0-9]+)"', deck_page).group(1)
    lesson = Class()
    threads = [threading.Thread(target=student, args=(i, args.host, code, lesson, recorder), daemon=True)
               for i in range(args.students)]
    for thread in threads:
        thread.start()
        time.sleep(0.05)  # a class comes in over a few seconds
    time.sleep(3)
    checks: list = []
    teacher(args.host, deck, section_id, code, teacher_client, lesson, recorder, slides, checks)
    for key, tally in checks:
        given = lesson.sent[key]
        if tally.get("answered") != sum(given.values()):
            recorder.fail(f"tally of {key}: {tally.get('answered')} answered, {sum(given.values())} sent")
        elif sum(row["count"] for row in tally.get("rows", [])) != sum(given.values()):
            recorder.fail(f"tally of {key}: rows {tally.get('rows')} for {dict(given)}")
    size_class = store_size(args.store)
    teacher_client.open("lead", f"/en/class/{code}/teacher", {"go": "end"})  # the teacher's page after the end
    lesson.ended.set()
    for thread in threads:
        thread.join(timeout=5)
    size_end = store_size(args.store)
    seconds = time.time() - started

    every = [t for times in recorder.times.values() for t in times]
    print(f"class {code}: {args.students} students, {len(slides)} slides ({sum(s.question for s in slides)} questions), "
          f"{seconds:.0f} s, against {args.host}")
    print(f"{'request':<8} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for kind in ("join", "now", "page", "answer", "tally", "lead", "start"):
        times = recorder.times.get(kind, [])
        if times:
            print(f"{kind:<8} {len(times):>6} {1000 * statistics.median(times):>8.1f} {1000 * percentile(times, .95):>8.1f} "
                  f"{1000 * max(times):>8.1f}")
    print(f"{'all':<8} {len(every):>6} {1000 * statistics.median(every):>8.1f} {1000 * percentile(every, .95):>8.1f} "
          f"{1000 * max(every):>8.1f}   ({len(every) / seconds:.1f} requests/s)")
    follow = recorder.follow
    if follow:
        print(f"following the teacher: {len(follow)} page loads, p50 {statistics.median(follow):.2f} s, "
              f"p95 {percentile(follow, .95):.2f} s, max {max(follow):.2f} s")
    answers = sum(sum(c.values()) for c in lesson.sent.values())
    print(f"answers sent {answers}; tallies checked {len(checks)}")
    print(f"store: {size_before:,} bytes before, {size_class:,} after the class, {size_end:,} after its end "
          f"({args.store or 'instance/classes.sqlite3'})")
    print(f"failures: {len(recorder.failures)}")
    for failure in recorder.failures[:10]:
        print("  " + failure)
    sys.exit(1 if recorder.failures else 0)


if __name__ == "__main__":
    main()
