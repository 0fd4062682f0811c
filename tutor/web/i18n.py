"""Choosing the learner's language, and reading the catalogs safely.

Pages take the language from their URL prefix; the API from ``?lang=``, else Accept-Language,
else English. Every translated string reaches a page escaped: a catalog is text, never markup, so
a translation cannot inject HTML or script.
"""

from __future__ import annotations

from typing import Callable

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

from flask import Blueprint, Flask, abort, current_app, g, has_app_context, request, url_for
from werkzeug.routing import BuildError
from flask_babel import Babel, get_translations
from markupsafe import Markup, escape

# ---- the languages: one per catalog folder, translations/<code>/LC_MESSAGES/messages.po (so that
# `make add-language LANG=xx` is all it takes; see TRANSLATING.md), in the course's order, then A-Z.
from tutor.languages import CATALOGS, catalog_languages, language_name  # noqa: E402

DEFAULT_LANGUAGE = "en"
OWN_NAMES = {"vi": "Tiếng Việt", "id": "Bahasa Indonesia", "en": "English"}


class CatalogFolders:
    """The languages of one catalog folder, read again when the folder changes (its modification
    time moves when a language folder is added or removed), so that the menu and the addresses
    follow ``make add-language`` or a removed folder without a restart. A few ``stat`` calls a request."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self._lock = threading.Lock()
        self._stamp: tuple | None = None
        self._codes: tuple[str, ...] = ()

    def _current_stamp(self) -> tuple:
        try:
            folders = [p for p in self.directory.iterdir() if p.is_dir()]
            return (self.directory.stat().st_mtime_ns,) + tuple(
                sorted((p.name, (p / "LC_MESSAGES").exists()) for p in folders))
        except OSError:
            return ()

    def codes(self) -> tuple[str, ...]:
        stamp = self._current_stamp()
        if stamp != self._stamp:
            with self._lock:
                # (a catalog of a code reserved for the tests and tools is checked and counted, not served)
                self._codes = catalog_languages(self.directory, preferred=("vi", "id", "en"), reserved=False)
                self._stamp = stamp
        return self._codes


_DEFAULT_FOLDERS = CatalogFolders(CATALOGS)


def _folders() -> CatalogFolders:
    if has_app_context():
        return current_app.extensions.get("catalog_folders", _DEFAULT_FOLDERS)
    return _DEFAULT_FOLDERS


class _Languages(Sequence):
    """``LANGUAGES``: the app's languages now (``in``, iteration and indexing read the folder)."""

    def __getitem__(self, index):
        return _folders().codes()[index]

    def __len__(self) -> int:
        return len(_folders().codes())

    def __iter__(self) -> Iterator[str]:
        return iter(_folders().codes())

    def __contains__(self, code: object) -> bool:
        return code in _folders().codes()

    def __eq__(self, other: object) -> bool:
        return tuple(self) == (tuple(other) if isinstance(other, Sequence) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(_folders().codes())


class _LanguageNames:
    """``LANGUAGE_NAMES[code]``: a language's name in itself."""

    def get(self, code: str, default: str | None = None) -> str | None:
        return OWN_NAMES.get(code) or language_name(code) if code in LANGUAGES else default

    def __getitem__(self, code: str) -> str:
        return OWN_NAMES.get(code) or language_name(code)


LANGUAGES: Sequence[str] = _Languages()
LANGUAGE_NAMES = _LanguageNames()
# ---- end of the languages


def best_language() -> str:
    """The page's prefix, else ``?lang=``, else the browser's preference, else English."""
    lang = g.get("lang")
    if lang in LANGUAGES:
        return lang
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return asked
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


# ---- the language in a page's address: /vi/..., /id/..., /en/...
def take_language(endpoint, values) -> None:
    """Move the URL's language into ``g``; an unknown language is a 404 (shown in the best one)."""
    lang = values.pop("lang_code", None) if values else None
    if lang not in LANGUAGES:
        abort(404)
    g.lang = lang


def give_language(endpoint, values) -> None:
    values.setdefault("lang_code", g.get("lang") or best_language())


def use_language_prefix(blueprint: Blueprint) -> None:
    """Give a blueprint the ``/<lang_code>`` behaviour: shared links open in their language."""
    blueprint.url_value_preprocessor(take_language)
    blueprint.url_defaults(give_language)


def translate_text(msgid: str) -> Markup:
    """A catalog string as escaped text, with no %-formatting (lesson paragraphs are data)."""
    return escape(get_translations().ugettext(msgid))


def section_title_in(find: Callable, section_id: str) -> str:
    """A course section's title (from its lesson file, the one place it is written) in the page's
    language; ``find`` is the course's lookup (``tutor.course.find`` or the backgammon course's)."""
    section, _step = find(section_id)
    return str(translate_text(section.title)) if section else section_id


#: The query arguments each blueprint's pages keep in their language links: the state of what is on
#: the page (a game's moves, a slide's number), by blueprint name (:func:`keep_in_language_links`).
_PAGE_STATE: dict[str, frozenset[str]] = {}


def keep_in_language_links(blueprint: Blueprint, *names: str) -> None:
    """Say which query arguments describe what ``blueprint``'s pages show (a game's state, a slide):
    the language menu carries those over, and only those. A one-off click (a tile tried, a tap)
    is not one of them, nor anything else a visitor adds to an address."""
    _PAGE_STATE[blueprint.name] = _PAGE_STATE.get(blueprint.name, frozenset()) | frozenset(names)


def switch_language_url(code: str) -> str:
    """This very page in another language: same step, same diagram, same game position.

    Built from the app's own arguments only: the route's path arguments and the query arguments
    the page's blueprint keeps (:func:`keep_in_language_links`). Any other query argument is left
    out, url_for's own (``_method``, ``_external``, ``_scheme``, ``_anchor``) included, so an address
    cannot make the menu fail, point at another host or rewrite a link's target."""
    endpoint = request.endpoint or ""
    if "lang_code" not in url_map_arguments(endpoint):
        return url_for("home.index", lang_code=code)
    args = dict(request.view_args or {})
    kept = _PAGE_STATE.get(request.blueprint or "", frozenset())
    # a game page answering a tap names the state after it (g.page_args), not the address tapped
    state = g.get("page_args")
    shown = state if state is not None else request.args
    args.update({name: value for name, value in shown.items()
                 if name in kept and name not in args and not name.startswith("_")})
    args["lang_code"] = code
    try:
        return url_for(endpoint, **args)
    except BuildError:  # a path argument the route cannot build again: the language's home page
        return url_for("home.index", lang_code=code)


def url_map_arguments(endpoint: str) -> set[str]:
    return {arg for rule in current_app.url_map.iter_rules(endpoint) for arg in rule.arguments} if endpoint else set()


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=best_language)
    app.extensions["catalog_folders"] = CatalogFolders(Path(app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";")[0]))
    # Flask-Babel marks translations as safe markup in templates; escape them instead. Jinja's
    # new-style gettext then fills placeholders, escaping the values too.
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: escape(get_translations().ugettext(s)),
        ngettext=lambda s, p, n: escape(get_translations().ungettext(s, p, n)),
        pgettext=lambda c, s: escape(get_translations().upgettext(c, s)),
        npgettext=lambda c, s, p, n: escape(get_translations().unpgettext(c, s, p, n)),
        newstyle=True,
    )
    app.jinja_env.globals["tr"] = translate_text
    app.jinja_env.globals["switch_language_url"] = switch_language_url

    @app.context_processor
    def language() -> dict:
        return {"lang": best_language(), "languages": tuple(LANGUAGES), "language_names": LANGUAGE_NAMES}
