"""The translators' side of the app: see a saved catalog at once, find the msgid behind a text,
spot English that escaped the catalogs, and follow each language's progress.

- **Live reload** (config ``CATALOG_RELOAD``, on in ``make run`` through ``TUTOR_CATALOG_RELOAD=1``):
  before each request the catalogs' ``.po`` files are stat'ed; a changed one is checked and
  compiled (:class:`tutor.catalogs.CatalogReloader`) and Flask-Babel's cached translations are
  dropped, so the next page load shows the change. A file with a syntax error is logged with its
  file and line, listed on the status page, and the app keeps serving its last good ``.mo``.
- **``?msgids=1``** on any page or diagram shows ``⟦msgid⟧`` in place of each translated text
  (the links of that page keep it on), so a translator can search the catalog for it.
- **The pseudo-locale** ``en-XA`` (config ``PSEUDO_LOCALE``): ``/en-XA/...`` serves every page in
  accented, lengthened text built from the English msgids, ``[Ðöɱîñöéš, šţéþ ƀý šţéþ ·····]``,
  placeholders untouched. English left on such a page escaped the catalogs; a layout that breaks
  will break with a long language too.
- **The status page** ``/<lang>/translators/``: each language's completeness overall, per lesson
  section and step (with links) and per area, the catalog errors, the checks' findings and the
  messages still to do, each with a link to where it shows.

The swaps work on Flask-Babel's domain for the request (``Domain.as_default``): every gettext of
the app (Python, Jinja, ``tr()``) reads through it, and every text stays escaped as before.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import quote

from babel.support import NullTranslations
from flask import Blueprint, Flask, Response, current_app, g, redirect, render_template, request, url_for
from flask_babel import Domain, get_babel, gettext as _

import json

from tutor.paths import LESSONS
from tutor.web.delivery import forget_pages
from tutor.web.errors import BadGame
from tutor.web.i18n import LANGUAGE_NAMES, LANGUAGES, best_language, translate_text, url_map_arguments
from tutor.web.i18n import use_language_prefix
from tutor.web.rooms import diagram_words, rooms

#: The pseudo-locale's URL prefix (the code Android and Chrome use for accented pseudo-English).
PSEUDO_LOCALE = "en-XA"
MSGID_OPEN, MSGID_CLOSE = "⟦", "⟧"


# ==== what a request shows in place of the translations ============================================
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
#: What pseudo-translation leaves alone: %-placeholders (and %%), HTML entities and tags.
_UNTOUCHED = re.compile(r"%(?:\(\w+\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[diouxXeEfFgGcrsa%]|&#?\w+;|<[^<>]*>")


def pseudo_text(text: str) -> str:
    """Accented, bracketed, about 40 % longer; placeholders untouched.

    >>> pseudo_text("Dominoes, step by step")
    '[Ðöɱîñöéš, šţéþ ƀý šţéþ ·········]'
    >>> pseudo_text("%(tile)s fits the left end.")
    '[%(tile)s ƒîţš ţĥé ļéƒţ éñð. ········]'
    """
    parts, letters, position = [], 0, 0
    for match in _UNTOUCHED.finditer(text):
        chunk = text[position:match.start()]
        parts += [chunk.translate(_ACCENTED), match.group(0)]
        letters += len(chunk)
        position = match.end()
    parts.append(text[position:].translate(_ACCENTED))
    letters += len(text) - position
    return f"[{''.join(parts)} {'·' * max(2, (letters * 2 + 4) // 5)}]"


class _ShownTranslations(NullTranslations):
    """Translations that show something computed from the msgid (English plural rule)."""

    def show(self, msgid: str, context: str | None = None) -> str:
        raise NotImplementedError

    def gettext(self, message):
        return self.show(message)

    def ngettext(self, singular, plural, n):
        return self.show(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return self.show(message, context)

    def npgettext(self, context, singular, plural, n):
        return self.show(singular if n == 1 else plural, context)

    ugettext, ungettext, upgettext, unpgettext = gettext, ngettext, pgettext, npgettext


class MsgidTranslations(_ShownTranslations):
    """``⟦msgid⟧`` (``⟦context | msgid⟧`` with a msgctxt): what to search for in the catalog.
    While catalogs reload live, a message whose translation the page's language leaves out (it
    shows in English until fixed) is marked ``⟦⚠ msgid⟧``."""

    def __init__(self, left_out: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.left_out = left_out

    def show(self, msgid, context=None, key=None):
        warn = LEFT_OUT_MARK if (key or msgid) in self.left_out else ""
        return f"{MSGID_OPEN}{warn}{context + ' | ' if context else ''}{msgid}{MSGID_CLOSE}"

    def ngettext(self, singular, plural, n):  # a plural message is known by its singular msgid
        return self.show(singular if n == 1 else plural, key=singular)

    def npgettext(self, context, singular, plural, n):
        return self.show(singular if n == 1 else plural, context, key=singular)

    ungettext, unpgettext = ngettext, npgettext


#: The msgids view's mark of a message left out of the page's language (live reload).
LEFT_OUT_MARK = "⚠ "


class PseudoTranslations(_ShownTranslations):
    def show(self, msgid, context=None):
        return pseudo_text(msgid)


class _ShownDomain(Domain):
    """A Flask-Babel domain that answers every lookup with the given translations."""

    def __init__(self, translations: NullTranslations) -> None:
        super().__init__()
        self.translations = translations

    def get_translations(self):
        return self.translations


def pseudo_enabled() -> bool:
    return bool(current_app.config.get("PSEUDO_LOCALE"))


def _first_segment() -> str:
    return request.path.lstrip("/").split("/", 1)[0]


def choose_translations(endpoint: str | None, values: dict | None) -> None:
    """Runs before the blueprints read the language: ``/en-XA/`` is English underneath, shown
    pseudo-translated; ``?msgids=1`` shows the msgids."""
    if pseudo_enabled() and _first_segment() == PSEUDO_LOCALE:
        g.pseudo = True
        g.lang = "en"
        if values and values.get("lang_code") == PSEUDO_LOCALE:
            values["lang_code"] = "en"
    if request.args.get("msgids", "") not in ("", "0"):
        g.show_msgids = True
    if g.get("show_msgids"):
        _ShownDomain(MsgidTranslations(_left_out(values))).as_default()
    elif g.get("pseudo"):
        _ShownDomain(PseudoTranslations()).as_default()


def _left_out(values: dict | None) -> frozenset[str]:
    """The msgids the address's language leaves out of its live catalog (none without live reload)."""
    lang = (values or {}).get("lang_code")
    if not lang or not current_app.config.get("CATALOG_RELOAD"):
        return frozenset()
    reload_catalogs()
    return frozenset(problem.msgid for po, problems in reloader().left_out.items()
                     if po.parent.parent.name == lang for problem in problems)


