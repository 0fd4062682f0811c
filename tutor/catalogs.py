"""Reading, checking, compiling and counting the gettext catalogs (see TRANSLATING.md).

The library behind the translators' pages (``tutor.web.translators``: live reload with
:class:`CatalogReloader`, the status page's statistics and checks) and the translators' command
line (``tutor.tools.catalogs``, wrapped by the Makefile). Pure Python, no Flask. The app never
imports this module when it starts or serves learners: it reads its languages from the small
``tutor.languages``; the translators' pages import it when they are used
(``tests/translators/test_languages_split.py``).

Checks: syntax (with file and line), no untranslated or fuzzy entry, placeholders and HTML tags kept
(with ``dennis``, Mozilla's PO linter, and Babel's own checkers), every plural form present, the
glossary of ``translations/glossary.toml`` followed, and the style rules of
``translations/checks.toml``. Reading and syntax errors use Babel (``read_po(abort_invalid=True)``,
with line numbers); the hand-written part of :func:`syntax_problems` is only what Babel lets
through silently (an unclosed string, a stray quote, an unknown escape or keyword).
"""

from __future__ import annotations

import io
import logging
import os
import re
import tempfile
import threading
import tomllib
from collections import defaultdict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from babel import UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po

from tutor.paths import REPOSITORY as ROOT
from tutor.languages import (  # noqa: F401 - the app's small languages module; re-exported for the tools
    CATALOGS, PREFERRED_ORDER, SOURCE_LANGUAGE, catalog_files, catalog_languages, catalog_path, is_reserved,
    language_name, plural_forms,
)

POT = CATALOGS / "messages.pot"
GLOSSARY = CATALOGS / "glossary.toml"

log = logging.getLogger(__name__)


def _display(path: Path) -> str:
    """A path as translators see it: relative to the project when inside it."""
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


# ==== problems =====================================================================================
@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in a catalog, with the file and line to open."""

    path: str
    line: int
    check: str  # syntax, template, untranslated, fuzzy, placeholders, html, plural, glossary, left-out
    message: str
    msgid: str = field(default="", compare=False)
    #: for a syntax error: which one (a key of SYNTAX_ERRORS) and its values, so that the status
    #: page can say it in the page's language; the message is the English of the same
    key: str = field(default="", compare=False)
    params: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: [{self.check}] {self.message}"


class CatalogSyntaxError(ValueError):
    """A catalog that cannot be read: the app keeps serving its last good compiled version."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


def _short(text: str, width: int = 70) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _ids(message: Message) -> list[str]:
    return [message.id] if isinstance(message.id, str) else list(message.id)


def _strings(message: Message) -> list[str]:
    return [message.string] if isinstance(message.string, str) else list(message.string or ())


def _first_id(message: Message) -> str:
    return _ids(message)[0]


# ==== syntax =======================================================================================
#: What a syntax error says, in English (``make check-catalogs``, the terminal); the status page
#: says the same in its own language from the key (``tutor.web.translators``).
SYNTAX_ERRORS = {
    "unreadable": "cannot read the file: {reason}",
    "not_utf8": "this line is not UTF-8 text: save the file as UTF-8",
    "no_open_quote": 'the text must start with a double quote (")',
    "not_closed": "the string is not closed: it needs a double quote at the end of the line",
    "bad_escape": "unknown escape \\{char} (write \\\\ for a backslash, \\\" for a quote, \\n for a new line)",
    "inner_quote": 'a double quote inside the text must be written \\"',
    "after_quote": "there is text after the closing quote: {text}",
    "duplicate": "this msgid already appears on line {line}: keep one of the two entries",
    "extra_form": "the header's Plural-Forms gives {forms} plural form(s): remove msgstr[{index}] (or fix the header)",
    "keyword": "unknown keyword {word!r}: a line starts with msgid, msgid_plural, msgstr, msgctxt, a quote or #",
    "stray_line": "this line is neither a comment (#), a keyword (msgid, msgstr, ...) nor a quoted string",
    "babel": "{reason}",
}


def _syntax(shown: str, lineno: int, key: str, msgid: str = "", **params: object) -> Problem:
    return Problem(shown, lineno, "syntax", SYNTAX_ERRORS[key].format(**params), msgid, key,
                   tuple((k, str(v)) for k, v in params.items()))

# A check of one catalog reads the same file in every check (34 readings of three catalogs, most of
# `make check-catalogs`' time): while one runs, each file is read and parsed once. The file does not
# change during a check, and nothing read through the memo is modified.
_READ_ONCE: ContextVar[dict | None] = ContextVar("catalog_reads", default=None)


@contextmanager
def _reading_once() -> Iterator[None]:
    token = _READ_ONCE.set({})
    try:
        yield
    finally:
        _READ_ONCE.reset(token)


def _once(kind: str, path: Path, compute: Callable[[], Any]) -> Any:
    memo = _READ_ONCE.get()
    if memo is None:
        return compute()
    key = (kind, str(Path(path).resolve()))
    if key not in memo:
        memo[key] = compute()
    return memo[key]


_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?")
_ESCAPES = set('\\"ntr')  # the escapes Babel reads (and GNU gettext's common ones)


def _parse_quoted(text: str) -> tuple[tuple[str, dict] | None, str]:
    """``(error, raw content)`` of a PO string literal that must fill the rest of the line; an
    error is ``(key of SYNTAX_ERRORS, its values)``."""
    if not text.startswith('"'):
        return ("no_open_quote", {}), ""
    i = 1
    while i < len(text):
        c = text[i]
        if c == "\\":
            if i + 1 >= len(text):
                return ("not_closed", {}), ""
            if text[i + 1] not in _ESCAPES:
                return ("bad_escape", {"char": text[i + 1]}), ""
            i += 2
            continue
        if c == '"':
            after = text[i + 1:].strip()
            if after:
                if '"' in after:
                    return ("inner_quote", {}), ""
                return ("after_quote", {"text": _short(after, 30)}), ""
            return None, text[1:i]
        i += 1
    return ("not_closed", {}), ""


