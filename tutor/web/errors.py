"""Errors in the visitor's language: JSON under /api/, a page elsewhere. Never a bare 500."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, InternalServerError


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
