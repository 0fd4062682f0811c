"""The coach's judge: a strong neural-network evaluator behind a small interface.

The engine (``plays``) says which plays are legal; the evaluator says how good each one is. It is
`bgsage <https://pypi.org/project/bgsage/>`_ (the Open Sage engine, MPL-2.0, code and weights), a
library whose authors measure it close to the strongest programs (BACKGAMMON.md §9); everything
the app needs of it goes through :class:`Evaluator`, so another engine could take its place.

Figures are **cubeless money equity** for the side to move, in points (1.000 = one game), and
losses in millipoints (mp). The app's rules have neither the Jacoby rule nor beavers, so both are
off. Two levels: ``fast`` (2-ply for the candidates within reach of the best, 1-ply for the rest:
what the pages use) and ``deep`` (3-ply, several times slower; ``bench/backgammon_coach_speed.py``
times both).

The evaluator is made once per process, when first asked (:func:`evaluator`), under a lock; its
analyzers are thread-safe. It asks for one thread per call unless ``TUTOR_EVALUATOR_THREADS`` says
more (under gunicorn several workers share the cores); bgsage's own floor makes that two threads at
2-ply and deeper, where it splits a call's work. A videau is judged on one thread.

>>> from tutor.games.backgammon import START
>>> ranking = evaluator().rank(START.with_dice(3, 1))
>>> ranking.best.play.notation, ranking.best.loss, ranking.level
('8/5 6/5', 0, 'fast')
>>> [r.loss > 0 for r in ranking.plays[1:]] == [True] * (len(ranking.plays) - 1)
True
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Protocol, Sequence

from tutor.games.backgammon.plays import Play, legal_plays
from tutor.games.backgammon.position import Position, Side

#: The evaluator's levels, by the name the app and the API use.
LEVELS = ("fast", "deep")
DEFAULT_LEVEL = "fast"
#: bgsage's name for each level.
_SAGE_LEVEL = {"fast": "2ply", "deep": "3ply"}
#: Rankings kept per process (a page asks again for the position its previous page ranked).
_KEPT = 4096

Board = tuple[int, ...]  # 26 counts from the mover's side (bgsage's layout, see :func:`sage_board`)


@dataclass(frozen=True)
class RankedPlay:
    """A legal play and what it is worth: the mover's equity after it, and how much it loses
    against the best play (mp, 0 for the best)."""

    play: Play
    equity: float
    loss: int


@dataclass(frozen=True)
class Ranking:
    """Every legal play of a position with dice, best first, at one level."""

    plays: tuple[RankedPlay, ...]
    level: str

    @property
    def best(self) -> RankedPlay:
        return self.plays[0]

    def of(self, play: Play) -> RankedPlay:
        """The entry of ``play`` (by its end position)."""
        key = end_key(play)
        for ranked in self.plays:
            if end_key(ranked.play) == key:
                return ranked
        raise KeyError(play.notation)

    def within(self, loss: int) -> tuple[RankedPlay, ...]:
        """The plays that lose less than ``loss`` mp against the best."""
        return tuple(r for r in self.plays if r.loss < loss)


@dataclass(frozen=True)
class CubeView:
    """The evaluator's view of a videau decision before the roll, for the side to move."""

    double: bool  # a strong player would offer the videau now
    take: bool  # and the other side should take it
    win: float  # the side to move's chance to win the game (0..1), cubeless
    gammon: float  # its chance to win a gammon or a backgammon
    gammon_loss: float  # its chance to lose one
    level: str


class Evaluator(Protocol):
    """What the app asks of an evaluator."""

    def rank(self, position: Position, level: str = DEFAULT_LEVEL, include: Sequence[Play] = ()) -> Ranking:
        """Every legal play of ``position`` (which has dice), best first; ``include``: plays to
        evaluate at the full level even where the evaluator's search would not (a learner's)."""

    def cube(self, position: Position, level: str = DEFAULT_LEVEL) -> CubeView:
        """The videau decision of the side to move, before its roll."""


def sage_board(mover: Sequence[int], opponent: Sequence[int]) -> Board:
    """bgsage's board from two 25-tuples in their own numbering (index 24 = bar): index p (1..24)
    is the mover's point p, the mover's checkers positive and the opponent's negative (the
    opponent's point j is the mover's 25 - j); 25 is the mover's bar, 0 the opponent's."""
    board = [0] * 26
    for point in range(1, 25):
        board[point] = mover[point - 1] - opponent[24 - point]
    board[25], board[0] = mover[24], opponent[24]
    return tuple(board)


def _before(position: Position) -> Board:
    side = position.to_move
    return sage_board(position.checkers(side), position.checkers(side.other))


def end_key(play: Play) -> Board:
    """A play's end position as bgsage writes it (the mover's side): the same for two plays that
    end alike."""
    side: Side = play.before.to_move
    return sage_board(play.after.checkers(side), play.after.checkers(side.other))


def _cube_owner(position: Position) -> str:
    owner = position.cube.owner
    return "centered" if owner is None else "player" if owner is position.to_move else "opponent"