def syntax_problems(path: Path, text: str | None = None) -> list[Problem]:
    """What stops a catalog from being read, each with its line: a stricter reading than Babel's own
    (which silently accepts an unclosed string or a stray quote), then Babel's with ``abort_invalid``.
    """
    if text is None:
        return list(_once("syntax", path, lambda: _syntax_problems(path, None)))
    return _syntax_problems(path, text)


def _syntax_problems(path: Path, text: str | None) -> list[Problem]:
    shown = _display(path)
    if text is None:
        try:
            raw = Path(path).read_bytes()
        except OSError as error:
            return [_syntax(shown, 0, "unreadable", reason=error.strerror)]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            line = raw[: error.start].count(b"\n") + 1
            return [_syntax(shown, line, "not_utf8")]
    problems: list[Problem] = []
    seen: dict[tuple[str | None, str], int] = {}
    context: list[str] | None = None
    msgid: list[str] | None = None
    msgid_line = 0
    current: list[str] | None = None
    last_keyword = ""
    header: list[str] | None = None  # the header's msgstr, for its Plural-Forms
    nplurals: int | None = None

    def finish_msgid() -> None:
        nonlocal msgid
        if msgid is None:
            return
        key = (None if context is None else "".join(context), "".join(msgid))
        if key in seen:
            problems.append(_syntax(shown, msgid_line, "duplicate", key[1], line=seen[key]))
        else:
            seen[key] = msgid_line
        msgid = None

    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue  # comments, flags, references, obsolete (#~) entries
        match = _KEYWORD.match(stripped)
        if match and (len(stripped) == match.end() or stripped[match.end()] in ' \t"'):
            keyword = match.group(1)
            error, value = _parse_quoted(stripped[match.end():].strip())
            if keyword == "msgctxt":
                finish_msgid()
                context, current = [value], None
                current = context
            elif keyword == "msgid":
                finish_msgid()
                if last_keyword != "msgctxt":
                    context = None
                msgid, msgid_line = [value], lineno
                current = msgid
            else:
                if keyword == "msgstr" and msgid == [""] and context is None and header is None:
                    header = []
                    current = header
                else:
                    current = []
                finish_msgid()
                if header is not None and nplurals is None and current is not header:
                    found = re.search(r"nplurals\s*=\s*(\d+)", "".join(header))
                    nplurals = int(found.group(1)) if found else 0
                if match.group(2) is not None and nplurals and int(match.group(2)) >= nplurals:
                    error = error or ("extra_form", {"forms": nplurals, "index": match.group(2)})
            last_keyword = keyword
        elif stripped.startswith('"'):
            error, value = _parse_quoted(stripped)
            if current is not None:
                current.append(value)
        else:
            word = stripped.split()[0]
            if re.fullmatch(r"[A-Za-z_]+(\[\d+\])?", word):
                error = ("keyword", {"word": word})
            else:
                error = ("stray_line", {})
        if error:
            problems.append(_syntax(shown, lineno, error[0], **error[1]))
    finish_msgid()
    if problems:
        return problems
    try:
        read_po(io.BytesIO(text.encode("utf-8")), abort_invalid=True)
    except PoFileError as error:
        reason = str(error).rsplit(" on ", 1)[0]
        problems.append(_syntax(shown, error.lineno + 1, "babel", reason=reason))  # Babel counts lines from 0
    except Exception as error:  # anything else Babel refuses is a syntax error too, without a line
        problems.append(_syntax(shown, 0, "babel", reason=f"{type(error).__name__}: {error}"))
    return problems


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """A catalog read with the strict syntax check first: :class:`CatalogSyntaxError` if it fails."""
    path = Path(path)
    if lang is None:
        return _once("catalog", path, lambda: _read_catalog(path, None))
    return _read_catalog(path, lang)


def _read_catalog(path: Path, lang: str | None) -> Catalog:
    problems = syntax_problems(path)
    if problems:
        raise CatalogSyntaxError(problems)
    lang = lang or path.parts[-3]
    with path.open("rb") as f:
        try:
            return read_po(f, locale=lang)
        except (ValueError, UnknownLocaleError):
            f.seek(0)
            return read_po(f)


def read_template(path: Path = POT) -> Catalog:
    with Path(path).open("rb") as f:
        return read_po(f)


# ==== placeholders (shared by the checks and the compiler) =======================================
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?([diouxXeEfFgGcrsa%])")


def placeholders(text: str) -> set[str]:
    """The named placeholders of a %-format string, with their type: ``{'%(tile)s', '%(num)d'}``."""
    return {m.group(0) for m in PLACEHOLDER.finditer(text) if m.group(1)}


def _formatted(message: Message) -> bool:
    """Whether the app %-formats this message: it has placeholders, or Jinja shows it (a template's
    gettext always formats, so a lone % there breaks the page)."""
    return bool(set().union(*(placeholders(i) for i in _ids(message)))) or any(
        str(location).endswith(".html") for location, _line in message.locations)


def format_problem(message: Message, nplurals: int) -> str | None:
    """Why the app would fail to show this translation (``None`` when it can): formats each msgstr
    with the msgid's placeholders, as the app does. Such a message is left out of a live reload."""
    if not message.id or not _formatted(message):
        return None
    names = {m.group(1) for i in _ids(message) for m in PLACEHOLDER.finditer(i) if m.group(1)}
    values = {name: 1 for name in names}
    values.setdefault("num", 1)
    for index, string in enumerate(_strings(message)):
        if not string:
            continue
        try:
            string % values
        except KeyError as error:
            return f"msgstr{_form(message, index)} uses the placeholder %({error.args[0]})s, which the msgid does not have"
        except (ValueError, TypeError) as error:
            return f"msgstr{_form(message, index)} is not a valid format string ({error}); write %% for a percent sign"
    return None