def keep_view(endpoint: str, values: dict) -> None:
    """Links of a pseudo-locale page stay in it; links of a msgids view keep ``msgids=1``."""
    if not (g.get("pseudo") or g.get("show_msgids")) or "lang_code" not in url_map_arguments(endpoint):
        return
    if g.get("pseudo"):
        values.setdefault("lang_code", PSEUDO_LOCALE)
    if g.get("show_msgids"):
        values.setdefault("msgids", "1")


# ==== live reload ================================================================================
def reloader(app: Flask | None = None) -> catalogs.CatalogReloader:
    """The app's catalog reloader, made when first needed (live reload, the status page): the
    translators' tools are not imported while the app starts."""
    app = app or current_app
    if "catalog_reloader" not in app.extensions:
        from tutor import catalogs  # the translators' tools, imported when used


        app.extensions["catalog_reloader"] = catalogs.CatalogReloader(get_babel(app).translation_directories)
    return app.extensions["catalog_reloader"]


def reload_catalogs() -> None:
    if not current_app.config.get("CATALOG_RELOAD"):
        return
    if reloader().refresh():
        # Flask-Babel keeps each locale's Translations in its default domain's cache, for the
        # app's life: drop them so that the next lookup reads the new .mo files.
        get_babel().instance.domain_instance.cache.clear()
        forget_pages()  # the pages kept, rendered in the words of before


