"""One registry of the sentences the app builds from notes and codes, keyed by namespaced kinds.

The games say what to tell as data (a :class:`~tutor.games.domino.analysis.Note`: a kind and its
parameters, or a refusal code); the web layer words them through gettext. Each wording module
registers its tables here under a namespace:

========================  ==============================================================
``domino.explain``        what the rules require and why, by seat (the API; a page says with it the notes that name nobody)
``domino.learner``        the same notes said to the learner ("you", "your opponent")
``domino.diagram``        a picture's description and the lines under it
``domino.refusal``        an invalid position or a move the rules refuse
``backgammon.explain``    the backgammon API's explanation
``backgammon.refusal``    an invalid position, a refused step or offer
``backgammon.hint``       the practice's hints
``backgammon.moment``     what a guided position showed
========================  ==============================================================

A kind means one thing in one namespace; the same kind may mean another thing elsewhere
(``domino.explain.must_draw`` names a seat, ``domino.diagram.must_draw`` speaks to "you"). A
sentence that two namespaces say alike is written once and lent (:func:`lend`). Registering a kind
that another module already registered is an error at import, so two tables cannot both claim it.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

Sentence = Callable[..., str]

_SENTENCES: dict[str, Sentence] = {}
_OWNERS: dict[str, str] = {}  # key -> the module that wrote it (a module reloaded may register again)


def register(namespace: str, table: Mapping[str, Sentence], owner: str) -> None:
    """Add ``table``'s sentences as ``<namespace>.<kind>``, written in the module ``owner``."""
    for kind, sentence in table.items():
        key = f"{namespace}.{kind}"
        if _OWNERS.get(key, owner) != owner:
            raise KeyError(f"{key} is written in {_OWNERS[key]} and again in {owner}")
        _SENTENCES[key] = sentence
        _OWNERS[key] = owner


def lend(namespace: str, kinds: tuple[str, ...], source: str) -> None:
    """Say ``<namespace>.<kind>`` with the sentence of ``<source>.<kind>`` (written once, there)."""
    for kind in kinds:
        key = f"{namespace}.{kind}"
        _SENTENCES[key] = _SENTENCES[f"{source}.{kind}"]
        _OWNERS[key] = _OWNERS[f"{source}.{kind}"]


def sentence(namespace: str, kind: str) -> Sentence | None:
    """The sentence of ``<namespace>.<kind>``, or None when that namespace has no such kind."""
    return _SENTENCES.get(f"{namespace}.{kind}")


def say(namespace: str, kind: str, params: Mapping[str, Any] | None = None) -> str:
    """``<namespace>.<kind>`` worded with ``params``, in the current locale."""
    return _SENTENCES[f"{namespace}.{kind}"](**(params or {}))


def say_or(namespace: str, kind: str | None, params: Mapping[str, Any] | None, fallback: Callable[[], str]) -> str:
    """``<namespace>.<kind>`` worded with ``params``; ``fallback()`` for a kind the namespace does not
    have, or one raised with other parameters than its sentence needs (a refusal must never fail)."""
    found = _SENTENCES.get(f"{namespace}.{kind}")
    if found is not None:
        try:
            return found(**(params or {}))
        except TypeError:
            pass
    return fallback()


def kinds(namespace: str) -> set[str]:
    """Every kind registered (or lent) in ``namespace``."""
    prefix = namespace + "."
    return {key[len(prefix):] for key in _SENTENCES if key.startswith(prefix)}


def owner(namespace: str, kind: str) -> str:
    """The module where the sentence of ``<namespace>.<kind>`` is written."""
    return _OWNERS[f"{namespace}.{kind}"]


__all__ = ["Sentence", "kinds", "lend", "owner", "register", "say", "say_or", "sentence"]