def _form(message: Message, index: int) -> str:
    return f"[{index}]" if message.pluralizable else ""


def lost_placeholders(message: Message, nplurals: int) -> list[tuple[int, set[str]]]:
    """The msgid's placeholders each msgstr form leaves out, as (form, placeholders): with several
    forms, the singular one may say "one tile" instead of %(num)d."""
    expected = set().union(*(placeholders(i) for i in _ids(message)))
    lost = []
    for index, string in enumerate(_strings(message)):
        if not string:
            continue
        wanted = {p for p in expected if not (message.pluralizable and nplurals > 1 and index == 0
                                              and p.startswith("%(num)"))}
        missing = wanted - placeholders(string)
        if missing:
            lost.append((index, missing))
    return lost


_TAG = re.compile(r"</?([A-Za-z][\w-]*)[^<>]*>")


def usable_problem(message: Message, nplurals: int) -> str | None:
    """Why a live page must not show this translation (``None``: it may). Besides what the app cannot
    format (:func:`format_problem`): a placeholder left out (a slide's kicker without its section
    title) and markup the msgid does not have (the app escapes a translation, so ``<b>`` would show
    as written). Such a message is left out of a live reload and of ``make catalogs``."""
    reason = format_problem(message, nplurals)
    if reason or not message.id:
        return reason
    for index, missing in lost_placeholders(message, nplurals):
        return f"msgstr{_form(message, index)} leaves out {', '.join(sorted(missing))}"
    allowed = {tag.lower() for i in _ids(message) for tag in _TAG.findall(i)}
    for index, string in enumerate(_strings(message)):
        extra = sorted({tag for tag in _TAG.findall(string or "") if tag.lower() not in allowed})
        if extra:
            return f"msgstr{_form(message, index)} has markup the msgid does not have (<{extra[0]}>)"
    return None