def no_cache_while_reloading(response: Response) -> Response:
    """While translating, a browser must not keep a diagram file from before the last save."""
    if current_app.config.get("CATALOG_RELOAD"):
        response.cache_control.max_age = 0
        response.cache_control.no_cache = True
    return response


# ==== the status page =============================================================================
bp = Blueprint("translators", __name__, url_prefix="/<lang_code>/translators")
use_language_prefix(bp)
root = Blueprint("translators_root", __name__)


def area_title(area: str) -> str:
    titles = {
        # TRANSLATORS: translation status page: the area of the app with the guided games (domino hands, backgammon positions) and free play.
        "hands": lambda: _("Guided games and free play"),
        # TRANSLATORS: translation status page: the area with the rulebook diagrams (their labels, descriptions and captions).
        "diagrams": lambda: _("Diagrams"),
        # TRANSLATORS: translation status page: the area with the sentences that explain a position (hints, the analyze API, error messages about moves).
        "explanations": lambda: _("Explanations"),
        # TRANSLATORS: translation status page: the area with the app's menus, buttons, headings and error pages.
        "interface": lambda: _("Interface"),
    }
    return titles[area]()


def _lesson_files(room) -> list[str]:
    """A room's lesson files, as the catalogs' references name them ("lessons/backgammon/03-dice.toml"),
    in course order (files are numbered in it)."""
    folder = LESSONS / room.lessons if room.lessons else LESSONS
    prefix = "lessons/" + (f"{room.lessons}/" if room.lessons else "")
    return [prefix + p.name for p in sorted(folder.glob("[0-9][0-9]-*.toml"))]


def _section_for(lesson_file: str):
    """(the room, the course section) of a lesson file (``lessons/NN-name.toml``,
    ``lessons/backgammon/NN-name.toml``), or ``None``."""
    for room in rooms():
        if not room.step:
            continue
        files = _lesson_files(room)
        if lesson_file in files:
            sections = room.course()
            index = files.index(lesson_file)
            return (room, sections[index]) if index < len(sections) else None
    return None


#: The fragment that ``static/msgids.js`` reads on a ``?msgids=1`` page: it marks the msgid and
#: scrolls to it (an element id cannot be put on a text that may sit in an attribute).
MSGID_ANCHOR = "msgid="


def _english_texts() -> list[tuple[str, str, str]]:
    """Every diagram's words in English (title, description, labels, lines under it), once, as
    (gallery endpoint, diagram id, words): each game's room gives its own (``tutor.web.rooms``)."""
    if not hasattr(_english_texts, "cache"):
        from flask_babel import force_locale

        with force_locale("en"):
            texts = [(room.gallery, diagram_id, words) for room, found in diagram_words()
                     for diagram_id, words in found.items()]
        _english_texts.cache = texts  # type: ignore[attr-defined]
    return _english_texts.cache  # type: ignore[attr-defined]


def _diagram_showing(message) -> tuple[str, str] | None:
    """The first diagram whose words include this message (its text around the placeholders): the
    place to look at a screen-reader description or a label; (its gallery's endpoint, its id)."""
    from tutor import catalogs  # the translators' tools, imported when used

    for msgid in catalogs._ids(message):
        pieces = [" ".join(p.split()) for p in catalogs.PLACEHOLDER.split(msgid)]
        pieces = [p for p in pieces if p and any(c.isalpha() for c in p)]
        if not pieces:
            continue
        for gallery, diagram_id, text in _english_texts():
            if all(piece in text for piece in pieces if piece is not None):
                return gallery, diagram_id
    return None


