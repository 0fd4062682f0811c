"""A Babel extractor for the lesson files (``lessons/**.toml``).

Every string, or list of strings, under a key named ``caption``, ``title``, ``text``,
``question``, ``intro``, ``hint``, ``notes``, ``summary`` or ``explain`` is a msgid, at any depth
(tables, arrays of tables, inline tables). Each message gets an automatic translator comment
naming where it comes from, such as ``lessons/diagrams.toml: D3 caption`` or
``lessons/02-tiles.toml: steps[3] (reading-your-hand) text[1]``, plus any TOML comment starting
with a comment tag (``# TRANSLATORS: ...``) on the lines just above the key.

Registered in ``babel.cfg``::

    [extractors]
    lessons_toml = tutor.extract:extract_lessons_toml

    [lessons_toml: lessons/**.toml]

The values come from :mod:`tomllib`; a small scanner of the same text finds the line of each
string, since tomllib does not report positions.

>>> import io
>>> source = b'[D3]\\ncaption = "Two ends."\\n[D3.claims]\\nends = [5, 6]\\n'
>>> list(extract_lessons_toml(io.BytesIO(source), [], [], {}))
[(2, None, 'Two ends.', ['D3 caption'])]
"""

from __future__ import annotations

import os
import tomllib
from typing import Any, Collection, Iterator, Mapping

#: Keys whose strings are learner-facing text.
KEYS = frozenset({"caption", "title", "text", "question", "intro", "hint", "notes", "summary", "explain", "goal"})

