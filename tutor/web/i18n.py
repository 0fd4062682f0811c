"""Choosing the learner's language: the URL prefix for pages, ``?lang=`` or Accept-Language for the API."""

from __future__ import annotations

from flask import Flask, g, request
from flask_babel import Babel

LANGUAGES = ("vi", "id", "en")
DEFAULT_LANGUAGE = "en"


def best_language() -> str:
    """The page's prefix, else ``?lang=``, else the browser's preference, else English."""
    lang = g.get("lang")
    if lang in LANGUAGES:
        return lang
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return asked
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=best_language)

    @app.context_processor
    def language() -> dict:
        return {"lang": best_language(), "languages": LANGUAGES}