def _gallery_of(diagram_id: str | None) -> str:
    """The gallery that shows ``diagram_id`` (the first room's when none or unknown)."""
    found = _english_texts()
    return next((gallery for gallery, shown, _words in found if shown == diagram_id), found[0][0] if found else "")


_SHOT_PAGES: dict[tuple, dict] = {}


def _shot_pages() -> dict[tuple[str | None, str], str]:
    """(context, msgid) -> the English page ``make context-shots`` photographed it on (its
    ``index.json``), when that is a page one can open (not a form's answer or the API's); read again
    when the file changes."""
    path = shots_folder() / "index.json"
    stamp = _stamp(path)
    if stamp not in _SHOT_PAGES:
        pages = {}
        try:
            index = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            index = {}
        for entry in index.values() if isinstance(index, dict) else ():
            page = entry.get("page") if isinstance(entry, dict) else None
            if isinstance(page, str) and page.startswith("/en/") and "posted" not in entry and "body" not in entry:
                pages[(entry.get("context"), entry.get("msgid"))] = page
        _SHOT_PAGES.clear()
        _SHOT_PAGES[stamp] = pages
    return _SHOT_PAGES[stamp]


def _in_language(page: str, lang: str) -> str:
    """An English page of the app (``/en/...``) in ``lang``, with the msgids view on."""
    from urllib.parse import parse_qsl, urlencode, urlsplit

    parts = urlsplit(page)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "msgids"] + [("msgids", "1")]
    return f"/{lang}/" + parts.path[len("/en/"):] + "?" + urlencode(query)


def _link_for(message, lang: str) -> str:
    """Where a message shows, in the catalog's language with the msgids view on, the fragment
    pointing at the msgid on that page: the page ``make context-shots`` photographed it on when it
    did; else its lesson step (its section's page for a section's title or summary, the speaker notes
    for a step's notes), its diagram in its game's gallery, its game's practice page, the page of the file
    it is written in (the rooms' ``pages``), the home page."""
    from tutor import catalogs  # the translators' tools, imported when used

    lang = lang if lang in LANGUAGES else "en"  # (a catalog the app does not serve: a reserved code's)
    anchor = "#" + MSGID_ANCHOR + quote(catalogs._first_id(message), safe="")
    view = {"lang_code": lang, "msgids": "1"}
    shown = _shot_pages().get((message.context, catalogs._first_id(message)))
    if shown:
        return _in_language(shown, lang) + anchor
    step = catalogs.lesson_step_of(message)
    if step:
        found = _section_for(step[0])
        if found is not None:
            room, section = found
            if step[1] and section.step(step[1]):
                if any("notes[" in comment for comment in message.auto_comments) and room.notes:
                    return url_for(room.notes, section_id=section.id, **view) + anchor
                return url_for(room.step, section_id=section.id, step_id=step[1], **view) + anchor
            return url_for(room.section, section_id=section.id, **view) + anchor
    areas = catalogs.areas_of(message)
    named = catalogs.diagram_of(message)
    gallery, diagram = ((_gallery_of(named), named) if named else
                        ("diagrams" in areas and _diagram_showing(message)) or (_gallery_of(None), None))
    if diagram or "diagrams" in areas:
        # a picture's words are inside its SVG: the link goes to the picture itself
        return url_for(gallery, **view) + (f"#{diagram}" if diagram else anchor)
    if "hands" in areas:
        backgammon = any("backgammon" in str(f) for f, _line in message.locations)
        for room in rooms():
            if room.practice and (room.name == "backgammon") == backgammon and room.practice in current_app.view_functions:
                return url_for(room.practice, **view) + anchor
    page = _page_of_source(message)
    if page:
        return url_for(page[0], **page[1], **view) + anchor
    return url_for("home.index", **view) + anchor


