"""Choosing the learner's language, and reading the catalogs safely.

Pages take the language from their URL prefix; the API from ``?lang=``, else Accept-Language,
else English. Every translated string reaches a page escaped: a catalog is text, never markup, so
a translation cannot inject HTML or script.
"""

from __future__ import annotations

from flask import Flask, current_app, g, request, url_for
from flask_babel import Babel, get_translations
from markupsafe import Markup, escape

# ---- the languages: one per catalog folder, translations/<code>/LC_MESSAGES/messages.po (so that
# `make add-language LANG=xx` is all it takes; see TRANSLATING.md), in the course's order, then A-Z.
from ..catalogs import CATALOGS, catalog_languages, language_name  # noqa: E402

LANGUAGES = catalog_languages(CATALOGS, preferred=("vi", "id", "en"))
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {code: {"vi": "Tiếng Việt", "id": "Bahasa Indonesia", "en": "English"}.get(code) or language_name(code)
                  for code in LANGUAGES}
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


def translate_text(msgid: str) -> Markup:
    """A catalog string as escaped text, with no %-formatting (lesson paragraphs are data)."""
    return escape(get_translations().ugettext(msgid))


#: Query parameters that describe what is on the page (a game's state); a one-off click is not one.
_TRANSIENT_ARGS = {"try"}


def switch_language_url(code: str) -> str:
    """This very page in another language: same step, same diagram, same game position."""
    endpoint = request.endpoint or ""
    args = dict(request.view_args or {})
    if "lang_code" not in url_map_arguments(endpoint):
        return url_for("pages.home", lang_code=code)
    args.update({k: v for k, v in request.args.items() if k not in _TRANSIENT_ARGS})
    args["lang_code"] = code
    return url_for(endpoint, **args)


def url_map_arguments(endpoint: str) -> set[str]:
    return {arg for rule in current_app.url_map.iter_rules(endpoint) for arg in rule.arguments} if endpoint else set()


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=best_language)
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
        return {"lang": best_language(), "languages": LANGUAGES, "language_names": LANGUAGE_NAMES}