# ==== compiling, and recompiling while the app runs ==============================================
def compile_catalog(po: Path, mo: Path | None = None) -> list[Problem]:
    """Write ``messages.mo`` beside ``po`` (atomically). A message the app could not format is left
    out (the page shows the English text) and returned as a problem. Raises
    :class:`CatalogSyntaxError`, leaving the old ``.mo`` in place, when the file cannot be read."""
    po = Path(po)
    mo = Path(mo) if mo else po.with_suffix(".mo")
    catalog = read_catalog(po)
    left_out = []
    unusable = []
    for message in catalog:
        if not message.id:
            continue
        reason = usable_problem(message, catalog.num_plurals)
        if reason:
            left_out.append(Problem(_display(po), getattr(message, "lineno", 0) or 0, "left-out",
                                    f"{reason}: shown in English until fixed", _first_id(message)))
        if reason or message_state(message) != "translated":
            unusable.append(message)
    # Leave such a message out of the .mo altogether: gettext then shows the English msgid with
    # English plural rules ("3 steps"). Kept with empty forms, Babel would write the singular msgid
    # as every form, and a one-form language would show "3 step".
    for message in unusable:
        catalog.delete(message.id, context=message.context)
    fd, temporary = tempfile.mkstemp(dir=mo.parent, prefix=".messages-", suffix=".mo")
    try:
        with os.fdopen(fd, "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        os.replace(temporary, mo)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return left_out


class CatalogReloader:
    """Recompiles a catalog whose ``.po`` changed since it was last seen.

    ``refresh()`` stats each ``*/LC_MESSAGES/messages.po`` (cheap: a few ``stat`` calls) and, for a
    changed one, checks it and writes its ``.mo``. A file that cannot be read keeps its last good
    ``.mo``; its problems, each with file and line, stay in ``errors`` until it is fixed. Messages
    that the app could not format are left out of the ``.mo`` and listed in ``left_out``.
    """

    def __init__(self, directories: Iterable[str | Path]) -> None:
        self.directories = [Path(d) for d in directories]
        self.errors: dict[Path, list[Problem]] = {}
        self.left_out: dict[Path, list[Problem]] = {}
        self._seen: dict[Path, tuple[int, int]] = {}
        self._lock = threading.Lock()

    def refresh(self) -> list[Path]:
        """Recompile what changed; the catalogs recompiled (a caller then drops its cached ones)."""
        compiled = []
        with self._lock:
            for directory in self.directories:
                for po in sorted(directory.glob("*/LC_MESSAGES/messages.po")):
                    try:
                        stat = po.stat()
                    except OSError:
                        continue
                    stamp = (stat.st_mtime_ns, stat.st_size)
                    first_time = po not in self._seen
                    if self._seen.get(po) == stamp:
                        continue
                    self._seen[po] = stamp
                    mo = po.with_suffix(".mo")
                    if first_time and not self._stale(po, mo):
                        continue  # up to date at start-up (built by `make catalogs`)
                    try:
                        self.left_out[po] = compile_catalog(po, mo)
                    except CatalogSyntaxError as error:
                        self.errors[po] = error.problems
                        for problem in error.problems:
                            log.error("%s (the app keeps serving the last good catalog)", problem)
                        continue
                    self.errors.pop(po, None)
                    for problem in self.left_out[po]:
                        log.warning("%s", problem)
                    log.info("recompiled %s", _display(po))
                    compiled.append(po)
        return compiled

    @staticmethod
    def _stale(po: Path, mo: Path) -> bool:
        try:
            return mo.stat().st_mtime_ns < po.stat().st_mtime_ns
        except OSError:
            return True


# ==== statistics ===================================================================================
@dataclass
class Counts:
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> int:
        """Whole percent translated, rounded down (100 only when complete)."""
        return 100 * self.translated // self.total if self.total else 100

    def add(self, state: str) -> None:
        setattr(self, state, getattr(self, state) + 1)


def message_state(message: Message) -> str:
    """``translated``, ``fuzzy`` or ``untranslated``."""
    if message.fuzzy:
        return "fuzzy"
    strings = _strings(message)
    return "translated" if strings and all(strings) else "untranslated"


#: Which area of the app a source file belongs to (first match). Lesson files are areas of their own.
AREA_RULES = (
    (re.compile(r"lessons/(?:backgammon/)?\d\d-[\w-]+\.toml$"), None),  # both courses' sections
    (re.compile(r"lessons/(?:mexican_)?hands\.toml$|lessons/backgammon/guided\.toml$|tutor/web/domino/play\.py$"
                r"|tutor/web/domino/mexican_train/play\.py$|tutor/web/backgammon/(?:play|voice)\.py$"
                r"|templates/domino/(play|mexican_train)/|templates/backgammon/(?:play|play_index|present)\.html$"), "hands"),
    (re.compile(r"lessons/(?:mexican_|backgammon/)?diagrams\.toml$|tutor/web/(?:domino|backgammon)/diagrams\.py$"
                r"|templates/(?:domino|backgammon)/gallery\.html$"), "diagrams"),
    (re.compile(r"tutor/web/(?:domino|domino/mexican_train|backgammon)/wording\.py$|tutor/web/api\.py$"), "explanations"),
)
#: The areas other than the lesson sections, in the order the reports show them.
AREAS = ("hands", "diagrams", "explanations", "interface")
#: Where a lesson message comes from, in its automatic comment: the file and the step's id.
_LESSON_COMMENT = re.compile(r"^(lessons/(?:backgammon/)?\d\d-[\w-]+\.toml): (?:steps\[\d+\] \(([\w-]+)\))?")
_DIAGRAM_COMMENT = re.compile(r"^lessons/(?:mexican_|backgammon/)?diagrams\.toml: (\w+) ")


def areas_of(message: Message) -> list[str]:
    """The areas a message is shown in: ``lessons/02-tiles.toml``, ``hands``, ``diagrams``,
    ``explanations`` or ``interface``. A message used in several areas counts in each."""
    found: list[str] = []
    for location, _line in message.locations:
        location = str(location).replace(os.sep, "/")
        area = "interface"
        for pattern, name in AREA_RULES:
            if pattern.search(location):
                area = name or location
                break
        if area not in found:
            found.append(area)
    return found or ["interface"]


def lesson_step_of(message: Message) -> tuple[str, str | None] | None:
    """``(lesson file, step id)`` for a lesson message (step ``None``: the section's title or summary)."""
    for comment in message.auto_comments:
        match = _LESSON_COMMENT.match(comment)
        if match:
            return match.group(1), match.group(2)
    return None


def diagram_of(message: Message) -> str | None:
    """The diagram id (``D3``) a message of ``lessons/diagrams.toml`` belongs to."""
    for comment in message.auto_comments:
        match = _DIAGRAM_COMMENT.match(comment)
        if match:
            return match.group(1)
    return None


@dataclass
class CatalogStats:
    lang: str
    path: Path
    overall: Counts
    areas: dict[str, Counts]  # lesson files ("lessons/02-tiles.toml") and AREAS
    steps: dict[tuple[str, str], Counts]  # (lesson file, step id)
    todo: list[Message]  # untranslated and fuzzy messages, in file order
    errors: list[Problem]  # syntax errors (the counts then come from the template, all untranslated)


def catalog_stats(path: Path, template: Catalog | None = None) -> CatalogStats:
    """Completeness of one catalog; messages of the template missing from it count as untranslated."""
    path = Path(path)
    lang = path.parts[-3]
    errors: list[Problem] = []
    try:
        catalog = read_catalog(path)
    except CatalogSyntaxError as error:
        errors = error.problems
        catalog = template or Catalog(locale=None)
    messages = [m for m in catalog if m.id]
    if template is not None and catalog is not template:
        present = {(m.context, _first_id(m)) for m in messages}
        for m in template:
            if m.id and (m.context, _first_id(m)) not in present:
                messages.append(Message(m.id, "", locations=m.locations, auto_comments=m.auto_comments,
                                        context=m.context))
    overall, areas, steps, todo = Counts(), defaultdict(Counts), defaultdict(Counts), []
    for message in messages:
        state = message_state(message) if not errors else "untranslated"
        overall.add(state)
        for area in areas_of(message):
            areas[area].add(state)
        step = lesson_step_of(message)
        if step and step[1]:
            steps[step].add(state)
        if state != "translated":
            todo.append(message)
    return CatalogStats(lang, path, overall, dict(areas), dict(steps), todo, errors)


def all_stats(directory: Path = CATALOGS) -> list[CatalogStats]:
    pot = Path(directory) / "messages.pot"
    template = read_template(pot) if pot.exists() else None
    files = catalog_files(directory)
    order = catalog_languages(directory)
    return [catalog_stats(files[lang], template) for lang in order if lang in files]


def stats() -> list[tuple[str, int, int, int]]:
    """``(lang, translated, fuzzy, untranslated)`` for each catalog (kept for older callers)."""
    return [(s.lang, s.overall.translated, s.overall.fuzzy, s.overall.untranslated) for s in all_stats()]


def _area_order(names: Iterable[str]) -> list[str]:
    lessons = sorted(n for n in names if n.startswith("lessons/"))
    return lessons + [a for a in AREAS if a in names]


def format_stats(rows: list[CatalogStats]) -> str:
    lines = []
    for row in rows:
        o = row.overall
        lines.append(f"{row.lang}: {o.translated} translated, {o.fuzzy} fuzzy, {o.untranslated} untranslated"
                     f" ({o.percent}% of {o.total})")
        for problem in row.errors:
            lines.append(f"    ERROR {problem}")
        for area in _area_order(row.areas):
            c = row.areas[area]
            # a section by its file's name, a backgammon one with its course's ("backgammon/03-dice")
            name = area.removeprefix("lessons/").removesuffix(".toml") if area.startswith("lessons/") else area
            lines.append(f"    {name:<26} {c.translated:>4}/{c.total:<4} {c.percent:>3}%"
                         + (f"  ({c.fuzzy} fuzzy, {c.untranslated} untranslated)" if c.fuzzy or c.untranslated else ""))
    return "\n".join(lines)


# ==== checks =======================================================================================
def check_syntax(path: Path) -> list[Problem]:
    return syntax_problems(path)


def check_completeness(path: Path, template: Catalog | None = None) -> list[Problem]:
    """Untranslated and fuzzy entries, and template messages the catalog lacks."""
    catalog = read_catalog(path)
    shown = _display(path)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        state = message_state(message)
        if state == "fuzzy":
            problems.append(Problem(shown, message.lineno, "fuzzy",
                                    f"fuzzy (check it, then remove the fuzzy flag): {_short(_first_id(message))}",
                                    _first_id(message)))
        elif state == "untranslated":
            problems.append(Problem(shown, message.lineno, "untranslated",
                                    f"not translated yet: {_short(_first_id(message))}", _first_id(message)))
    if template is not None:
        present = {(m.context, _first_id(m)) for m in catalog if m.id}
        for m in template:
            if m.id and (m.context, _first_id(m)) not in present:
                problems.append(Problem(shown, 0, "untranslated",
                                        f"missing from this catalog (run `make update-catalogs`): {_short(_first_id(m))}",
                                        _first_id(m)))
    return problems


def _msgid_lines(path: Path) -> dict[tuple[str | None, str], int]:
    """The line of each msgid (polib, and so dennis, count an entry from its first comment)."""
    return {(m.context, _first_id(m)): m.lineno for m in read_catalog(path) if m.id}


def _line(lines: dict, entry) -> int:
    return lines.get((entry.msgctxt or None, entry.msgid)) or int(getattr(entry, "linenum", 0) or 0)


def _dennis(path: Path, rules: list[str]) -> list[Problem]:
    from dennis.linter import Linter
    from dennis.tools import parse_pofile

    shown = _display(path)
    lines = _msgid_lines(path)
    linter = Linter(["python-format"], rules)
    entries = _once("dennis", path, lambda: parse_pofile(str(path))).translated_entries()
    return [Problem(shown, _line(lines, m.poentry), "", f"{m.code} {m.msg}: {_short(m.poentry.msgid)}", m.poentry.msgid)
            for entry in entries for m in linter.lint_poentry(entry)]


#: dennis rules for placeholders: malformed %(name) (E101), bad format characters (E104), a
#: placeholder the msgid does not have (E201), one the msgstr lost (W202). E102/E103 are for {braces}.
PLACEHOLDER_RULES = ["E101", "E104", "E201", "W202"]


def check_placeholders(path: Path) -> list[Problem]:
    """Placeholders differ between msgid and msgstr: dennis, Babel's python-format checker, and for
    plural entries (which dennis skips) every form against the msgid and msgid_plural together."""
    catalog = read_catalog(path)
    shown = _display(path)
    problems = [Problem(p.path, p.line, "placeholders", p.message, p.msgid) for p in _dennis(path, PLACEHOLDER_RULES)]
    # Babel's python-format checker and a trial formatting, as the app formats: reported only where
    # dennis saw nothing (one mistake, one report), e.g. a type change %(seat)s -> %(seat)d
    # or a lone % in a template string
    later = []
    for message, errors in catalog.check():
        for error in errors:
            if "plural" not in str(error).lower():
                later.append(Problem(shown, message.lineno, "placeholders",
                                     f"{error}: {_short(_first_id(message))}", _first_id(message)))
    nplurals = catalog.num_plurals
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        reason = format_problem(message, nplurals)
        if reason:
            later.append(Problem(shown, message.lineno, "placeholders", f"{reason}: {_short(_first_id(message))}",
                                 _first_id(message)))
    for problem in later:
        if not any(p.line == problem.line for p in problems):
            problems.append(problem)
    for message in catalog:
        if not message.id or message.fuzzy or not message.pluralizable:
            continue  # dennis checks the other messages' placeholders
        for index, missing in lost_placeholders(message, nplurals):
            problems.append(Problem(shown, message.lineno, "placeholders",
                                    f"msgstr[{index}] lost {', '.join(sorted(missing))}: {_short(_first_id(message))}",
                                    _first_id(message)))
    return _unique(problems)


def check_html(path: Path) -> list[Problem]:
    """HTML tags differ between msgid and msgstr (dennis W303). The app escapes every translation,
    so a tag in a msgstr would show as text: a translation never carries markup."""
    read_catalog(path)
    return [Problem(p.path, p.line, "html", p.message, p.msgid) for p in _dennis(path, ["W303"])]


# ---- what translators' QA tools check, and this project did not ----------------------------------
#: Reviewed exceptions to the checks below, and per-language settings (TRANSLATING.md, "The checks").
CHECKS_FILE = CATALOGS / "checks.toml"


@dataclass(frozen=True)
class CheckException:
    check: str
    lang: str
    msgid: str
    reason: str


#: How a language ends what English ends with ``.``, ``!``, ``?``, ``:`` or ``;``, where it is not
#: the same mark: the marks its msgstr may end with instead (``""``: no mark at all). Thai ends a
#: sentence with no full stop; Chinese and Japanese write the full-width marks; Khmer, Burmese and
#: Hindi their own full stops. A language's ``[language.xx] end_punctuation`` in checks.toml
#: replaces these for it (TRANSLATING.md, "The checks").
END_PUNCTUATION = {
    "th": {".": ("", ".")},
    "zh": {".": ("。",), "!": ("！",), "?": ("？",), ":": ("：",), ";": ("；",)},
    "ja": {".": ("。",), "!": ("！",), "?": ("？",), ":": ("：",), ";": ("；",)},
    "km": {".": ("។",)},
    "my": {".": ("။",)},
    "hi": {".": ("।",)},
}


@dataclass(frozen=True)
class CheckSettings:
    exceptions: tuple[CheckException, ...] = ()
    allow_incomplete: frozenset[str] = frozenset()  # languages whose catalog may still be half done
    #: each language's own end punctuation (END_PUNCTUATION, with checks.toml's settings over it)
    end_punctuation: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)

    def endings(self, lang: str, mark: str) -> tuple[str, ...]:
        """The marks a msgstr in ``lang`` may end with where its msgid ends with ``mark``."""
        own = self.end_punctuation.get(lang)
        if own is None:
            own = END_PUNCTUATION.get(lang.split("_")[0].split("-")[0], {})
        return own.get(mark, (mark,))


