"""Class mode's store (tutor/web/class_store.py), the same tests on SQLite and on a real Redis
server: what a class keeps, that an answer counts once, that a class is forgotten after a day and
its students and answers at its end, the rate limits' counters."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import pytest

from class_stores import redis_url, store_setting  # noqa: F401 (fixtures)
from tutor.web.class_store import LIFETIME, Answer, ClassState, RedisStore, SQLiteStore, open_store


@pytest.fixture()
def store(store_setting, tmp_path):
    opened = open_store(store_setting, tmp_path)
    yield opened
    opened.close()


def a_class(code: str = "K7M3QP", created: float | None = None) -> ClassState:
    return ClassState(code=code, teacher="ab" * 32, created=time.time() if created is None else created,
                      deck="domino_present", section="dealing", slide=1)


def test_the_setting_names_the_store(tmp_path, redis_url):
    default = open_store("", tmp_path)
    assert isinstance(default, SQLiteStore) and default.path == tmp_path / "classes.sqlite3"
    assert default.path.exists(), "the app makes its SQLite file itself: no set-up"
    other = open_store(f"sqlite:///{tmp_path}/elsewhere/c.db", tmp_path)
    assert isinstance(other, SQLiteStore) and other.path == tmp_path / "elsewhere" / "c.db"
    shared = open_store(redis_url, tmp_path)
    assert isinstance(shared, RedisStore) and shared.client.ping()
    with pytest.raises(ValueError):
        open_store("postgres://nowhere", tmp_path)
    for opened in (default, other, shared):
        opened.close()


def test_a_class_is_kept_and_changed(store):
    state = a_class()
    assert store.get(state.code) is None
    assert store.add(state)
    assert store.get(state.code) == state
    assert not store.add(replace(state, teacher="cd" * 32)), "a taken code is refused"
    assert store.get(state.code).teacher == state.teacher
    moved = replace(state, slide=3, shown=True, revealed=("domino_present/dealing/3",), version=4)
    store.put(moved)
    assert store.get(state.code) == moved


def test_students_join_in_order_up_to_the_limit(store):
    state = a_class()
    store.add(state)
    first = store.join(state, "t1", "s1", "Lan", limit=2)
    second = store.join(state, "t2", "s2", "", limit=2)
    assert (first.number, second.number) == (1, 2)
    assert store.join(state, "t3", "s3", "Budi", limit=2) is None, "the class is full"
    assert store.student(state.code, "t1") == first
    assert store.student(state.code, "t3") is None
    assert store.student("OTHER2", "t1") is None, "a token belongs to its class"
    assert [s.id for s in store.students(state.code)] == ["s1", "s2"]


def test_joins_at_the_same_moment_get_different_numbers(store):
    state = a_class()
    store.add(state)
    numbers = []

    def join(i: int) -> None:
        numbers.append(store.join(state, f"t{i}", f"s{i}", "", limit=200).number)

    threads = [threading.Thread(target=join, args=(i,)) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(store.students(state.code)) == 20
    if isinstance(store, SQLiteStore):  # one transaction counts and inserts: numbers are never shared
        assert sorted(numbers) == list(range(1, 21))


def test_an_answer_counts_once(store):
    state = a_class()
    store.add(state)
    question = "domino_present/dealing/3"
    assert store.answer(state, question, Answer("s1", "open", True))
    assert not store.answer(state, question, Answer("s1", "draw", False)), "a second answer is refused"
    assert store.answer(state, question, Answer("s2", "draw", False))
    assert store.answer(state, "domino_present/dealing/5", Answer("s1", "6-6", True)), "another question"
    found = sorted(store.answers(state.code, question), key=lambda a: a.student)
    assert found == [Answer("s1", "open", True), Answer("s2", "draw", False)]


def test_the_end_forgets_students_and_answers(store):
    state = a_class()
    store.add(state)
    store.join(state, "t1", "s1", "Lan", limit=10)
    store.answer(state, "q", Answer("s1", "open", True))
    store.end(replace(state, ended=True, version=1))
    assert store.get(state.code).ended
    assert store.students(state.code) == [] and store.student(state.code, "t1") is None
    assert store.answers(state.code, "q") == []


def test_a_class_is_forgotten_after_a_day(store):
    old = a_class("OLD234", created=time.time() - LIFETIME - 5)
    store.add(old)
    store.join(old, "t1", "s1", "Lan", limit=10)
    assert store.get(old.code) is None
    fresh = a_class("NEW234", created=time.time() - LIFETIME + 60)
    assert store.add(fresh) and store.get(fresh.code) == fresh, "kept until its day is over"
    if isinstance(store, SQLiteStore):  # a new class sweeps the old rows away
        rows = store._connection().execute("SELECT COUNT(*) FROM students WHERE code = ?", (old.code,)).fetchone()
        assert rows == (0,)
    else:  # every key of a class expires with it
        ttls = [store.client.ttl(key) for key in store.client.scan_iter(match="tutor:class:NEW234*")]
        assert ttls and all(0 < ttl <= 61 for ttl in ttls), ttls


def test_rate_counters_count_in_windows(store):
    assert store.hits("join:abc", 60) == 0
    assert [store.hit("join:abc", 60) for _ in range(3)] == [1, 2, 3]
    assert store.hits("join:abc", 60) == 3
    assert store.hit("join:other", 60) == 1, "each key counts for itself"


def test_the_store_reports_its_size(store):
    empty = store.size()
    state = a_class()
    store.add(state)
    for i in range(200):  # tokens and ids as the app makes them: a SHA-256 in hex, 16 hex digits
        store.join(state, f"{i:064x}", f"{i:016x}", f"student {i}", limit=200)
        store.answer(state, "domino_present/dealing/3", Answer(f"{i:016x}", "open", True))
    full = store.size()
    assert full > empty
    store.end(replace(state, ended=True))
    assert store.size() < full, "the end frees what the students and answers took"
