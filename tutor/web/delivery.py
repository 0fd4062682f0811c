"""Delivery: what a page costs on a slow phone network and on the server.

- **Compression** by Flask-Compress (brotli, else gzip) of every text response.
- **Static files under content-hashed names**: ``url_for('static', filename='tutor.css')`` gives
  ``/static/tutor.1a2b3c4d5e.css``, served with ``Cache-Control: immutable`` for a year; a new
  version of a file gets a new name, so a browser never asks again for one it has. The plain
  name (and a hash that is not the file's any more, from a page kept somewhere) still answers,
  with ``no-cache``.
- **Pages that are the same for every learner of a language** (lesson steps, the course maps,
  the diagrams, slides and handouts: :func:`same_for_everyone`) are rendered once per process
  and kept (least recently used first out, :data:`PAGE_CACHE_BYTES` in all), and answered with
  an ``ETag``, so that a browser or a proxy asking again gets a ``304``. A catalog reloaded by the
  translators' live reload (``tutor.web.translators``) or a language added drops them all.

Nothing here knows a game: a room marks its views with :func:`same_for_everyone`.
"""

from __future__ import annotations

import hashlib
import mimetypes
import threading
from collections import OrderedDict
from functools import wraps
from pathlib import Path
from typing import Callable

from flask import Flask, Response, current_app, g, request, send_from_directory
from flask_compress import Compress
from werkzeug.exceptions import NotFound

from tutor.web.i18n import LANGUAGES

#: The response header that tells the service worker (``tutor/static/sw.js``, ``tutor.web.offline``)
#: that a page may be kept for reading offline: the pages the same for everyone.
KEEP_HEADER = "X-Offline"
#: One year: a hashed name never changes its content.
IMMUTABLE_AGE = 365 * 24 * 3600
HASH_LENGTH = 10
#: The most the page cache of one process holds, in bytes of bodies (a handout is 0.4 MB, a step 20 kB).
PAGE_CACHE_BYTES = 32 * 1024 * 1024
#: Compressed bodies kept, in bytes: the same pages' brotli and gzip forms, and the static files'.
COMPRESSED_CACHE_BYTES = 16 * 1024 * 1024