def load_check_settings(path: Path = CHECKS_FILE) -> CheckSettings:
    path = Path(path)
    if not path.exists():
        return CheckSettings()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    exceptions = tuple(CheckException(raw["check"], raw["lang"], raw["msgid"], raw.get("reason", ""))
                       for raw in data.get("exception", []))
    unknown = {x.check for x in exceptions} - set(STYLE_CHECKS)
    if unknown:
        raise ValueError(f"{path}: exception for unknown check(s) {sorted(unknown)}; known: {', '.join(STYLE_CHECKS)}")
    languages = data.get("language", {})
    incomplete = frozenset(code for code, settings in languages.items() if settings.get("allow_incomplete"))
    unknown = {key for settings in languages.values() for key in settings} - {"allow_incomplete", "end_punctuation"}
    if unknown:
        raise ValueError(f"{path}: unknown language setting(s) {sorted(unknown)}; known: allow_incomplete, end_punctuation")
    punctuation = {}
    for code, settings in languages.items():
        if "end_punctuation" not in settings:
            continue
        table = settings["end_punctuation"]
        if not (isinstance(table, dict) and all(mark in _END_PUNCTUATION and isinstance(ends, list)
                                                and all(isinstance(e, str) for e in ends) for mark, ends in table.items())):
            raise ValueError(f"{path}: [language.{code}] end_punctuation maps a mark of {_END_PUNCTUATION!r} to the list "
                             f"of marks a msgstr may end with instead (\"\" for none), e.g. {{ \".\" = [\"\"] }}")
        punctuation[code] = {mark: tuple(ends) for mark, ends in table.items()}
    return CheckSettings(exceptions, incomplete, punctuation)


