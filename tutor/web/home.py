"""The pages of no game: ``/`` picks the visitor's language, ``/<lang>/`` shows the games to learn
(each room's card: ``tutor.web.rooms``)."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for

from tutor.web.i18n import best_language, use_language_prefix
from tutor.web.rooms import home_page, page_game
from tutor.web.delivery import same_for_everyone

bp = Blueprint("home", __name__, url_prefix="/<lang_code>")
use_language_prefix(bp)
root = Blueprint("root", __name__)

bp.add_app_template_global(page_game, "page_game")


@root.get("/")
def index():
    return redirect(url_for("home.index", lang_code=best_language()))


@bp.get("/", endpoint="index")
@same_for_everyone
def games():
    return render_template("home.html", **home_page())
