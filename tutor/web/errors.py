"""Errors in the visitor's language: JSON under /api/, a page elsewhere. Never a bare 500."""

from __future__ import annotations

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, HTTPException, InternalServerError


class BadGame(BadRequest):
    """A game address that does not describe a legal game: a 400 page that says what is wrong,
    in the page's language (``localized``, already translated)."""

    def __init__(self, message: str) -> None:
        super().__init__()
        self.localized = message


def secret_key() -> bytes:
    """The app's secret key as bytes: free-play deals and dice are derived from it (tutor.freeplay)."""
    key = current_app.config["SECRET_KEY"]
    return key.encode("utf-8") if isinstance(key, str) else key


def message_for(status: int) -> str:
    messages = {
        # TRANSLATORS: error page or API error: the request was malformed (HTTP 400).
        400: _("The request could not be understood."),
        # TRANSLATORS: error page: the address does not exist (HTTP 404).
        404: _("There is no page at this address."),
        # TRANSLATORS: error page: wrong HTTP method (HTTP 405).
        405: _("This address does not accept that kind of request."),
        # TRANSLATORS: error page: the request body is too big (HTTP 413).
        413: _("The request is too large."),
    }
    # TRANSLATORS: error page: an unexpected server error.
    return messages.get(status, _("Something went wrong on our side. Please try again."))


def init_app(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        message = getattr(error, "localized", None) or message_for(status)
        if request.path.startswith("/api/"):
            return jsonify({"error": message, "where": ""}), status
        return render_template("error.html", status=status, message=message), status

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        app.logger.exception("unexpected error")
        return http_error(InternalServerError())