#: A msgstr may equal its msgid when nothing in it is a word to translate: placeholders, tiles
#: ("5-4"), numbers, punctuation and symbols.
_NOTHING_TO_TRANSLATE = re.compile(r"(?:%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]|\d+(?:-\d+)?|[^\w])*")
#: What ends a sentence or a label, in the msgid (English) and in the scripts whose marks
#: END_PUNCTUATION names; closing brackets and quotes after it are looked through.
_END_PUNCTUATION = ".!?:;…"
_OWN_MARKS = "。！？：；។။।"
_CLOSERS = ")]}\"'»”’›」』"


def _doubled_word(text: str) -> str | None:
    """A word written twice in a row with only white space between ("the the"), or ``None``.

    Words are split on white space rather than with ``\\b``, which stops at the combining marks of
    Thai or Devanagari; a number may repeat ("3 3"), and so may a word after a comma ("yes, yes")."""
    tokens = text.split()
    for first, second in zip(tokens, tokens[1:]):
        core = second.rstrip(_END_PUNCTUATION + _CLOSERS + ",")
        if first.casefold() == core.casefold() and any(c.isalpha() for c in core):
            return f"{first} {second[:len(core)]}"
    return None


def _end_mark(text: str) -> str:
    """The end punctuation of a text ("" if none), looking through closing brackets and quotes."""
    text = text.rstrip()
    while text and text[-1] in _CLOSERS:
        text = text[:-1].rstrip()
    return text[-1] if text and text[-1] in _END_PUNCTUATION + _OWN_MARKS else ""


def _translated_pairs(message: Message) -> Iterable[tuple[int, str, str]]:
    """``(index, source, translation)`` for each filled msgstr: a plural form is compared with the
    msgid for form 0 and with the msgid_plural for the others."""
    ids = _ids(message)
    for index, string in enumerate(_strings(message)):
        if string:
            yield index, ids[min(index, len(ids) - 1)], string


