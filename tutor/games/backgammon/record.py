"""A game's decisions written compactly, for an address: about a byte per checker moved.

Pure (no Flask). The learner's decisions are the session's tokens (``tutor.games.backgammon.session``:
``r``, ``d``, ``t``, ``p``, ``x`` and plays such as ``24-18_13-8``), the games of a series one
list each. Written as they are, with a ``.`` between decisions, a late game's address carries
several hundred characters, and every link of its page repeated them. Here each step of a play
is one byte (its starting point, 1-24 or 25 for the bar, times 8, plus its die less one), a play
ends with :data:`END_PLAY`, every other decision is one byte, and a new game of the series
:data:`NEXT_GAME`; the bytes go into URL-safe base64 after a version (``1.``), so that a later
layout can be told apart and an old address read or refused.

>>> text = encode([["24-18_13-8", "r", "b-20_6-o6"]])
>>> text
'1.xWzw8cw18A'
>>> decode(text)
[['24-18_13-8', 'r', 'b-20_6-o6']]
>>> decode(encode([["r"], []]))
[['r'], []]
"""

from __future__ import annotations

import base64
import binascii

from tutor.games.backgammon.plays import BAR_POINT, OFF
from tutor.games.backgammon.session import STEP_SEPARATOR, read_steps, step_token

VERSION = "1"
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
END_PLAY = 0xF0
NEXT_GAME = 0xFF
SIMPLE = {"r": 0xF1, "d": 0xF2, "t": 0xF3, "p": 0xF4, "x": 0xF5}
_SIMPLE_BY_BYTE = {value: key for key, value in SIMPLE.items()}


class RecordError(ValueError):
    """An address's record that is not one :func:`encode` writes."""


def encode(games: list[list[str]]) -> str:
    """The decisions of each game (the last one in progress) as an address's text."""
    data = bytearray()
    for number, decisions in enumerate(games):
        if number:
            data.append(NEXT_GAME)
        for decision in decisions:
            if decision in SIMPLE:
                data.append(SIMPLE[decision])
                continue
            for step in read_steps(decision):
                data.append(step.src * 8 + step.die - 1)
            data.append(END_PLAY)
    return VERSION + "." + base64.urlsafe_b64encode(bytes(data)).decode("ascii").rstrip("=")


def decode(text: str) -> list[list[str]]:
    """The decisions of each game; :class:`RecordError` for anything :func:`encode` does not write."""
    version, dot, body = text.partition(".")
    if version != VERSION or not dot or len(body) % 4 == 1 or body.strip(_ALPHABET):
        raise RecordError(f"not a record of version {VERSION}: {text[:20]!r}")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise RecordError(f"not base64: {text[:20]!r}") from None
    games: list[list[str]] = [[]]
    steps: list[str] = []
    for byte in data:
        if byte < END_PLAY:
            src, die = divmod(byte, 8)
            die += 1
            if not 1 <= src <= BAR_POINT or die > 6:
                raise RecordError(f"byte {byte} is not a step")
            dst = src - die if src != BAR_POINT else BAR_POINT - die
            token = step_token(_Step(src, OFF if dst <= 0 else dst, die))
            steps.append(token)
            continue
        if steps and byte != END_PLAY:
            raise RecordError("a play without its end")
        if byte == END_PLAY:
            if not steps:
                raise RecordError("an empty play")
            games[-1].append(STEP_SEPARATOR.join(steps))
            steps = []
        elif byte == NEXT_GAME:
            games.append([])
        elif byte in _SIMPLE_BY_BYTE:
            games[-1].append(_SIMPLE_BY_BYTE[byte])
        else:
            raise RecordError(f"byte {byte} is not a decision")
    if steps:
        raise RecordError("a play without its end")
    return games


class _Step:
    """What :func:`step_token` reads of a step."""

    def __init__(self, src: int, dst: int, die: int) -> None:
        self.src, self.dst, self.die = src, dst, die


__all__ = ["RecordError", "VERSION", "decode", "encode"]
