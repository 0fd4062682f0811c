"""The JSON interface, version 1 (documented in README.md, specified in ../shared/API.md): what every
game's API shares. Each game answers under ``/api/v1/<game>/`` with a blueprint of its own
(``tutor.web.domino.api``, ``tutor.web.backgammon.api``), made by :func:`game_api`."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
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
    # TRANSLATORS: error message of the analyze API (depth): the JSON body has too many brackets inside brackets; %(depth)s is the most allowed.
    "depth": lambda depth, **p: _("The request body is nested too deeply: no position needs more than %(depth)s "
                                  "levels of brackets inside one another.", depth=depth),
}
BODY_ERRORS = tuple(_BODY)
register("api.refusal", _BODY, __name__)


#: The deepest a body may nest (the object itself is level 1). The deepest part a game reads is a
#: side of a branching double, ``layout.branches["4-4"].left``, at level 5.
MAX_DEPTH = 32


class BodyTooDeep(Exception):
    """A body nested deeper than :data:`MAX_DEPTH`, or too deep for the JSON parser itself (whose
    ``RecursionError`` is no ``ValueError``, so Flask's ``silent`` does not catch it)."""


def _nested_deeper(value: Any, limit: int) -> bool:
    stack = [(value, 1)]  # by hand, not by recursion: the point is a body too deep to recurse into
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def request_body() -> Any:
    """The request's JSON body (None when it is not JSON). Raises :class:`BodyTooDeep`."""
    try:
        data = request.get_json(silent=True, force=True)
    except RecursionError:
        raise BodyTooDeep() from None
    if _nested_deeper(data, MAX_DEPTH):
        raise BodyTooDeep()
    return data


def too_deep_response() -> tuple[Response, int]:
    """The refusal of a body nested too deeply: a 400 about the whole body (``where`` is ``""``)."""
    return error_response(_BODY["depth"](depth=MAX_DEPTH), "")


def error_response(message: str, where: str, status: int = 400) -> tuple[Response, int]:
    return jsonify({"error": message, "where": where}), status


__all__ = ["BODY_ERRORS", "MAX_DEPTH", "PREFIX", "BodyTooDeep", "error_response", "game_api", "request_body",
           "too_deep_response"]
