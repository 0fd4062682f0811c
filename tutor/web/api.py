"""The JSON interface, version 1 (documented in README.md, specified in ../shared/API.md)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from ..games.domino.analysis import analyze
from ..games.domino.hints import explain_position
from ..games.domino import DominoError, Position
from ..games.domino.rules import PLAYBOARD, rule_set_named
from . import mexican_api
from .wording import render_error, render_notes

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def error_response(message: str, where: str, status: int = 400) -> tuple[Response, int]:
    return jsonify({"error": message, "where": where}), status


@bp.post("/domino/analyze")
def domino_analyze():
    data = request.get_json(silent=True, force=True)
    if isinstance(data, dict) and data.get("rules") == mexican_api.NAME:
        return mexican_api.analyze(data)  # a round given as its deal and actions (README)
    try:
        rules = rule_set_named(data["rules"]) if isinstance(data, dict) and "rules" in data else PLAYBOARD
        position = Position.from_json(data, rules)
    except DominoError as error:
        if error.code == "rules":  # the unknown-name message lists Mexican Train too
            error.params["names"] = [*error.params.get("names", ()), mexican_api.NAME]
        return error_response(render_error(error), error.where)
    answer = analyze(position)
    answer["explanation"] = render_notes(explain_position(position))
    return jsonify(answer)


from . import backgammon_api  # noqa: E402,F401  (registers POST /backgammon/analyze on this blueprint)
