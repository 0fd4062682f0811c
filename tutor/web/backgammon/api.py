"""POST /api/v1/backgammon/analyze (shared/API.md; documented in README.md)."""

from __future__ import annotations

from flask import jsonify

from tutor.games.backgammon import BackgammonError, Position
from tutor.games.backgammon.analysis import analyze as analyze_position, explain
from tutor.web.api import BodyTooDeep, error_response, game_api, request_body, too_deep_response
from tutor.web.backgammon.wording import render_error, render_notes

bp = game_api("backgammon")


@bp.post("/analyze")
def analyze():
    try:
        data = request_body()
    except BodyTooDeep:
        return too_deep_response()
    try:
        position = Position.from_json(data)
    except BackgammonError as error:
        return error_response(render_error(error), error.where)
    answer = analyze_position(position)
    answer["explanation"] = render_notes(explain(position))
    return jsonify(answer)