def check_style(path: Path, settings: CheckSettings | None = None, checks: Iterable[str] | None = None) -> list[Problem]:
    """Four checks of translators' QA tools (Translate Toolkit's pofilter, Weblate, Crowdin):

    - ``unchanged``: the translation is the English source itself, in a language that is not English
      (dennis W302), unless nothing in it is a word (a tile, a number, a placeholder);
    - ``spaces``: a translation that is only white space (dennis W301), or leading or trailing white
      space that differs from the source (dennis has no such lint: written here);
    - ``doubled-word``: a word written twice in a row that the source does not double (written here);
    - ``punctuation``: the end punctuation differs from the source's, e.g. a full stop dropped or
      a statement turned into a question (written here).

    Reviewed exceptions live in ``translations/checks.toml``; one whose msgid no longer exists is
    reported, so the list stays reviewed.
    """
    settings = settings if settings is not None else load_check_settings(Path(path).parents[2] / "checks.toml")
    wanted = set(checks or STYLE_CHECKS)
    catalog = read_catalog(path)
    lang = Path(path).parts[-3]
    shown = _display(path)
    english = lang.split("_")[0].split("-")[0] == SOURCE_LANGUAGE
    excused = {(x.check, x.msgid) for x in settings.exceptions if x.lang == lang}
    used: set[tuple[str, str]] = set()
    lines = _msgid_lines(path)
    problems: list[Problem] = []

    def report(check: str, msgid: str, line: int, text: str) -> None:
        if check not in wanted:
            return
        if (check, msgid) in excused:
            used.add((check, msgid))
            return
        problems.append(Problem(shown, line, check, f"{text}: {_short(msgid)}", msgid))

    if not english:
        for found in _dennis(path, ["W302"]):
            if not _NOTHING_TO_TRANSLATE.fullmatch(found.msgid):
                report("unchanged", found.msgid, found.line,
                       "the translation is the English text itself (translate it, or add a reviewed exception "
                       "to translations/checks.toml if your language writes it the same)")
    for found in _dennis(path, ["W301"]):
        report("spaces", found.msgid, found.line, "the translation is only white space")
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        msgid = _first_id(message)
        line = lines.get((message.context, msgid), message.lineno)
        for index, source, string in _translated_pairs(message):
            form = _form(message, index)
            if string.isspace():
                continue  # W301 above
            for side, has_source, has_string in (("leading", source[:1].isspace(), string[:1].isspace()),
                                                 ("trailing", source[-1:].isspace(), string[-1:].isspace())):
                if has_source != has_string:
                    report("spaces", msgid, line,
                           f"msgstr{form} {'has' if has_string else 'lacks'} the {side} space "
                           f"{'the msgid lacks' if has_string else 'of the msgid'}")
            doubled = _doubled_word(string)
            if doubled and not _doubled_word(source):
                report("doubled-word", msgid, line, f"msgstr{form} repeats a word: {doubled!r}")
            source_end, string_end = _end_mark(source), _end_mark(string)
            if string_end not in (settings.endings(lang, source_end) if source_end else ("",)):
                said = lambda mark: repr(mark) if mark else "no end punctuation"  # noqa: E731
                report("punctuation", msgid, line,
                       f"msgstr{form} ends with {said(string_end)}, the msgid with {said(source_end)}")
    ids = {_first_id(m) for m in catalog if m.id}
    for exception in settings.exceptions:
        if exception.lang == lang and exception.check in wanted and exception.msgid not in ids:
            problems.append(Problem("translations/checks.toml", 0, exception.check,
                                    f"the exception for {lang} names a msgid that no longer exists: "
                                    f"{_short(exception.msgid)}"))
    return _unique(problems)


#: The checks of :func:`check_style`, by name.
STYLE_CHECKS = ("unchanged", "spaces", "doubled-word", "punctuation")


def check_plurals(path: Path) -> list[Problem]:
    """The Plural-Forms header is the language's own (CLDR, via Babel), and every plural entry has
    exactly that many forms, none of them empty while another is filled."""
    import polib

    catalog = read_catalog(path)
    shown = _display(path)
    lang = Path(path).parts[-3]
    problems = []
    expected = plural_forms(lang)  # the CLDR's rule, or a reserved code's (tutor.languages)
    header = catalog.mime_headers and dict(catalog.mime_headers).get("Plural-Forms", "")
    if not header:
        problems.append(Problem(shown, 1, "plural", "the header has no Plural-Forms line"))
    elif expected is not None:
        match = re.search(r"nplurals\s*=\s*(\d+)", header)
        if not match or int(match.group(1)) != expected[0]:
            problems.append(Problem(shown, 1, "plural",
                                    f"Plural-Forms says {header!r}, but {lang} has {expected[0]} "
                                    f"form(s): nplurals={expected[0]}; plural={expected[1]};"))
    nplurals = expected[0] if expected is not None else catalog.num_plurals
    lines = _msgid_lines(path)
    for entry in _once("polib", path, lambda: polib.pofile(str(path))):
        if not entry.msgid_plural or entry.obsolete:
            continue
        forms = entry.msgstr_plural
        filled = [k for k, v in forms.items() if v]
        if not filled:
            continue  # untranslated: reported by the completeness check
        missing = [k for k in range(nplurals) if not forms.get(k)]
        extra = [k for k in forms if k >= nplurals]
        if missing:
            problems.append(Problem(shown, _line(lines, entry), "plural",
                                    f"missing plural form {', '.join(f'msgstr[{k}]' for k in missing)} "
                                    f"({nplurals} needed): {_short(entry.msgid)}", entry.msgid))
        if extra:
            problems.append(Problem(shown, _line(lines, entry), "plural",
                                    f"{lang} has {nplurals} plural form(s); remove "
                                    f"{', '.join(f'msgstr[{k}]' for k in extra)}: {_short(entry.msgid)}", entry.msgid))
    for message, errors in catalog.check():
        for error in errors:
            if "plural" in str(error).lower():
                problems.append(Problem(shown, message.lineno, "plural", f"{error}: {_short(_first_id(message))}",
                                        _first_id(message)))
    return _unique(problems)


