"""POST /api/v1/backgammon/analyze (shared/API.md; documented in README.md)."""

from __future__ import annotations

from flask import jsonify, request

from ..games.backgammon import BackgammonError, Position
from ..games.backgammon.analysis import analyze, explain
from .api import bp, error_response
from .backgammon_wording import render_error, render_notes


@bp.post("/backgammon/analyze")
def backgammon_analyze():
    data = request.get_json(silent=True, force=True)
    try:
        position = Position.from_json(data)
    except BackgammonError as error:
        return error_response(render_error(error), error.where)
    answer = analyze(position)
    answer["explanation"] = render_notes(explain(position))
    return jsonify(answer)
