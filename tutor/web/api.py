"""The JSON interface, version 1 (documented in README.md, specified in ../shared/API.md): what every
game's API shares. Each game answers under ``/api/v1/<game>/`` with a blueprint of its own
(``tutor.web.domino.api``, ``tutor.web.backgammon.api``), made by :func:`game_api`."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest

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
    # TRANSLATORS: error message of the analyze API (deep): the JSON body has lists or objects inside one another more than %(depth)s levels deep.
    "deep": lambda depth=0, **p: _("The request body is nested too deeply: at most %(depth)s levels of brackets.",
                                   depth=depth),
}
BODY_ERRORS = tuple(_BODY)
register("api.refusal", _BODY, __name__)


#: How deep a body's lists and objects may nest: a position needs 4 levels; Python's JSON reader
#: gives up (RecursionError, not a ValueError) near 1,000, and so would anything that walks the value.
MAX_DEPTH = 32


class UnreadableBody(BadRequest):
    """A body nested deeper than :data:`MAX_DEPTH`: the app's error handler answers 400 with the
    localized sentence (``localized``) and ``where: ""`` (the body)."""

    def __init__(self) -> None:
        super().__init__()
        self.localized = _BODY["deep"](depth=MAX_DEPTH)


def read_json() -> Any:
    """The request's JSON body (whatever its content type), or None when it is not JSON; a body
    nested deeper than :data:`MAX_DEPTH` raises :class:`UnreadableBody`. Every game's analyze view
    reads its body here."""
    try:
        data = request.get_json(silent=True, force=True)
    except RecursionError:  # the JSON reader's own limit, near 1,000 levels
        raise UnreadableBody() from None
    if _deeper_than(data, MAX_DEPTH):
        raise UnreadableBody()
    return data


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests lists and dicts more than ``limit`` deep (a loop, not recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def error_response(message: str, where: str, status: int = 400) -> tuple[Response, int]:
    return jsonify({"error": message, "where": where}), status


__all__ = ["BODY_ERRORS", "MAX_DEPTH", "PREFIX", "UnreadableBody", "error_response", "game_api", "read_json"]
