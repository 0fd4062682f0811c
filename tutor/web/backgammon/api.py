"""POST /api/v1/backgammon/analyze (shared/API.md; documented in README.md)."""

from __future__ import annotations

from flask import jsonify

from tutor.games.backgammon import BackgammonError, Position
from tutor.games.backgammon.analysis import analyze as analyze_position, explain
from tutor.games.backgammon.coach import AdviceError, advice_fields, read_level, read_played
from tutor.web.api import error_response, game_api, read_json
from tutor.web.backgammon.wording import render_error, render_notes

bp = game_api("backgammon")


@bp.post("/analyze")
def analyze():
    data = read_json()
    try:
        position = Position.from_json(data)
        level = read_level(data.get("level"))
        played = read_played(position, data["played"]) if data.get("played") is not None else None
    except (BackgammonError, AdviceError) as error:
        return error_response(render_error(error), error.where)
    answer = analyze_position(position)
    answer.update(advice_fields(answer, position, level, played))
    answer["explanation"] = render_notes(explain(position, answer.get("recommended")))
    return jsonify(answer)
