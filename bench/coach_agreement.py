"""How often two seeded runs of the dominoes coach disagree on "the best" move (issue #34).

Run by hand (never a timed test): ``.venv/bin/python bench/coach_agreement.py [positions] [seed]``
(500 positions unless given). Positions are turns with a real choice (two or more distinct moves)
from random rounds of every rule set with any number of seats the rule set allows, as the coach's
tests draw them (``tests/domino/test_domino_coach.py``). Each is recommended twice, with seeds 1 and
2. The last line is fixed so runs can be compared:
``coach agreement: N positions; top moves differ D%; a best contradicted C%; called best B%``
(differ: the two runs name different moves; contradicted: one calls its move the best and the
other recommends a move outside its "about as good" set; called best: the first run names a best).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.domino import Deal, RoundRecord  # noqa: E402
from tutor.games.domino.hints import SeatView, distinct_moves, recommend  # noqa: E402
from tutor.games.domino.rules import RULE_SETS  # noqa: E402


def decision_views(count: int, seed: int) -> list[SeatView]:
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        rules = RULE_SETS[rng.choice(tuple(RULE_SETS))]
        deal = Deal.from_seed(rng.randrange(1 << 30), rng.choice(rules.seat_counts), rules)
        position, actions = deal.position(), []
        while not position.is_over() and len(views) < count:
            view = SeatView.from_record(RoundRecord(deal, actions), seat=position.to_move)
            if len(distinct_moves(view)) > 1 and rng.random() < 0.3:
                views.append(view)
            action = rng.choice(position.legal_actions())
            actions.append(str(action))
            position = position.apply(action)
    return views


def main(count: int = 500, seed: int = 3) -> None:
    views = decision_views(count, seed)
    differ = contradicted = clear = 0
    started = time.process_time()
    for view in views:
        one, two = recommend(view, seed=1), recommend(view, seed=2)
        differ += one.action != two.action
        clear += one.clear
        contradicted += one.clear and two.action != one.action and one.action not in {c.action for c in two.equal}
    took = time.process_time() - started
    print(f"{2 * count} recommendations in {took:.0f} s of CPU")
    print(f"coach agreement: {count} positions; top moves differ {100 * differ / count:.1f}%; "
          f"a best contradicted {100 * contradicted / count:.1f}%; called best {100 * clear / count:.1f}%")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500, int(sys.argv[2]) if len(sys.argv) > 2 else 3)
