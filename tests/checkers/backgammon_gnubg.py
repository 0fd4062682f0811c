"""A second opinion on backgammon positions from GNU Backgammon's neural-net module (``gnubg-nn``,
GPL: a dev extra, imported only here under tests/, never by the app).

Nothing here uses the app's engine: positions are read from their one-line text
(``W 24x2 13x5 | B 19x5 | W 6-5 cube 2W``), plays written in standard notation are applied by a
few lines of arithmetic, and the legal plays, their steps and the probabilities come from gnubg.
GNU's layout: a board is ``(opponent, mover)``, each 25 counts in that side's own numbering
(index i = its point i + 1, index 24 = its bar); steps are ``(from, to)`` with 25 = bar, 0 = off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import gnubg_nn

Board = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Text:
    """A position's one-line text, read without the engine."""

    white: tuple[int, ...]  # own numbering: index i = learner point i + 1 (White's numbering)
    black: tuple[int, ...]  # own numbering: index i = learner point 24 - i
    to_move: str
    dice: tuple[int, int] | None
    cube: int
    cube_owner: str | None

    @property
    def board(self) -> Board:
        """``(opponent, mover)`` for the side to move."""
        return (self.black, self.white) if self.to_move == "white" else (self.white, self.black)


def read(text: str) -> Text:
    parts = [p.strip() for p in text.split("|")]
    sides = []
    for part, letter in zip(parts[:2], "WB"):
        tokens = part.split()
        assert tokens[0] == letter
        own = [0] * 25
        for token in tokens[1:]:
            place, _, count = token.partition("x")
            index = 24 if place == "bar" else int(place) - 1 if letter == "W" else 24 - int(place)
            own[index] = int(count or 1)
        sides.append(tuple(own))
    to_move, dice, cube, owner = "white", None, 1, None
    if len(parts) == 3:
        tail = re.fullmatch(r"([WB])(?: ([1-6])-([1-6]))?(?: cube (\d+)([WB])?)?", parts[2])
        to_move = {"W": "white", "B": "black"}[tail[1]]
        if tail[2]:
            dice = (int(tail[2]), int(tail[3]))
        if tail[4]:
            cube, owner = int(tail[4]), {"W": "white", "B": "black", None: None}[tail[5]]
    return Text(sides[0], sides[1], to_move, dice, cube, owner)


def pips(own: tuple[int, ...]) -> int:
    return sum((i + 1) * n for i, n in enumerate(own))


def apply(board: Board, notation: str) -> Board | None:
    """The end of a play written in standard notation (``24/18 13/8``, ``13/11*/5``, ``bar/22``,
    ``6/off``, ``8/2(2)``), in the mover's numbering, by plain arithmetic; ``None`` if it moves a
    checker that is not there."""
    opponent, mover = list(board[0]), list(board[1])
    for token in notation.split():
        match = re.fullmatch(r"(.+?)(?:\((\d)\))?", token)
        chain, times = match[1], int(match[2] or 1)
        hops = [p.rstrip("*") for p in chain.split("/")]
        for _ in range(times):
            for src, dst in zip(hops, hops[1:]):
                s = 25 if src == "bar" else int(src)
                d = 0 if dst == "off" else int(dst)
                mover[s - 1] -= 1
                if d:
                    mover[d - 1] += 1
                    if opponent[24 - d] == 1:
                        opponent[24 - d] = 0
                        opponent[24] += 1
    if min(mover) < 0:
        return None  # moves a checker that is not there: no position
    return tuple(opponent), tuple(mover)


@dataclass(frozen=True)
class GnuPlay:
    end: Board
    steps: tuple[tuple[int, int], ...]


def plays(board: Board, dice: tuple[int, int]) -> list[GnuPlay]:
    """gnubg's legal plays: one per end position, with the steps it used."""
    found = []
    for key, steps in gnubg_nn.moves(board, dice[0], dice[1], 1):
        if not steps:  # gnubg lists one empty play when the game is over
            continue
        opponent, mover = gnubg_nn.board_from_position_key(key)
        found.append(GnuPlay((tuple(opponent), tuple(mover)), tuple(tuple(s) for s in steps)))
    return found


def ends(board: Board, dice: tuple[int, int]) -> set[Board]:
    return {p.end for p in plays(board, dice)}


def hits(board: Board, play: GnuPlay) -> bool:
    return play.end[0][24] > board[0][24]


def step_allowed_alone(board: Board, dice: tuple[int, int], src: int, dst: int) -> bool:
    """Is a one-die step fine on the board by itself (a checker there, nothing on the bar unless it
    enters, a die of that size, a landing point not held by two or more)?"""
    opponent, mover = board
    if not mover[src - 1] or (mover[24] and src != 25) or src - dst not in dice:
        return False
    return dst == 0 or opponent[24 - dst] < 2


def probabilities(board: Board, ply: int = 0) -> tuple[float, float, float, float, float]:
    """win, win gammon, win backgammon, lose gammon, lose backgammon for the side to move."""
    return tuple(gnubg_nn.probabilities(board, ply))


def cubeless_equity(board: Board) -> float:
    win, wg, wbg, lg, lbg = probabilities(board)
    return 2 * win - 1 + wg - lg + wbg - lbg


def play_losses(text: str, ply: int = 0) -> dict[Board, int]:
    """Every legal play of a position with dice (its one-line text), by its end, with its loss
    against gnubg's best (millipoints, cubeless money equity at gnubg's ``ply``)."""
    position = read(text)
    equities = {}
    for play in plays(position.board, position.dice):
        opponent_after, mover_after = play.end
        # after the play the opponent is on roll: its equity, negated, is the mover's
        win, wg, wbg, lg, lbg = gnubg_nn.probabilities((mover_after, opponent_after), ply)
        equities[play.end] = -(2 * win - 1 + wg - lg + wbg - lbg)
    top = max(equities.values())
    return {end: round(1000 * (top - e)) for end, e in equities.items()}


def white_play_end(after_text: str) -> Board:
    """The end of White's play, as :func:`plays` writes it, from the one-line text of the position
    it leaves (Black to move)."""
    after = read(after_text)
    return after.black, after.white