# ----- static files under hashed names ----------------------------------------------------------------
class StaticFiles:
    """The static folder's files, each with the hash of its content (read once; a file changed on
    disk is hashed again when its modification time moves, as in development)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._lock = threading.Lock()
        self._files: dict[str, tuple[int, str, bytes]] = {}  # name: (mtime, hash, content)

    def _read(self, name: str) -> tuple[int, str, bytes] | None:
        path = self.folder / name
        try:
            if path.resolve().parent != self.folder.resolve() or not path.is_file():
                return None
            mtime = path.stat().st_mtime_ns
        except (OSError, ValueError):  # ValueError: a name no file can have (a NUL byte in it)
            return None
        known = self._files.get(name)
        if known is None or known[0] != mtime:
            content = path.read_bytes()
            known = (mtime, hashlib.sha256(content).hexdigest()[:HASH_LENGTH], content)
            with self._lock:
                self._files[name] = known
        return known

    def hashed_name(self, name: str) -> str:
        """``tutor.css`` as ``tutor.<hash>.css`` (a name that is not a file stays as it is)."""
        known = self._read(name)
        if known is None:
            return name
        stem, dot, ext = name.rpartition(".")
        return f"{stem}.{known[1]}.{ext}" if dot else f"{name}.{known[1]}"

    def find(self, requested: str) -> tuple[str, bytes, bool] | None:
        """(the file's name, its content, whether the request named its current hash)."""
        known = self._read(requested)
        if known is not None:
            return requested, known[2], False
        parts = requested.split(".")
        if len(parts) >= 3 and len(parts[-2]) == HASH_LENGTH:
            name = ".".join(parts[:-2] + parts[-1:])
            known = self._read(name)
            if known is not None:
                return name, known[2], known[1] == parts[-2]
        return None


def _serve_static(filename: str) -> Response:
    files: StaticFiles = current_app.extensions["static_files"]
    found = files.find(filename)
    if found is None:
        if "/" in filename:  # a folder under static/ (none today): Flask's own way, which checks the path
            return send_from_directory(current_app.static_folder, filename)
        raise NotFound()
    name, content, current = found
    response = Response(content, mimetype=mimetypes.guess_type(name)[0] or "application/octet-stream")
    if current:
        response.cache_control.public = True
        response.cache_control.max_age = IMMUTABLE_AGE
        response.cache_control.immutable = True
    else:  # the plain name, or a hash from an older version: ask again each time
        response.cache_control.no_cache = True
    response.set_etag(hashlib.sha256(content).hexdigest()[:16])
    g.delivery_key = f"static:{name}:{response.get_etag()[0]}"
    return response.make_conditional(request)


# ----- pages the same for every learner of a language ----------------------------------------------------
class PageCache:
    """Rendered pages by address and language, least recently used out first, bounded in bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._pages: OrderedDict[tuple, tuple[bytes, str, dict, str]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self.generation = 0  # moves on each forget(): a page rendered before it is not kept
        self.hits = self.misses = 0

    def get(self, key: tuple):
        with self._lock:
            page = self._pages.get(key)
            if page is None:
                self.misses += 1
                return None
            self.hits += 1
            self._pages.move_to_end(key)
            return page

    def put(self, key: tuple, page: tuple[bytes, str, dict, str], generation: int) -> None:
        size = len(page[0])
        if size > self.limit // 4:
            return
        with self._lock:
            if generation != self.generation:
                return  # the catalogs changed while it was rendered
            old = self._pages.pop(key, None)
            if old is not None:
                self._size -= len(old[0])
            self._pages[key] = page
            self._size += size
            while self._size > self.limit:
                _key, dropped = self._pages.popitem(last=False)
                self._size -= len(dropped[0])

    def forget(self) -> None:
        with self._lock:
            self._pages.clear()
            self._size = 0
            self.generation += 1

    def __len__(self) -> int:
        return len(self._pages)


class CompressedCache:
    """Flask-Compress's cache backend: compressed bodies by the key :func:`_compressed_key` gives,
    bounded in bytes. Responses that are not the same for everyone get no key and are not kept."""

    def __init__(self, limit: int = COMPRESSED_CACHE_BYTES) -> None:
        self.limit = limit
        self._bodies: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        if key.endswith(";"):
            return None
        with self._lock:
            body = self._bodies.get(key)
            if body is not None:
                self._bodies.move_to_end(key)
            return body

    def set(self, key: str, value: bytes) -> None:
        if key.endswith(";") or len(value) > self.limit // 4:
            return
        with self._lock:
            old = self._bodies.pop(key, None)
            if old is not None:
                self._size -= len(old)
            self._bodies[key] = value
            self._size += len(value)
            while self._size > self.limit:
                _key, dropped = self._bodies.popitem(last=False)
                self._size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._bodies.clear()
            self._size = 0


def _compressed_key(_request) -> str:
    """The key of a response's compressed body: its content's (a cached page's or a static file's
    ETag), or none (an empty key: not kept)."""
    return g.get("delivery_key", "")


def page_cache() -> PageCache:
    return current_app.extensions["page_cache"]


def forget_pages(app: Flask | None = None) -> None:
    """Drop every kept page and compressed body (the catalogs changed: tutor.web.translators)."""
    app = app or current_app
    app.extensions["page_cache"].forget()
    app.extensions["compressed_cache"].clear()


def _languages() -> tuple[str, ...]:
    return tuple(LANGUAGES)


#: What a page's address does not say but its words depend on, added to its key: the languages
#: offered (every page's menu lists them; ``make add-language`` adds one while the app runs).
KEY_PARTS: tuple[Callable[[], object], ...] = (_languages,)


#: Query arguments that make a page live, never kept: a deck's slides with ``?class=`` show the
#: class running on them (class mode says so: :func:`live_with`).
LIVE_ARGS: set[str] = set()


def live_with(*names: str) -> None:
    """A page whose address holds one of ``names`` shows state that changes (a class): not kept."""
    LIVE_ARGS.update(names)


def same_for_everyone(view: Callable | None = None, *, offline: bool = True) -> Callable:
    """Mark a GET view whose page depends on its address and language only: it is rendered once
    per process and kept, and answered with an ETag (and a 304 to a browser that has it).
    ``offline=False``: a page the service worker must not keep for reading offline (a game's
    position: a whole class plays the same guided hand, but a game needs the server)."""
    if view is None:
        return lambda inner: same_for_everyone(inner, offline=offline)

    @wraps(view)
    def cached(*args, **kwargs):
        if request.method not in ("GET", "HEAD") or not LIVE_ARGS.isdisjoint(request.args):
            return view(*args, **kwargs)
        if not current_app.config["PAGE_CACHE"]:  # not kept here, but still one a device may keep
            response = current_app.make_response(view(*args, **kwargs))
            if response.status_code == 200 and offline:
                response.headers[KEEP_HEADER] = "keep"
            return response
        cache = page_cache()
        key = (request.path, request.query_string, *(part() for part in KEY_PARTS))
        page = cache.get(key)
        if page is None:
            generation = cache.generation
            response = current_app.make_response(view(*args, **kwargs))
            if response.status_code != 200 or response.is_streamed or response.direct_passthrough:
                return response
            body = response.get_data()
            etag = hashlib.sha256(body).hexdigest()[:20]
            headers = {name: value for name, value in response.headers.items()
                       if name.lower() not in ("content-length", "etag", "set-cookie")}
            page = (body, response.mimetype, headers, etag)
            cache.put(key, page, generation)
        body, mimetype, headers, etag = page
        response = Response(body, mimetype=mimetype, headers=headers)
        response.set_etag(etag)
        if not response.cache_control.max_age:
            response.cache_control.no_cache = True  # ask again, cheaply: a 304 when nothing changed
        if offline:
            response.headers[KEEP_HEADER] = "keep"
        g.delivery_key = f"page:{etag}"
        return response.make_conditional(request)

    cached.kept_offline = offline
    return cached


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "gzip"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    app.config.setdefault("COMPRESS_LEVEL", 6)
    app.config.setdefault("COMPRESS_MIMETYPES", [
        "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
        "image/svg+xml", "application/manifest+json", "text/plain"])
    compressed = CompressedCache()
    app.extensions["compressed_cache"] = compressed
    app.config.setdefault("COMPRESS_CACHE_BACKEND", lambda: compressed)
    app.config.setdefault("COMPRESS_CACHE_KEY", _compressed_key)
    Compress(app)
    # off in the tests unless asked for: they change the engine under a page and read it again
    app.config.setdefault("PAGE_CACHE", not app.testing)
    app.extensions["page_cache"] = PageCache(app.config.get("PAGE_CACHE_BYTES", PAGE_CACHE_BYTES))
    files = StaticFiles(Path(app.static_folder))
    app.extensions["static_files"] = files
    app.view_functions["static"] = _serve_static

    @app.url_defaults
    def hashed_static(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "filename" in values:
            values["filename"] = files.hashed_name(values["filename"])
