"""The JSON interface, version 1 (documented in README.md, specified in ../shared/API.md): what every
game's API shares. Each game answers under ``/api/v1/<game>/`` with a blueprint of its own
(``tutor.web.domino.api``, ``tutor.web.backgammon.api``), made by :func:`game_api`."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify
from flask_babel import gettext as _

from tutor.web.sentences import register

#: Where every game's interface lives.
PREFIX = "/api/v1"


def game_api(game: str) -> Blueprint:
    """The blueprint of ``game``'s interface, under ``/api/v1/<game>``."""
    return Blueprint(f"{game}_api", f"tutor.web.{game}.api", url_prefix=f"{PREFIX}/{game}")


#: What every game's API says of a body it cannot read (each game lends them to its refusals).
_BODY: dict = {
    # TRANSLATORS: error message of the analyze API (body); field names such as hands, line, to_move and passes stay in English.
    "body": lambda **p: _("The request body must be a JSON object."),
    # TRANSLATORS: error message of the analyze API (missing); field names such as hands, line, to_move and passes stay in English.
    "missing": lambda field, **p: _("The field %(field)s is required.", field=field),
}
BODY_ERRORS = tuple(_BODY)
register("api.refusal", _BODY, __name__)


def error_response(message: str, where: str, status: int = 400) -> tuple[Response, int]:
    return jsonify({"error": message, "where": where}), status


__all__ = ["BODY_ERRORS", "PREFIX", "error_response", "game_api"]
