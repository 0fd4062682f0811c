"""tutor: a web app that teaches the rules of dominoes in Vietnamese, Indonesian and English."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

from flask import Flask

from .paths import DATA_DIR, TEMPLATES, TRANSLATIONS


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Application factory: one blueprint per area, catalogs from ``translations/``."""
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
        from .freeplay import secret_key_from_file

        app.config["SECRET_KEY"] = os.environ.get("TUTOR_SECRET_KEY") or secret_key_from_file(
            Path(app.instance_path) / "secret_key")

    from .web import api, diagrams, errors, i18n, pages, play
    from .web import security

    i18n.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(pages.root)
    app.register_blueprint(diagrams.bp)
    app.register_blueprint(play.bp)
    from .web import present; app.register_blueprint(present.bp)  # presenter mode and handouts
    from .web import backgammon; app.register_blueprint(backgammon.bp)  # backgammon diagrams and lessons
    from .web import backgammon_present; app.register_blueprint(backgammon_present.bp)  # the backgammon course's presenter
    from .web import backgammon_play; app.register_blueprint(backgammon_play.bp)  # backgammon guided positions and free play
    from .web import translators; translators.init_app(app)  # live reload, msgids view, pseudo-locale, status page
    return app