class SageEvaluator:
    """:class:`Evaluator` on bgsage."""

    def __init__(self, threads: int = 1) -> None:
        self.threads = threads
        self._analyzers: dict[str, object] = {}
        self._cube_strategies: dict[str, tuple[object, threading.Lock]] = {}
        self._lock = threading.Lock()

    def _analyzer(self, level: str):
        if level not in _SAGE_LEVEL:
            raise ValueError(f"unknown level {level!r}")
        with self._lock:
            if level not in self._analyzers:
                from bgsage import BgBotAnalyzer  # loaded once, on first use (numpy and the weights)

                self._analyzers[level] = BgBotAnalyzer(eval_level=_SAGE_LEVEL[level], cubeful=False,
                                                       parallel_threads=self.threads)
            return self._analyzers[level]

    def _cube_strategy(self, level: str):
        """The strategy that judges a videau at ``level``, made once with the weights read once,
        and the lock its calls take. bgsage's ``batch_cube_action`` is the same evaluation (the N-ply
        cubeless chances, Janowski's cube formulas) but builds its strategy again on every call,
        reading every weight file: 100 ms or more a call, where the evaluation itself takes 10."""
        if level not in _SAGE_LEVEL:
            raise ValueError(f"unknown level {level!r}")
        with self._lock:
            if level not in self._cube_strategies:
                from bgsage.batch import bgbot_cpp
                from bgsage.weights import default_weights

                weights = default_weights()
                paths, hidden = weights.weight_args
                # (the production weights are a pair of nets: batch.batch_evaluate's own dispatch)
                strategy = bgbot_cpp.create_multipy(getattr(weights, "strategy_type", "pair"), paths, hidden,
                                                    n_plies=int(_SAGE_LEVEL[level][0]), filter_max_moves=5,
                                                    filter_threshold=0.08, parallel_evaluate=False,
                                                    parallel_threads=0)
                self._cube_strategies[level] = (strategy, threading.Lock())
            return self._cube_strategies[level]

    def rank(self, position: Position, level: str = DEFAULT_LEVEL, include: Sequence[Play] = ()) -> Ranking:
        plays = legal_plays(position)
        if not plays:
            raise ValueError("no legal play to rank")
        forced = tuple(sorted({end_key(p) for p in include}))
        equities = dict(_sage_ranking(self, _before(position), position.dice, _cube_owner(position),
                                      position.cube.value, level, forced))
        missing = [p for p in plays if end_key(p) not in equities]
        if missing:  # an end bgsage does not list (BACKGAMMON.md §9): evaluated after the play
            equities.update(self._after_plays([end_key(p) for p in missing], level))
        ranked = sorted(((equities[end_key(p)], i, p) for i, p in enumerate(plays)), key=lambda t: (-t[0], t[1]))
        top = ranked[0][0]
        return Ranking(tuple(RankedPlay(p, round(e, 6), round(1000 * (top - e))) for e, _i, p in ranked), level)

    def _after_plays(self, boards: Iterable[Board], level: str) -> dict[Board, float]:
        from bgsage import batch_post_move_evaluate

        boards = list(boards)
        found = batch_post_move_evaluate([{"board": list(b), "cube_owner": "centered"} for b in boards],
                                         eval_level=_SAGE_LEVEL[level], n_threads=self.threads, jacoby=False)
        return {b: r.cubeless_equity for b, r in zip(boards, found)}

    def cube(self, position: Position, level: str = DEFAULT_LEVEL) -> CubeView:
        return _sage_cube(self, _before(position), _cube_owner(position), position.cube.value, level)


@lru_cache(maxsize=_KEPT)
def _sage_ranking(evaluator: SageEvaluator, board: Board, dice: tuple[int, int], owner: str, cube: int, level: str,
                  forced: tuple[Board, ...]) -> tuple[tuple[Board, float], ...]:
    result = evaluator._analyzer(level).checker_play(list(board), dice[0], dice[1], cube_value=cube,
                                                     cube_owner=owner, jacoby=False, beaver=False,
                                                     force_boards=[list(b) for b in forced] or None)
    return tuple((tuple(m.board), m.cubeless_equity) for m in result.moves)


@lru_cache(maxsize=_KEPT)
def _sage_cube(evaluator: SageEvaluator, board: Board, owner: str, cube: int, level: str) -> CubeView:
    from bgsage.batch import bgbot_cpp, resolve_owner

    strategy, lock = evaluator._cube_strategy(level)
    with lock:
        view = bgbot_cpp.batch_evaluate_positions([(list(board), cube, resolve_owner(owner))], strategy, 1,
                                                  jacoby=False, beaver=False)[0]
    win, gammon, _backgammon, gammon_loss, _backgammon_loss = view["probs"]
    return CubeView(double=bool(view["should_double"]), take=bool(view["should_take"]), win=win,
                    gammon=gammon, gammon_loss=gammon_loss, level=level)


_EVALUATOR: Evaluator | None = None
_MAKING = threading.Lock()


def evaluator() -> Evaluator:
    """The process's evaluator, made on first use."""
    global _EVALUATOR
    if _EVALUATOR is None:
        with _MAKING:
            if _EVALUATOR is None:
                _EVALUATOR = SageEvaluator(threads=max(1, int(os.environ.get("TUTOR_EVALUATOR_THREADS", "1") or 1)))
    return _EVALUATOR


__all__ = ["CubeView", "DEFAULT_LEVEL", "Evaluator", "LEVELS", "RankedPlay", "Ranking", "SageEvaluator", "end_key",
           "evaluator", "sage_board"]