Path = tuple[str | int, ...]
_BARE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class _Scanner:
    """Walks TOML text (already known to be valid) and notes the line of every string value and
    the tagged comments above every key."""

    def __init__(self, text: str, comment_tags: Collection[str]) -> None:
        self.s = text
        self.i = 0
        self.line = 1
        self.tags = tuple(comment_tags)
        self.strings: dict[Path, int] = {}
        self.comments: dict[Path, list[str]] = {}
        self.arrays: dict[Path, int] = {}
        self.pending: list[str] = []  # comment lines just above the current line

    # ----- characters
    def peek(self, n: int = 1) -> str:
        return self.s[self.i:self.i + n]

    def advance(self, n: int = 1) -> None:
        self.line += self.s.count("\n", self.i, self.i + n)
        self.i += n

    def skip_blank(self, newlines: bool = False) -> None:
        while self.i < len(self.s):
            c = self.s[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.advance()
            elif newlines and c == "#":
                self.skip_comment()
            else:
                return

    def skip_comment(self) -> str:
        end = self.s.find("\n", self.i)
        end = len(self.s) if end < 0 else end
        text = self.s[self.i:end]
        self.advance(end - self.i)
        return text

    # ----- keys and headers
    def key(self) -> list[str]:
        parts = []
        while True:
            self.skip_blank()
            c = self.peek()
            if c in ('"', "'"):
                start = self.i
                self.string_end()
                parts.append(tomllib.loads(f"k = {self.s[start:self.i]}")["k"])
            else:
                start = self.i
                while self.i < len(self.s) and self.s[self.i] in _BARE:
                    self.advance()
                parts.append(self.s[start:self.i])
            self.skip_blank()
            if self.peek() != ".":
                return parts
            self.advance()

    def resolve(self, keys: list[str]) -> Path:
        path: list[str | int] = []
        for k in keys:
            path.append(k)
            count = self.arrays.get(tuple(path))
            if count:
                path.append(count - 1)
        return tuple(path)

    # ----- values
    def string_end(self) -> None:
        """Move past the string starting here (any of the four kinds)."""
        for quote in ('"""', "'''"):
            if self.peek(3) == quote:
                self.advance(3)
                while True:
                    if quote == '"""' and self.peek() == "\\":
                        self.advance(2)
                    elif self.peek(3) == quote:
                        self.advance(3)
                        while self.peek() == quote[0]:  # up to two quotes may end the content
                            self.advance()
                        return
                    else:
                        self.advance()
        quote = self.peek()
        self.advance()
        while self.peek() != quote:
            self.advance(2 if quote == '"' and self.peek() == "\\" else 1)
        self.advance()

    def value(self, path: Path) -> None:
        c = self.peek()
        if c in ('"', "'"):
            self.strings[path] = self.line
            self.string_end()
        elif c == "[":
            self.advance()
            index = 0
            while True:
                self.skip_blank(newlines=True)
                if self.peek() == "]":
                    self.advance()
                    return
                self.value(path + (index,))
                index += 1
                self.skip_blank(newlines=True)
                if self.peek() == ",":
                    self.advance()
        elif c == "{":
            self.advance()
            while True:
                self.skip_blank()
                if self.peek() == "}":
                    self.advance()
                    return
                keys = self.key()
                self.advance()  # "="
                self.skip_blank()
                self.value(path + tuple(keys))
                self.skip_blank()
                if self.peek() == ",":
                    self.advance()
        else:  # number, boolean, date
            while self.i < len(self.s) and self.s[self.i] not in ",]}\n#":
                self.advance()

    # ----- the document
    def tagged(self) -> list[str]:
        for k, text in enumerate(self.pending):
            if text.startswith(self.tags) and self.tags:
                return self.pending[k:]
        return []

    def run(self) -> "_Scanner":
        table: Path = ()
        content = False  # whether the current line had anything but blanks
        while True:
            self.skip_blank()
            if self.i >= len(self.s):
                return self
            c = self.peek()
            if c == "\n":
                if not content:  # a blank line parts a comment from the key below it
                    self.pending = []
                content = False
                self.advance()
                continue
            content = True
            if c == "#":
                self.advance()
                self.pending.append(self.skip_comment().strip())
                continue
            if c == "[":
                double = self.peek(2) == "[["
                self.advance(2 if double else 1)
                keys = self.key()
                self.advance(2 if double else 1)
                if double:
                    parent = self.resolve(keys[:-1]) + (keys[-1],)
                    self.arrays[parent] = self.arrays.get(parent, 0) + 1
                    table = parent + (self.arrays[parent] - 1,)
                else:
                    table = self.resolve(keys)
            else:
                keys = self.key()
                path = table + tuple(keys)
                self.comments[path] = self.tagged()
                self.advance()  # "="
                self.skip_blank()
                self.value(path)
            self.pending = []
            self.skip_blank()
            if self.peek() == "#":
                self.skip_comment()


def _walk(node: Any, path: Path, keys: Collection[str]) -> Iterator[tuple[Path, str]]:
    """Every msgid under ``node``: (its path, its text)."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            here = path + (key,)
            if key in keys and isinstance(value, str):
                yield here, value
            elif key in keys and isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                for i, item in enumerate(value):
                    yield here + (i,), item
            elif isinstance(value, (Mapping, list)):
                yield from _walk(value, here, keys)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            if isinstance(item, (Mapping, list)):
                yield from _walk(item, path + (i,), keys)


def _describe(path: Path, data: Mapping[str, Any]) -> str:
    """``steps[3] (reading-your-hand) text[1]``: the tables, then the key (with the list index)."""
    words: list[str] = []
    node: Any = data
    for part in path:
        if isinstance(part, int):
            words[-1] += f"[{part}]"
        else:
            words.append(part)
        node = node[part]
        if isinstance(part, int) and isinstance(node, Mapping) and isinstance(node.get("id"), str):
            words[-1] += f" ({node['id']})"
    # the last key (with its index) is the field; the rest, dotted, is the table
    field = words[-1]
    return " ".join([".".join(words[:-1]), field]) if len(words) > 1 else field


def _display_name(fileobj: Any) -> str:
    name = getattr(fileobj, "name", "")
    if not isinstance(name, str) or not name:
        return ""
    try:
        name = os.path.relpath(name)
    except ValueError:
        pass
    return name.replace(os.sep, "/")


def extract_lessons_toml(
    fileobj: Any, keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface: yields ``(lineno, funcname, message, comments)``.

    ``options`` may set ``keys`` (space- or comma-separated) to replace the default key names.
    """
    text = fileobj.read()
    if isinstance(text, bytes):
        text = text.decode(options.get("encoding", "utf-8"))
    data = tomllib.loads(text)
    keys = KEYS
    if options.get("keys"):
        keys = frozenset(options["keys"].replace(",", " ").split())
    scanner = _Scanner(text, comment_tags).run()
    name = _display_name(fileobj)
    for path, message in _walk(data, (), keys):
        key_path = path[:-1] if isinstance(path[-1], int) else path
        lineno = scanner.strings.get(path) or scanner.strings.get(key_path) or 1
        where = _describe(path, data)
        comments = [f"{name}: {where}" if name else where]
        comments += [c.lstrip("#").strip() for c in scanner.comments.get(key_path, [])]
        yield lineno, None, message, comments


__all__ = ["KEYS", "extract_lessons_toml"]
