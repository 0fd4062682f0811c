"""POST /api/v1/domino/analyze (shared/API.md; documented in README.md): a double-six position by
any rule set, or a Mexican Train round (``"rules": "mexican-train"``, ``tutor.web.domino.mexican_train.api``)."""

from __future__ import annotations

from flask import jsonify

from tutor.games.domino import DominoError, Position
from tutor.games.domino.analysis import analyze as analyze_position
from tutor.games.domino.hints import explain_position
from tutor.games.domino.reachable import unreachable
from tutor.games.domino.rules import PLAYBOARD, rule_set_named
from tutor.web.api import BodyTooDeep, error_response, game_api, request_body, too_deep_response
from tutor.web.domino.mexican_train import api as mexican_api
from tutor.web.domino.wording import render_error, render_notes

bp = game_api("domino")


@bp.post("/analyze")
def analyze():
    try:
        data = request_body()
    except BodyTooDeep:
        return too_deep_response()
    if isinstance(data, dict) and data.get("rules") == mexican_api.NAME:
        return mexican_api.analyze(data)  # a round given as its deal and actions (README)
    try:
        rules = rule_set_named(data["rules"]) if isinstance(data, dict) and "rules" in data else PLAYBOARD
        position = Position.from_json(data, rules)
        refusal = unreachable(position)  # well formed, but no round by these rules comes to it
        if refusal is not None:
            raise refusal
    except DominoError as error:
        if error.code == "rules":  # the unknown-name message lists Mexican Train too
            error.params["names"] = [*error.params.get("names", ()), mexican_api.NAME]
        return error_response(render_error(error), error.where)
    answer = analyze_position(position)
    answer["explanation"] = render_notes(explain_position(position))
    return jsonify(answer)