#: The shared files' pages (a game's files: its room's ``pages``).
_SHARED_PAGES = (("templates/present/index.html", "present.index", {}),
                 ("templates/present/_plan_table.html", "present.index", {}),
                 ("templates/translators/", "translators.status", {}),
                 ("tutor/web/translators.py", "translators.status", {}))


def _page_of_source(message) -> tuple[str, dict] | None:
    """The page that shows the texts of the file the message is first written in (the longest
    matching file or folder of the rooms' ``pages`` and the shared ones), when it can be opened."""
    known = [*_SHARED_PAGES, *(entry for room in rooms() for entry in room.pages())]
    for path, _line in message.locations:
        found = [entry for entry in known if str(path) == entry[0] or (entry[0].endswith("/") and str(path).startswith(entry[0]))]
        if found:
            _path, endpoint, values = max(found, key=lambda entry: len(entry[0]))
            if endpoint in current_app.view_functions:
                return endpoint, dict(values)
    return None


def syntax_message(problem: catalogs.Problem) -> str:
    """A syntax error in the page's language (the terminal has the English)."""
    values = dict(problem.params)
    messages = {
        # TRANSLATORS: translation status page: a catalog file that cannot be opened; %(reason)s is the system's reason, in English.
        "unreadable": lambda: _("The file cannot be opened: %(reason)s", reason=values.get("reason", "")),
        # TRANSLATORS: translation status page: a part of a catalog file that is not saved as UTF-8.
        "not_utf8": lambda: _("This text is not in UTF-8: save the file as UTF-8."),
        # TRANSLATORS: translation status page: the text after msgid or msgstr does not start with a quotation mark. Keep the sign (") as it is.
        "no_open_quote": lambda: _('The text must start with a quotation mark (").'),
        # TRANSLATORS: translation status page: a catalog text with no closing quotation mark.
        "not_closed": lambda: _("The text is not closed: it needs a quotation mark at its end."),
        # TRANSLATORS: translation status page: a backslash sequence the catalog format does not allow; %(char)s is the letter after the backslash. Keep \\, \" and \n as they are.
        "bad_escape": lambda: _('Unknown escape \\%(char)s: write \\\\ for a backslash, \\" for a quotation mark and \\n for a newline.',
                                char=values.get("char", "")),
        # TRANSLATORS: translation status page: a quotation mark inside a catalog text must be written with a backslash before it. Keep \" as it is.
        "inner_quote": lambda: _('A quotation mark inside the text must be written \\".'),
        # TRANSLATORS: translation status page: something follows the closing quotation mark of a catalog text; %(text)s is what follows.
        "after_quote": lambda: _("There is text after the closing quotation mark: %(text)s", text=values.get("text", "")),
        # TRANSLATORS: translation status page: the same msgid appears twice in a catalog; %(line)s is the number of the row (line of the file) with the first one.
        "duplicate": lambda: _("This msgid was already given at row %(line)s: keep one of the two entries.",
                               line=values.get("line", "")),
        # TRANSLATORS: translation status page: a plural entry has a form more than the header allows; %(forms)s is how many forms the language has, %(index)s the extra form's number. Keep msgstr[...] as it is.
        "extra_form": lambda: _("The header's Plural-Forms allows %(forms)s plural forms: remove msgstr[%(index)s], or fix the header.",
                                forms=values.get("forms", ""), index=values.get("index", "")),
        # TRANSLATORS: translation status page: a row of a catalog file starts with an unknown word; %(word)s is that word. Keep msgid, msgid_plural, msgstr and msgctxt in English.
        "keyword": lambda: _("Unknown keyword %(word)s: each row starts with msgid, msgid_plural, msgstr, msgctxt, a quotation mark or #.",
                             word=values.get("word", "")),
        # TRANSLATORS: translation status page: a row of a catalog file that is neither a comment, a keyword nor a quoted text.
        "stray_line": lambda: _("This row is neither a comment (#), a keyword (msgid, msgstr...) nor a text in quotation marks."),
        # TRANSLATORS: translation status page: Babel, the library that reads catalogs, refuses an entry; %(reason)s is its own message, in English.
        "babel": lambda: _("Babel cannot read this entry: %(reason)s", reason=values.get("reason", "")),
    }
    return messages[problem.key]() if problem.key in messages else problem.message


