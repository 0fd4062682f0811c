"""Where class mode keeps its state: the app's one piece of server state (``tutor.web.classroom``).

A class is a running presentation that students follow on their phones: the slide on the screen,
who joined, and each answer. Everything a class holds is forgotten :data:`LIFETIME` after it
started (a day), and the students and answers as soon as the teacher ends it.

Two stores, one interface (:class:`ClassStore`), named by one setting (``TUTOR_CLASS_STORE``, or
``CLASS_STORE`` in the app's config), read by :func:`open_store`:

- empty (the default): SQLite in the app's instance folder, ``instance/classes.sqlite3``, made by
  the app (WAL journal, so that any number of gunicorn workers of one machine share it);
- ``sqlite:///<path>``: SQLite in another file;
- ``redis://host:port/db`` (or ``rediss://``, ``unix://``): a Redis server, shared by every machine
  of a site (the ``redis`` client; every key under ``tutor:``, each with its expiry).

What is stored, and nothing else: a class's code, a hash of its teacher's token, the slide on the
screen (deck, section, number, whether the answer is shown) and which questions have been
answered on the screen; for each student a hash of their token, a random id, their join number and
the nickname they typed, if any; for each answer the student's id, the answer and whether the rules
take it as right. Rate limits keep counters under a keyed hash of the client's address, for a few
minutes. No address, no name beyond the nickname, no browser detail.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from pathlib import Path

from tutor.paths import make_owner_only_file, make_owner_only_folder

#: How long a class is kept after it started, in seconds: a day.
LIFETIME = 24 * 3600


@dataclass(frozen=True)
class ClassState:
    """A class as the store keeps it."""

    code: str
    teacher: str  # the SHA-256 of the teacher's token (hex)
    created: float  # seconds since the epoch
    deck: str  # the presenter deck the class follows (a present.Game's endpoint)
    section: str
    slide: int  # from 1
    shown: bool = False  # the answer is on the screen now
    revealed: tuple[str, ...] = ()  # the questions whose answer has been on the screen
    ended: bool = False
    version: int = 0  # grows at every change the phones must follow

    @property
    def expires(self) -> float:
        return self.created + LIFETIME

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> "ClassState":
        data = json.loads(text)
        data["revealed"] = tuple(data.get("revealed", ()))
        return cls(**data)


@dataclass(frozen=True)
class Student:
    id: str  # random, shown to nobody: the key of the student's answers
    number: int  # join order, from 1: "Student 3" when there is no nickname
    nickname: str = ""


@dataclass(frozen=True)
class Answer:
    student: str
    value: str  # as the game's engine wrote it back (15.0 is 15)
    correct: bool


class ClassStore(ABC):
    """The operations class mode needs; each is one short exchange with the store."""

    @abstractmethod
    def add(self, state: ClassState) -> bool:
        """Keep a new class; False when its code is taken (the caller draws another)."""

    @abstractmethod
    def get(self, code: str) -> ClassState | None:
        """The class, or None when there is none (never made, or forgotten)."""

    @abstractmethod
    def put(self, state: ClassState) -> None:
        """Replace a class's state (its expiry stays)."""

    @abstractmethod
    def end(self, state: ClassState) -> None:
        """Mark the class ended and forget its students and answers."""

    @abstractmethod
    def join(self, state: ClassState, token: str, student_id: str, nickname: str, limit: int) -> Student | None:
        """Add a student under the hash of their token; None when the class has ``limit`` students."""

    @abstractmethod
    def student(self, code: str, token: str) -> Student | None:
        """The student whose token hashes to ``token``."""

    @abstractmethod
    def students(self, code: str) -> list[Student]:
        """Every student of the class, in join order."""

    @abstractmethod
    def answer(self, state: ClassState, question: str, answer: Answer) -> bool:
        """Keep a student's answer to a question; False when they had answered it already."""

    @abstractmethod
    def answers(self, code: str, question: str) -> list[Answer]:
        """Every answer to a question."""

    @abstractmethod
    def hit(self, key: str, window: int) -> int:
        """Count one more request under ``key`` in the current window of ``window`` seconds, and
        return the count so far (a fixed-window rate limit)."""

    @abstractmethod
    def hits(self, key: str, window: int) -> int:
        """The count under ``key`` in the current window, without counting."""

    @abstractmethod
    def size(self) -> int:
        """The bytes the store holds for class mode (a file's size, or Redis's memory for its keys)."""

    @abstractmethod
    def close(self) -> None:
        ...