# ---- the glossary -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Term:
    name: str
    english: re.Pattern
    renderings: dict[str, tuple[str, ...]]  # lang -> accepted renderings (any one must appear)
    note: str = ""
    game: str = "domino"  # the game whose texts use it: a backgammon text is one used in a file named backgammon; "all": every text
    #: lang -> the other way the term was once written (a review found both): none may appear, even
    #: beside an accepted rendering
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class GlossaryException:
    term: str
    lang: str
    msgid: str
    prefix: bool
    reason: str

    def matches(self, msgid: str) -> bool:
        return msgid.startswith(self.msgid) if self.prefix else msgid == self.msgid


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    exceptions: tuple[GlossaryException, ...]


def load_glossary(path: Path = GLOSSARY) -> Glossary:
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    terms = []
    for raw in data.get("term", []):
        renderings = {k: tuple(v) for k, v in raw.items() if isinstance(v, list)}
        avoid = {k: tuple(v) for k, v in raw.get("avoid", {}).items()}
        terms.append(Term(raw["name"], re.compile(rf"\b(?:{raw['en']})\b", re.IGNORECASE), renderings,
                          raw.get("note", ""), raw.get("game", "domino"), avoid))
    exceptions = []
    for raw in data.get("exception", []):
        prefix = "msgid_starts" in raw
        exceptions.append(GlossaryException(raw["term"], raw["lang"], raw["msgid_starts"] if prefix else raw["msgid"],
                                     prefix, raw.get("reason", "")))
    names = {t.name for t in terms}
    for exception in exceptions:
        if exception.term not in names:
            raise ValueError(f"{path}: exception for unknown term {exception.term!r}")
    return Glossary(tuple(terms), tuple(exceptions))


def check_glossary(path: Path, glossary: Glossary | None = None, glossary_path: Path = GLOSSARY) -> list[Problem]:
    """A term of the glossary in a msgid, and none of its accepted renderings in the msgstr.

    The English side is matched on whole words once placeholders are removed (``%(tile)s`` is not
    the word *tile*); the renderings as case-insensitive substrings, so inflected forms count
    (Indonesian *batumu*, *diambil*). Reviewed exceptions live beside the terms.
    """
    glossary = glossary or load_glossary(glossary_path)
    catalog = read_catalog(path)
    lang = Path(path).parts[-3]
    shown = _display(path)
    problems = []
    used = set()
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        strings = [s for s in _strings(message) if s]
        if not strings:
            continue
        english = [PLACEHOLDER.sub(" ", i) for i in _ids(message)]
        # the two games name different things alike (a domino pip is not a backgammon pip)
        games = {"backgammon" if "backgammon" in str(f) else "domino" for f, _line in message.locations} or {"domino"}
        for term in glossary.terms:
            if term.game != "all" and term.game not in games:
                continue
            accepted = term.renderings.get(lang)
            if not accepted or not any(term.english.search(e) for e in english):
                continue
            for string in strings:
                plain = PLACEHOLDER.sub(" ", string).lower()  # %(slide)s is not the word "slide"
                avoided = [a for a in term.avoid.get(lang, ()) if a.lower() in plain]
                if any(r.lower() in string.lower() for r in accepted) and not avoided:
                    continue
                excused = [x for x in glossary.exceptions
                           if x.term == term.name and x.lang == lang and x.matches(_first_id(message))]
                if excused:
                    used.update(excused)
                    continue
                problems.append(Problem(
                    shown, message.lineno, "glossary",
                    f"{term.name!r} should be translated as {' or '.join(repr(r) for r in accepted)}"
                    + (f", not {avoided[0]!r}" if avoided else "") + f": {_short(_first_id(message))}",
                    _first_id(message)))
                break
    ids = {_first_id(m) for m in catalog if m.id}
    for exception in glossary.exceptions:
        if exception.lang == lang and not any(exception.matches(i) for i in ids):
            problems.append(Problem(_display(glossary_path), 0, "glossary",
                                    f"the exception for {exception.term!r} in {lang} names a msgid that no longer "
                                    f"exists: {_short(exception.msgid)}"))
    return problems


# ---- all together ----------------------------------------------------------------------------------
CONTENT_CHECKS = ("completeness", "placeholders", "html", "plural", "glossary", "style")


def check_catalog(path: Path, template: Catalog | None = None, glossary: Glossary | None = None,
                  glossary_path: Path = GLOSSARY, checks: Iterable[str] = CONTENT_CHECKS,
                  settings: CheckSettings | None = None) -> list[Problem]:
    """Every check of one catalog; a file with syntax errors reports only those. A language that
    ``translations/checks.toml`` allows to be incomplete may leave entries untranslated, not fuzzy: a
    fuzzy entry is a translation waiting for its check, and it is reported all the same."""
    with _reading_once():
        return _check_catalog(path, template, glossary, glossary_path, checks, settings)


def _check_catalog(path: Path, template: Catalog | None, glossary: Glossary | None, glossary_path: Path,
                   checks: Iterable[str], settings: CheckSettings | None) -> list[Problem]:
    problems = check_syntax(path)
    if problems:
        return problems
    checks = set(checks)
    lang = Path(path).parts[-3]
    if settings is None:
        settings = load_check_settings(Path(path).parents[2] / "checks.toml")
    if "completeness" in checks:
        found = check_completeness(path, template)
        if lang in settings.allow_incomplete:
            found = [p for p in found if p.check == "fuzzy"]
        problems += found
    if "style" in checks:
        problems += check_style(path, settings)
    if "placeholders" in checks:
        problems += check_placeholders(path)
    if "html" in checks:
        problems += check_html(path)
    if "plural" in checks:
        problems += check_plurals(path)
    if "glossary" in checks and lang != SOURCE_LANGUAGE:
        problems += check_glossary(path, glossary, glossary_path)
    return problems


def _unique(problems: list[Problem]) -> list[Problem]:
    seen, out = set(), []
    for p in problems:
        key = (p.path, p.line, p.check, p.message)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out
