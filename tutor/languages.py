"""The app's languages: one per catalog folder, ``translations/<code>/LC_MESSAGES/messages.po``.

The small module the app imports at start. The translators' tools (checks, statistics, the
commands of ``make check-catalogs`` and friends, the compiler of live reload) are in
``tutor.catalogs``, which only the translators' pages and live reload import, when used.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable
from tutor.paths import TRANSLATIONS

from babel import Locale, UnknownLocaleError
from babel.messages.plurals import get_plural

CATALOGS = TRANSLATIONS
SOURCE_LANGUAGE = "en"
#: The course's own order of languages; any other catalog folder follows, alphabetically.
PREFERRED_ORDER = ("vi", "id", "en")


#: ISO 639-2 keeps qaa to qtz for local use: no real catalog can take one, so the tests and tools use
#: them for scratch and planted catalogs (th is a translator's), and the app serves none. Plural
#: forms (nplurals, expression): qab English's two, qac three (as Polish), the others one (as Thai).
RESERVED = re.compile(r"q[a-t][a-z]")
RESERVED_PLURALS = {"qab": (2, "(n != 1)"),
                    "qac": (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")}


def is_reserved(code: str) -> bool:
    """Whether ``code`` (``qaa``, ``qab_XY``) is one of the codes reserved for local use."""
    return bool(RESERVED.fullmatch(re.split(r"[_-]", code, maxsplit=1)[0]))


def plural_forms(code: str) -> tuple[int, str] | None:
    """A language's plural forms, (nplurals, plural expression): the CLDR's (through Babel), a
    reserved code's (:data:`RESERVED_PLURALS`); ``None`` for a code Babel does not know."""
    if is_reserved(code):
        return RESERVED_PLURALS.get(code, (1, "0"))
    try:
        found = get_plural(code)
    except (ValueError, UnknownLocaleError):
        return None
    return found.num_plurals, found.plural_expr


def catalog_path(lang: str, directory: Path = CATALOGS) -> Path:
    return Path(directory) / lang / "LC_MESSAGES" / "messages.po"


def catalog_files(directory: Path = CATALOGS) -> dict[str, Path]:
    """``{language code: path of its .po}`` for every catalog folder."""
    return {path.parts[-3]: path for path in sorted(Path(directory).glob("*/LC_MESSAGES/messages.po"))}


def catalog_languages(directory: Path = CATALOGS, preferred: Iterable[str] = PREFERRED_ORDER,
                      reserved: bool = True) -> tuple[str, ...]:
    """The languages that have a catalog: the preferred ones in their order, then the rest A-Z;
    without ``reserved``, not the codes reserved for the tests and tools (the languages the app serves).

    >>> catalog_languages(CATALOGS)[:3]
    ('vi', 'id', 'en')
    """
    found = {code for code in catalog_files(directory) if reserved or not is_reserved(code)}
    first = [code for code in preferred if code in found]
    rest = sorted(found - set(first))
    languages = tuple(first + rest)
    return languages if SOURCE_LANGUAGE in languages else languages + (SOURCE_LANGUAGE,)


def language_name(code: str) -> str:
    """A language's name in itself, from the CLDR data (``fr`` -> ``Français``)."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]
