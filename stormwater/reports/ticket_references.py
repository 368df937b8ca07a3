"""Ticket references such as ``BAY-7K3Q9P``: a village's prefix, new random codes, and
references as residents type them. :mod:`stormwater.reports.ticket_store` re-exports them."""
from __future__ import annotations

import re
import secrets
from typing import Any, Iterable, Optional

from stormwater.law.villages import Village, derived_prefix, get_village, load_villages

# Six symbols read aloud or copied from a phone screen: no 0/O, 1/I/L, 5/S or U/V
# look-alikes. 28**6 is about 482 million codes per village prefix, so a guessed reference
# almost never exists, and status_for() asks for the reporter's sender key as well.
ALPHABET = "2346789ABCDEFGHJKMNPQRTVWXYZ"
CODE_LENGTH = 6

_PREFIX = re.compile(r"[A-Z]{3}")
_REFERENCE = re.compile(rf"[A-Z]{{3}}-[{ALPHABET}]{{{CODE_LENGTH}}}")


def village_prefix(village: Any) -> str:
    """The three capital letters that start a village's ticket references.

    A :class:`stormwater.law.villages.Village` carries its own (``ticket_prefix`` in its file);
    for a slug, the village file's prefix, else :func:`stormwater.law.villages.derived_prefix`.

    :param village: a :class:`stormwater.law.villages.Village` or a slug
    :raises ValueError: if the prefix is not three capital letters
    """
    if isinstance(village, Village):
        slug, explicit = village.slug, village.ticket_prefix
    else:
        slug = str(village or "").lower()
        known = get_village(slug) if slug else None
        explicit = known.ticket_prefix if known else derived_prefix(slug)
    if not _PREFIX.fullmatch(str(explicit)):
        raise ValueError(f"ticket prefix {explicit!r} for {slug!r} must be three capital letters")
    return str(explicit)


def new_reference(prefix: str) -> str:
    """A fresh random reference such as ``BAY-7K3Q9P`` (not checked against the database).

    :param prefix: three capital letters, see :func:`village_prefix`
    """
    if not _PREFIX.fullmatch(prefix or ""):
        raise ValueError(f"ticket prefix {prefix!r} must be three capital letters")
    return prefix + "-" + "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalize_reference(text: Optional[str]) -> Optional[str]:
    """A reference as typed (``"bay 7k3q9p"``, ``"BAY7K3Q9P"``) in its stored form, or ``None``.

    :param text: what the resident typed
    """
    if not text:
        return None
    compact = re.sub(r"[\s\-_.]", "", str(text)).upper()
    if len(compact) != 3 + CODE_LENGTH:
        return None
    reference = compact[:3] + "-" + compact[3:]
    return reference if _REFERENCE.fullmatch(reference) else None


def find_reference(text: Optional[str], prefixes: Optional[Iterable[str]] = None) -> Optional[str]:
    """The first reference in a sentence ("status of bay-7k3q9p please"), or ``None``.

    :param prefixes: the villages' ticket prefixes (default: those of the village files)
    """
    if prefixes is None:
        prefixes = {village.ticket_prefix for village in load_villages().values()}
    prefixes = {prefix.upper() for prefix in prefixes}
    for match in re.finditer(r"\b([A-Za-z]{3})([\s\-_.]?)([A-Za-z0-9]{6})\b", text or ""):
        prefix, separator, code = match.groups()
        # Without a village's own prefix, ordinary words read as references: "discharge" as
        # DIS-CHARGE, "the carpet" as THE-CARPET, "pre-heated" as PRE-HEATED. Another prefix
        # counts only set apart and with a digit in its code, as a mistyped reference is.
        if prefix.upper() not in prefixes and not (separator and any(c.isdigit() for c in code)):
            continue
        reference = normalize_reference(prefix + code)
        if reference:
            return reference
    return None
