"""What every game's diagram table in ``lessons/[<game>/]diagrams.toml`` has in common, checked once.

A diagram is an id (a letter and a number: D3, B12), a section of the game's course, a title and a
caption (English msgids), and the game's own keys. Each game's loader calls
:func:`check_diagram_table` first, then reads its own keys.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Collection, Mapping


def check_diagram_table(diagram_id: str, data: Mapping[str, Any], *, letter: str, keys: Collection[str],
                        required: Collection[str], sections: Collection[str],
                        fail: Callable[[str], Exception]) -> None:
    """Raise ``fail(message)`` for a bad id, an unknown or missing key, an unknown section, or a
    title or caption that is not a sentence."""
    if not re.fullmatch(rf"{letter}[1-9][0-9]*", diagram_id):
        raise fail(f"a diagram id is {letter} followed by a number")
    unknown = set(data) - set(keys)
    if unknown:
        raise fail(f"unknown keys {sorted(unknown)}")
    missing = {"section", "title", "caption", *required} - set(data)
    if missing:
        raise fail(f"missing keys {sorted(missing)}")
    if data["section"] not in sections:
        raise fail(f"section must be one of {tuple(sections)}")
    for key in ("title", "caption"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise fail(f"{key} must be a sentence")


__all__ = ["check_diagram_table"]