def window_of(window: int, now: float | None = None) -> tuple[int, float]:
    """The current window's number and the time it ends."""
    number = int((time.time() if now is None else now) // window)
    return number, (number + 1) * window


# ----- SQLite ------------------------------------------------------------------------------------
_SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, state TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS students (code TEXT NOT NULL, token TEXT NOT NULL, id TEXT NOT NULL,
    number INTEGER NOT NULL, nickname TEXT NOT NULL, expires REAL NOT NULL, PRIMARY KEY (code, token));
CREATE TABLE IF NOT EXISTS answers (code TEXT NOT NULL, question TEXT NOT NULL, student TEXT NOT NULL,
    answer TEXT NOT NULL, correct INTEGER NOT NULL, expires REAL NOT NULL, PRIMARY KEY (code, question, student));
CREATE TABLE IF NOT EXISTS rates (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires REAL NOT NULL);
CREATE INDEX IF NOT EXISTS classes_expire ON classes (expires);
CREATE INDEX IF NOT EXISTS students_expire ON students (expires);
CREATE INDEX IF NOT EXISTS answers_expire ON answers (expires);
CREATE INDEX IF NOT EXISTS rates_expire ON rates (expires);
"""


class SQLiteStore(ClassStore):
    """One SQLite file, shared by the processes of one machine (WAL: readers never wait for the
    writer). A connection per thread and process: gunicorn forks its workers, and a connection must
    not cross a fork."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        # owner-only, as the key beside it: the classes' nicknames and answers are nobody else's
        make_owner_only_folder(self.path.parent)
        make_owner_only_file(self.path)
        self._local = threading.local()
        with self._connection() as db:
            db.executescript(_SCHEMA)

    def _connection(self) -> sqlite3.Connection:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():
            # autocommit (isolation_level None): each statement is its own transaction, but for the
            # BEGIN IMMEDIATE blocks below
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL's own safe setting: a power cut loses at most the last commits
            db.execute("PRAGMA busy_timeout=10000")
            db.execute("PRAGMA journal_size_limit=1048576")  # the WAL file back to 1 MiB after each checkpoint
            local.db, local.pid = db, os.getpid()
        return local.db

    def _forget_expired(self, db: sqlite3.Connection, now: float) -> None:
        for table in ("classes", "students", "answers", "rates"):
            db.execute(f"DELETE FROM {table} WHERE expires < ?", (now,))  # noqa: S608 (the table names are ours)

    def add(self, state: ClassState) -> bool:
        db = self._connection()
        self._forget_expired(db, time.time())  # a new class is a good moment to sweep the old ones
        cursor = db.execute("INSERT OR IGNORE INTO classes (code, state, expires) VALUES (?, ?, ?)",
                            (state.code, state.to_json(), state.expires))
        return cursor.rowcount == 1

    def get(self, code: str) -> ClassState | None:
        row = self._connection().execute("SELECT state FROM classes WHERE code = ? AND expires >= ?",
                                         (code, time.time())).fetchone()
        return ClassState.from_json(row[0]) if row else None

    def put(self, state: ClassState) -> None:
        self._connection().execute("UPDATE classes SET state = ? WHERE code = ?", (state.to_json(), state.code))

    def end(self, state: ClassState) -> None:
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("UPDATE classes SET state = ? WHERE code = ?", (state.to_json(), state.code))
            db.execute("DELETE FROM students WHERE code = ?", (state.code,))
            db.execute("DELETE FROM answers WHERE code = ?", (state.code,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def join(self, state: ClassState, token: str, student_id: str, nickname: str, limit: int) -> Student | None:
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")  # the count and the insert together: two joins never share a number
        try:
            (count,) = db.execute("SELECT COUNT(*) FROM students WHERE code = ?", (state.code,)).fetchone()
            if count >= limit:
                db.execute("ROLLBACK")
                return None
            db.execute("INSERT INTO students (code, token, id, number, nickname, expires) VALUES (?, ?, ?, ?, ?, ?)",
                       (state.code, token, student_id, count + 1, nickname, state.expires))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return Student(student_id, count + 1, nickname)

    def student(self, code: str, token: str) -> Student | None:
        row = self._connection().execute("SELECT id, number, nickname FROM students WHERE code = ? AND token = ?",
                                         (code, token)).fetchone()
        return Student(*row) if row else None

    def students(self, code: str) -> list[Student]:
        rows = self._connection().execute("SELECT id, number, nickname FROM students WHERE code = ? ORDER BY number",
                                          (code,)).fetchall()
        return [Student(*row) for row in rows]

    def answer(self, state: ClassState, question: str, answer: Answer) -> bool:
        cursor = self._connection().execute(
            "INSERT OR IGNORE INTO answers (code, question, student, answer, correct, expires) VALUES (?, ?, ?, ?, ?, ?)",
            (state.code, question, answer.student, answer.value, int(answer.correct), state.expires))
        return cursor.rowcount == 1

    def answers(self, code: str, question: str) -> list[Answer]:
        rows = self._connection().execute("SELECT student, answer, correct FROM answers WHERE code = ? AND question = ?",
                                          (code, question)).fetchall()
        return [Answer(student, value, bool(correct)) for student, value, correct in rows]

    def hit(self, key: str, window: int) -> int:
        number, ends = window_of(window)
        db = self._connection()
        if number % 16 == 0:  # now and then, not at every request
            db.execute("DELETE FROM rates WHERE expires < ?", (time.time(),))
        (count,) = db.execute("INSERT INTO rates (key, count, expires) VALUES (?, 1, ?) "
                              "ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count",
                              (f"{key}:{number}", ends)).fetchone()
        return count

    def hits(self, key: str, window: int) -> int:
        number, _ends = window_of(window)
        row = self._connection().execute("SELECT count FROM rates WHERE key = ?", (f"{key}:{number}",)).fetchone()
        return row[0] if row else 0

    def size(self) -> int:
        """The pages in use (the WAL's included, less the free ones): the data's size, not the
        file's, which keeps its largest size."""
        db = self._connection()
        (pages,), (free,), (page_size,) = (db.execute(f"PRAGMA {name}").fetchone()
                                           for name in ("page_count", "freelist_count", "page_size"))
        return (pages - free) * page_size

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None and self._local.pid == os.getpid():
            db.close()
        self._local = threading.local()


# ----- Redis -------------------------------------------------------------------------------------
class RedisStore(ClassStore):
    """A Redis server: ``tutor:class:<code>`` (the state, JSON), ``...:students`` (a hash by token
    hash), ``...:answers:<question>`` (a hash by student id, written with HSETNX so that a second
    answer is refused), ``...:questions`` (the answered questions, to forget them at the end),
    ``tutor:rate:<key>:<window>`` (counters). Every key expires with its class (EXPIREAT)."""

    PREFIX = "tutor:"

    def __init__(self, url: str) -> None:
        import redis  # only when a Redis store is named

        self.url = url
        self.client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)

    def _key(self, code: str, *parts: str) -> str:
        return ":".join((self.PREFIX + "class", code) + parts)

    def add(self, state: ClassState) -> bool:
        return bool(self.client.set(self._key(state.code), state.to_json(), nx=True, exat=int(state.expires) + 1))

    def get(self, code: str) -> ClassState | None:
        text = self.client.get(self._key(code))
        return ClassState.from_json(text) if text else None

    def put(self, state: ClassState) -> None:
        self.client.set(self._key(state.code), state.to_json(), xx=True, keepttl=True)

    def end(self, state: ClassState) -> None:
        code = state.code
        questions = [q.decode("utf-8") for q in self.client.smembers(self._key(code, "questions"))]
        pipe = self.client.pipeline()
        pipe.set(self._key(code), state.to_json(), xx=True, keepttl=True)
        pipe.delete(self._key(code, "students"), self._key(code, "questions"),
                    *(self._key(code, "answers", q) for q in questions))
        pipe.execute()

    def join(self, state: ClassState, token: str, student_id: str, nickname: str, limit: int) -> Student | None:
        students = self._key(state.code, "students")
        # HLEN then HSET: two joins at the same instant may both pass the limit, which stays a
        # bound on a class's size all the same (the rate limits bound the joins)
        count = self.client.hlen(students)
        if count >= limit:
            return None
        number = count + 1
        student = Student(student_id, number, nickname)
        pipe = self.client.pipeline()
        pipe.hsetnx(students, token, json.dumps(asdict(student), separators=(",", ":")))
        pipe.expireat(students, int(state.expires) + 1)
        added, _ = pipe.execute()
        return student if added else self.student(state.code, token)

    def student(self, code: str, token: str) -> Student | None:
        text = self.client.hget(self._key(code, "students"), token)
        return Student(**json.loads(text)) if text else None

    def students(self, code: str) -> list[Student]:
        found = [Student(**json.loads(text)) for text in self.client.hvals(self._key(code, "students"))]
        return sorted(found, key=lambda s: s.number)

    def answer(self, state: ClassState, question: str, answer: Answer) -> bool:
        key = self._key(state.code, "answers", question)
        expires = int(state.expires) + 1
        pipe = self.client.pipeline()
        pipe.hsetnx(key, answer.student, json.dumps([answer.value, answer.correct]))
        pipe.expireat(key, expires)
        pipe.sadd(self._key(state.code, "questions"), question)
        pipe.expireat(self._key(state.code, "questions"), expires)
        added, *_ = pipe.execute()
        return bool(added)

    def answers(self, code: str, question: str) -> list[Answer]:
        found = self.client.hgetall(self._key(code, "answers", question))
        return [Answer(student.decode("utf-8"), *json.loads(text)) for student, text in found.items()]

    def hit(self, key: str, window: int) -> int:
        number, ends = window_of(window)
        name = f"{self.PREFIX}rate:{key}:{number}"
        pipe = self.client.pipeline()
        pipe.incr(name)
        pipe.expireat(name, int(ends) + 1)
        count, _ = pipe.execute()
        return int(count)

    def hits(self, key: str, window: int) -> int:
        number, _ends = window_of(window)
        return int(self.client.get(f"{self.PREFIX}rate:{key}:{number}") or 0)

    def size(self) -> int:
        total = 0
        for key in self.client.scan_iter(match=self.PREFIX + "*", count=500):
            total += self.client.memory_usage(key) or 0
        return total

    def close(self) -> None:
        self.client.close()


def open_store(setting: str, instance: Path | str) -> ClassStore:
    """The store a setting names (see the module's docstring); ``instance``: the app's instance folder."""
    setting = (setting or "").strip()
    if not setting:
        return SQLiteStore(Path(instance) / "classes.sqlite3")
    if setting.startswith("sqlite:///"):
        return SQLiteStore(Path(setting[len("sqlite:///"):]))
    if setting.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(setting)
    raise ValueError(f"TUTOR_CLASS_STORE: {setting!r} names no store (sqlite:///<path> or redis://host:port/db)")


__all__ = ["Answer", "ClassState", "ClassStore", "LIFETIME", "RedisStore", "SQLiteStore", "Student", "open_store"]
