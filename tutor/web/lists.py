"""Lists in a sentence as each language writes them (Babel's list patterns): every game's words use these."""

from __future__ import annotations

from typing import Iterable

from babel.lists import format_list
from flask_babel import get_locale


def join_and(items: Iterable[object]) -> str:
    """A list as people write it in the page's language: "6-1, 5-0 and 3-2"."""
    return format_list([str(i) for i in items], style="standard", locale=get_locale() or "en")


def join_or(items: Iterable[object]) -> str:
    """Alternatives as people write them: "4 or 1", "4 hoặc 1", "4 atau 1"."""
    return format_list([str(i) for i in items], style="or", locale=get_locale() or "en")