def _catalog_directory() -> Path:
    return Path(get_babel().translation_directories[0])


def status_data() -> dict:
    from tutor import catalogs  # the translators' tools, imported when used

    directory = _catalog_directory()
    rows, template = _stats(directory)
    glossary_path = directory / "glossary.toml"
    glossary_path = glossary_path if glossary_path.exists() else catalogs.GLOSSARY
    live = reloader()
    team = []  # one entry per catalog ("languages" is the base template's language menu)
    for row in rows:
        po = row.path
        errors = list(row.errors)
        for problem in live.errors.get(po, []):
            if problem not in errors:
                errors.append(problem)
        problems = [] if row.errors else list(_checked(po, template, glossary_path))
        problems += live.left_out.get(po, [])
        team.append({
            "code": row.lang, "name": LANGUAGE_NAMES.get(row.lang) or catalogs.language_name(row.lang),
            "stats": row, "errors": errors, "problems": problems,
            "serving_last_good": bool(live.errors.get(po)),
            "todo": [{"message": m, "state": catalogs.message_state(m), "href": _link_for(m, row.lang),
                      "comment": " ".join(m.auto_comments),
                      # a fuzzy entry has a translation to check: show it
                      "current": [t for t in catalogs._strings(m) if t] if m.fuzzy else [],
                      "shot": shot_url(m)}
                     for m in row.todo],
        })
    courses = []  # each game's course, its sections and their steps (the lesson files, numbered in course order)
    for room in rooms():
        if not room.step:
            continue
        sections = []
        for section, lesson_file in zip(room.course(), _lesson_files(room)):
            sections.append({
                "section": section, "area": lesson_file,
                "href": url_for(room.section, section_id=section.id),
                "steps": [{"step": step, "key": (lesson_file, step.id),
                           "href": url_for(room.step, section_id=section.id, step_id=step.id)}
                          for step in section.steps],
            })
        courses.append({"name": room.name, "title": room.course_title(), "sections": sections})
    areas = [a for a in catalogs.AREAS if any(a in r.areas for r in rows)]
    # ?area=: the to-do lists of one section or area (a lesson file, or one of catalogs.AREAS)
    shown = request.args.get("area")
    known = {*areas, *(item["area"] for course in courses for item in course["sections"])}
    if shown is not None:
        if shown not in known:
            # TRANSLATORS: translation status page: the address asks for the texts of a section or area the app does not have.
            raise BadGame(_("There is no section or area of that name. Choose one in the table “By section”."))
        for language in team:
            language["todo"] = [item for item in language["todo"] if shown in catalogs.areas_of(item["message"])]
    sections = {item["area"]: item["section"] for course in courses for item in course["sections"]}
    shown_name = "" if shown is None else area_title(shown) if shown in areas else \
        f"{sections[shown].number}. {translate_text(sections[shown].title)}"
    return {"team": team, "courses": courses, "areas": areas, "shown_area": shown, "shown_name": shown_name}


_CHECKED: dict[tuple, tuple[catalogs.Problem, ...]] = {}
_STATS: dict[tuple, tuple[list, object]] = {}


def _stats(directory: Path) -> tuple[list, object]:
    """Each catalog's counts and the template, remembered until a catalog or the template changes
    (reading and counting the catalogs took half a second at every request of the page)."""
    from tutor import catalogs  # the translators' tools, imported when used

    pot = directory / "messages.pot"
    files = catalogs.catalog_files(directory)
    key = (_stamp(pot), catalogs.catalog_languages(directory), tuple(_stamp(files[lang]) for lang in sorted(files)))
    if key not in _STATS:
        _STATS.clear()
        _STATS[key] = (catalogs.all_stats(directory), catalogs.read_template(pot) if pot.exists() else None)
    return _STATS[key]


