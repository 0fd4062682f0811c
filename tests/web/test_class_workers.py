"""A class driven through two gunicorn workers sharing one store (SQLite in a file, or a real
Redis server): whichever worker answers, the phones follow the teacher, every answer counts once
and the tally is the answers given. The workers' access log names the process of each request, so
the test knows both served the class."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from html import unescape

import pytest

from class_stores import free_port, redis_url, store_setting  # noqa: F401 (fixtures)
from conftest import ROOT
from tutor.course import load_course
from tutor.web.present import slides_of

STUDENTS = 8


@pytest.fixture()
def two_workers(app, store_setting, tmp_path):  # `app`: the catalogs are compiled
    port = free_port()
    log = tmp_path / "access.log"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", "2", "--bind", f"127.0.0.1:{port}", "--no-control-socket",
         "--access-logfile", str(log), "--access-logformat", "%(p)s %(m)s %(U)s %(s)s", "tutor:create_app()"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TUTOR_SECRET_KEY": "shared by both workers, 32 bytes or more",
             "TUTOR_CLASS_STORE": store_setting})
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(url + "/en/", timeout=2)
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail("gunicorn stopped at once")
                time.sleep(0.1)
        else:
            pytest.fail(f"gunicorn did not start at {url}")
        yield url, log
    finally:
        server.terminate()
        server.wait(timeout=20)


class Browser:
    """A phone or the teacher's browser: its own cookies, no JavaScript."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open(self, path: str, data: dict | None = None) -> tuple[int, str, str]:
        body = urllib.parse.urlencode(data).encode("ascii") if data is not None else None
        try:
            with self.opener.open(self.base + path, data=body, timeout=20) as response:
                return response.status, response.geturl(), response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            return error.code, error.geturl(), error.read().decode("utf-8")


def in_parallel(work, items) -> list:
    results = [None] * len(items)

    def run(i):
        results[i] = work(items[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(items))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_a_class_through_two_workers(two_workers):
    base, log = two_workers
    section = next(s for s in load_course() if s.id == "dealing")
    question = next(slide for slide in slides_of(section) if slide.question)
    lesson = f"domino_present/{section.id}"
    teacher = Browser(base)
    status, deck, html = teacher.open("/en/class/", {"lesson": lesson})
    assert status == 200 and "class-panel" in html
    code = re.search(r"class=([A-Z0-9]+)", deck).group(1)
    phones = [Browser(base) for _ in range(STUDENTS)]
    langs = ["vi", "id", "en"] * STUDENTS

    def join(i):
        return phones[i].open(f"/{langs[i]}/class/{code}/join", {"nickname": f"s{i}"})[0]

    assert in_parallel(join, list(range(STUDENTS))) == [200] * STUDENTS
    status, _url, _html = teacher.open(f"/en/class/{code}/teacher", {"lesson": lesson, "slide": str(question.number), "js": "1"})
    assert status == 204

    def question_page(i):
        status, _url, html = phones[i].open(f"/{langs[i]}/class/{code}")
        values = [unescape(v) for v in re.findall(r'name="answer" value="([^"]+)"', html)]
        key = unescape(re.search(r'name="question" value="([^"]+)"', html).group(1))
        return status, values, key

    pages = in_parallel(question_page, list(range(STUDENTS)))
    assert {status for status, _values, _key in pages} == {200}
    values = pages[0][1]
    assert all(p[1] == values for p in pages), "every worker shows the same question"
    picks = [values[i % len(values)] for i in range(STUDENTS)]

    def send(i):
        first = phones[i].open(f"/{langs[i]}/class/{code}/answer", {"question": pages[i][2], "answer": picks[i]})[0]
        second = phones[i].open(f"/{langs[i]}/class/{code}/answer", {"question": pages[i][2], "answer": values[0]})[0]
        return first, second

    assert in_parallel(send, list(range(STUDENTS))) == [(200, 409)] * STUDENTS, "one answer each, whichever worker"
    status, _url, _html = teacher.open(f"/en/class/{code}/teacher", {"lesson": lesson, "slide": str(question.number),
                                                                      "shown": "1", "js": "1"})
    assert status == 204

    def tally(_):
        return json.loads(teacher.open(f"/en/class/{code}/tally.json")[2])

    for shown in in_parallel(tally, list(range(6))):  # asked of both workers
        assert shown["answered"] == STUDENTS and shown["joined"] == STUDENTS and shown["revealed"]
        assert sum(row["count"] for row in shown["rows"]) == STUDENTS
        assert [row["count"] for row in shown["rows"]] == [picks.count(v) for v in values]
    # both workers served the class (the access log's first field is the worker's process id)
    time.sleep(0.5)
    served = [line.split() for line in log.read_text().splitlines() if f"/class/{code}" in line]
    assert len({fields[0] for fields in served}) == 2, "both workers served the class"
