"""Hardening: security headers on every response, and limits on what a request may carry.

- Every response gets a Content-Security-Policy with no inline script (pages load ``tutor.js``
  from ``/static/``; inline SVG diagrams carry a ``<style>`` element, hence ``'unsafe-inline'`` for
  styles only), ``X-Content-Type-Options: nosniff``, a ``Referrer-Policy``, ``X-Frame-Options: DENY``
  (with CSP ``frame-ancestors 'none'``), and a few cross-origin isolation headers. A route that sets
  its own, stricter policy (the standalone SVG files) keeps it.
- A URL (path plus query string) longer than ``MAX_URL_LENGTH`` (4 KiB) is answered ``414``;
  request bodies are capped by ``MAX_CONTENT_LENGTH`` (64 KiB, set in ``create_app``) and each
  form field by ``MAX_FORM_MEMORY_SIZE`` (``413``). Every refusal is a page (or JSON under
  ``/api/``) in the visitor's language, made by ``errors.py``. Werkzeug applies the form limits
  to multipart forms only; :func:`cap_form_fields` applies them to URL-encoded forms too.
- An error raised before a blueprint has read the address's language (an unknown address under
  ``/vi/``, a method the route does not take, a URL that is too long) is still answered in that
  language: the first path segment names it.

Nothing here holds state: any number of processes can serve the app behind a load balancer.
"""

from __future__ import annotations

from urllib.parse import quote

from flask import Flask, Response, current_app, g, request
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge, RequestURITooLarge

from tutor.web.i18n import LANGUAGES

#: The policy of every page. ``'unsafe-inline'`` is for styles only: the inline SVGs carry <style>.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
])

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}

#: The longest URL (path and query string, as sent) the app reads; longer is a 414.
MAX_URL_LENGTH = 4 * 1024
#: The largest single form field (the lessons' answers are a few characters), in bytes.
MAX_FORM_MEMORY_SIZE = 4 * 1024
#: The most fields a form may have.
MAX_FORM_PARTS = 64


def raw_url_length() -> int:
    """The length of the path and query string as the client sent them (still percent-encoded)."""
    environ = request.environ
    raw = environ.get("RAW_URI") or environ.get("REQUEST_URI")
    if raw:
        return len(raw)
    # a server without the raw URI: PATH_INFO is decoded (WSGI: bytes as latin-1), encode it again
    path = (environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", "")).encode("latin-1", "replace")
    query = environ.get("QUERY_STRING", "")
    return len(quote(path, safe="/:@!$&'()*+,;=-._~")) + (len(query) + 1 if query else 0)


def language_from_path() -> None:
    """Errors raised before the blueprint read ``/<lang>/`` speak that language all the same."""
    if "lang" not in g:
        first = request.path.lstrip("/").split("/", 1)[0]
        if first in LANGUAGES:
            g.lang = first


def refuse_long_urls() -> None:
    if raw_url_length() > MAX_URL_LENGTH:
        error = RequestURITooLarge()
        # TRANSLATORS: error page for an address (URL) longer than the app accepts, e.g. a game with thousands of moves.
        error.localized = _("This address is too long. Go back to the start and follow the links from there.")
        raise error


def cap_form_fields() -> None:
    """Werkzeug caps the fields of a multipart form itself, but not of a URL-encoded one: do it here."""
    if request.mimetype != "application/x-www-form-urlencoded":
        return
    form = request.form  # the body is already bounded by MAX_CONTENT_LENGTH
    limit = current_app.config["MAX_FORM_MEMORY_SIZE"]
    values = [value for _key, value in form.items(multi=True)]
    if len(values) > current_app.config["MAX_FORM_PARTS"] or any(len(v.encode("utf-8")) > limit for v in values):
        raise RequestEntityTooLarge()  # errors.py says "The request is too large." in the page's language


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    # Flask's own defaults (500 kB a field, 1000 fields) are far above what any form here needs
    for key, value in (("MAX_FORM_MEMORY_SIZE", MAX_FORM_MEMORY_SIZE), ("MAX_FORM_PARTS", MAX_FORM_PARTS)):
        if app.config.get(key) == Flask.default_config.get(key):
            app.config[key] = value
    # before any other hook, so that even their errors are answered in the address's language
    hooks = app.before_request_funcs.setdefault(None, [])
    hooks[0:0] = [language_from_path, refuse_long_urls, cap_form_fields]
    app.after_request(add_headers)
