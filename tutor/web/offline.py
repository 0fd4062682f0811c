"""Offline: the lessons a learner has read stay readable without a network, and the tutor can be
added to a phone's home screen.

- ``/sw.js``: the service worker (``tutor/static/sw.js``, a same-origin static file, as the
  Content-Security-Policy of ``tutor.web.security`` allows: ``script-src 'self'``). Served from the
  site's root so that its scope is the whole site; ``no-cache``, so that a new version is found
  at the next visit. It keeps each page marked ``Offline: keep`` (:data:`KEEP_HEADER`, the pages
  the same for everyone: ``tutor.web.delivery``) as it is read, and the static files; without a
  network it answers from them, and for any other page with the offline page.
- ``/<lang>/offline``: the offline page, in the learner's language: which pages still open, and
  that the games need the server.
- ``/<lang>/manifest.webmanifest``: the web app manifest, named in the learner's language, its
  start the home page of that language; ``/favicon.ico``, the icon.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, json, render_template, url_for
from flask_babel import gettext as _

from tutor.web.delivery import KEEP_HEADER, same_for_everyone
from tutor.web.i18n import use_language_prefix

THEME_COLOUR = "#0b6e69"  # tutor.css's --accent
BACKGROUND_COLOUR = "#fbfaf6"  # tutor.css's --paper

bp = Blueprint("offline", __name__, url_prefix="/<lang_code>")
use_language_prefix(bp)
root = Blueprint("offline_root", __name__)


@root.get("/sw.js")
def service_worker():
    files = current_app.extensions["static_files"]
    found = files.find("sw.js")
    response = Response(found[1], mimetype="text/javascript")
    response.cache_control.no_cache = True
    response.set_etag(files.hashed_name("sw.js"))
    return response


@root.get("/favicon.ico")
def favicon():
    """What a browser asks for where a page names no icon (a JSON file, a picture opened alone)."""
    found = current_app.extensions["static_files"].find("icon-192.png")
    response = Response(found[1], mimetype="image/png")
    response.cache_control.public = True
    response.cache_control.max_age = 24 * 3600
    return response


@bp.get("/offline")
@same_for_everyone
def page():
    return render_template("offline.html")


@bp.get("/manifest.webmanifest")
@same_for_everyone
def manifest():
    # TRANSLATORS: the app's name under its icon on a phone's home screen (keep it short: about 12 characters).
    short_name = _("Game rules")
    body = {
        "name": _("Game rules, step by step"),
        "short_name": short_name,
        "start_url": url_for("home.index"),
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": url_for("static", filename="icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512", "type": "image/png"},
        ],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.register_blueprint(root)


__all__ = ["KEEP_HEADER", "bp", "init_app", "root"]
