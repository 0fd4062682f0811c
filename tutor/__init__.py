"""tutor: a web app that teaches the rules of games (dominoes, backgammon) in Vietnamese, Indonesian and English."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

from flask import Flask

from tutor.paths import DATA_DIR, TEMPLATES, TRANSLATIONS


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Application factory: the shared pages, then each game's room (``tutor.web.rooms``); catalogs from ``translations/``."""
    app = Flask(__name__, template_folder=str(TEMPLATES))
    app.config.from_mapping(
        DATA_DIR=str(DATA_DIR),  # templates/, lessons/, translations/ (tutor.paths; TUTOR_DATA_DIR)
        BABEL_TRANSLATION_DIRECTORIES=str(TRANSLATIONS),
        BABEL_DEFAULT_LOCALE="en",
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    app.json.sort_keys = False  # keep the API's documented field order
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        # Free-play deals are derived from this key (tutor.freeplay): the environment's for make
        # run / make serve, else one made once per machine, shared by all its gunicorn workers.
        # A key too short to be one is refused (tutor.freeplay.MIN_KEY_BYTES).
        from tutor.freeplay import secret_key_from_environment, secret_key_from_file

        given = os.environ.get("TUTOR_SECRET_KEY")
        app.config["SECRET_KEY"] = secret_key_from_environment(given) if given else secret_key_from_file(
            Path(app.instance_path) / "secret_key")

    from tutor.web import classroom, delivery, errors, home, i18n, offline, present, rooms, security, translators
    from tutor.web.backgammon.room import ROOM as BACKGAMMON
    from tutor.web.domino.room import ROOM as DOMINOES

    delivery.init_app(app)  # first: its compression runs after every other hook has had its say
    i18n.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    app.register_blueprint(home.bp)  # the games to learn
    app.register_blueprint(home.root)  # / picks a language
    app.register_blueprint(present.bp)  # the presenter's index, every game's
    offline.init_app(app)  # the service worker, the offline page, the web app manifest
    for room in (DOMINOES, BACKGAMMON):  # each game's pages, presenter and API
        rooms.add(app, room)
    classroom.init_app(app)  # class mode: phones answer the presenter's questions (the app's one server state)
    translators.init_app(app)  # live reload, msgids view, pseudo-locale, status page
    return app
