"""Pages under a language prefix (``/vi/``, ``/id/``, ``/en/``), and the bare root that picks one."""

from __future__ import annotations

from flask import Blueprint, abort, g, redirect, render_template, request, url_for

from .i18n import LANGUAGES, best_language

bp = Blueprint("pages", __name__, url_prefix="/<lang_code>")
root = Blueprint("root", __name__)


@bp.url_value_preprocessor
def take_language(endpoint, values) -> None:
    lang = values.pop("lang_code", None) if values else None
    if lang not in LANGUAGES:
        abort(404)
    g.lang = lang


@bp.url_defaults
def give_language(endpoint, values) -> None:
    values.setdefault("lang_code", g.get("lang") or best_language())


@root.get("/")
def index():
    return redirect(url_for("pages.home", lang_code=best_language()))


@bp.get("/")
def home():
    return render_template("pages/home.html")