def _stamp(path: Path) -> tuple[str, int, int]:
    try:
        stat = path.stat()
    except OSError:
        return (str(path), 0, 0)
    return (str(path), stat.st_mtime_ns, stat.st_size)


def _checked(po: Path, template, glossary_path: Path) -> tuple[catalogs.Problem, ...]:
    """The content checks of one catalog (not completeness: the page counts that), remembered until
    the catalog, the template or the glossary changes."""
    from tutor import catalogs  # the translators' tools, imported when used

    key = (_stamp(po), _stamp(glossary_path), template is not None)
    if key not in _CHECKED:
        checks = [c for c in catalogs.CONTENT_CHECKS if c != "completeness"]
        try:
            found = catalogs.check_catalog(po, template, None, glossary_path, checks=checks)
        except ImportError:  # dennis and polib come with the translate extra: without them, no checks here
            current_app.logger.warning("the catalog checks need the translate extra (pip install -e '.[translate]')")
            found = []
        if len(_CHECKED) > 64:
            _CHECKED.clear()
        _CHECKED[key] = tuple(found)
    return _CHECKED[key]


# ---- context pictures (``make context-shots``, tutor/tools/context_shots.py) -------------------------------
_SHOT_NAME = re.compile(r"[0-9a-f]{16}\.png")


def shots_folder() -> Path:
    from tutor.paths import REPOSITORY

    return Path(current_app.config.get("CONTEXT_SHOTS") or REPOSITORY / "context-shots")


def shot_url(message) -> str | None:
    """The context picture of a catalog entry, when ``make context-shots`` has taken one."""
    from tutor import catalogs  # the translators' tools, imported when used

    from hashlib import sha1

    msgid = catalogs._first_id(message)
    key = f"{message.context}\x04{msgid}" if message.context else msgid
    name = sha1(key.encode("utf-8")).hexdigest()[:16] + ".png"  # tutor.tools.context_shots.shot_name
    return url_for("translators_root.shot", name=name) if (shots_folder() / name).is_file() else None


@root.get("/translators/shots/<name>")
def shot(name: str):
    from flask import abort, send_from_directory

    if not _SHOT_NAME.fullmatch(name):
        abort(404)
    return send_from_directory(shots_folder(), name, mimetype="image/png", max_age=0)


@root.get("/translators/")
def status_redirect():
    return redirect(url_for("translators.status", lang_code=best_language()))


@bp.get("/")
def status():
    return render_template(
        "translators/status.html", **status_data(), area_title=area_title, syntax_message=syntax_message,
        pseudo_locale=PSEUDO_LOCALE if pseudo_enabled() else None,
        reload_on=bool(current_app.config.get("CATALOG_RELOAD")),
    )


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def init_app(app: Flask) -> None:
    """Config defaults from the environment (``make run`` sets them), the hooks, the pages."""
    app.config.setdefault("CATALOG_RELOAD", _flag("TUTOR_CATALOG_RELOAD"))
    app.config.setdefault("PSEUDO_LOCALE", _flag("TUTOR_PSEUDO_LOCALE"))
    if app.config["CATALOG_RELOAD"]:
        reloader(app)  # see every catalog's state from the start
    app.url_value_preprocessor(choose_translations)
    app.url_defaults(keep_view)
    app.before_request(reload_catalogs)
    app.after_request(no_cache_while_reloading)

    @app.context_processor
    def pseudo_language() -> dict:
        return {"lang": PSEUDO_LOCALE} if g.get("pseudo") else {}

    @app.context_processor
    def msgids_view() -> dict:
        return {"show_msgids": bool(g.get("show_msgids"))}

    app.register_blueprint(bp)
    app.register_blueprint(root)


__all__ = ["PSEUDO_LOCALE", "MsgidTranslations", "PseudoTranslations", "bp", "init_app", "pseudo_text"]
