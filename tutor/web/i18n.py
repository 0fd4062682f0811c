"""Choosing the learner's language, and reading the catalogs safely.

Pages take the language from their URL prefix; the API from ``?lang=``, else Accept-Language,
else English. Every translated string reaches a page escaped: a catalog is text, never markup, so
a translation cannot inject HTML or script.
"""

from __future__ import annotations

from flask import Flask, g, request
from flask_babel import Babel, get_translations
from markupsafe import Markup, escape

LANGUAGES = ("vi", "id", "en")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"vi": "Tiếng Việt", "id": "Bahasa Indonesia", "en": "English"}


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

    @app.context_processor
    def language() -> dict:
        return {"lang": best_language(), "languages": LANGUAGES, "language_names": LANGUAGE_NAMES}
