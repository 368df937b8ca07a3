"""The check code a resident gets with a filed report: with the reference, it opens the
report's status from any phone or browser (issue 32).

Only a salted, slow hash of the code is stored. Four digits are easy to read out and type;
the rate limits on wrong checks (:mod:`stormwater.intake.status_lookup`) are what stop guessing.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Optional, Tuple

CHECK_DIGITS = 4
_ITERATIONS = 50_000
_SCHEME = "pbkdf2_sha256"
_CHECK_WORD = re.compile(r"(?<![\w-])(\d{4})(?![\w-])")


def _digest(code: str, salt: bytes, iterations: int) -> str:
    return hashlib.pbkdf2_hmac("sha256", code.encode("ascii"), salt, iterations).hex()


def new_check() -> Tuple[str, str]:
    """A fresh check code and what is stored of it: ``("0427", "pbkdf2_sha256$50000$<salt>$<hash>")``."""
    code = f"{secrets.randbelow(10 ** CHECK_DIGITS):0{CHECK_DIGITS}d}"
    salt = secrets.token_bytes(16)
    return code, f"{_SCHEME}${_ITERATIONS}${salt.hex()}${_digest(code, salt, _ITERATIONS)}"


def check_matches(stored: Optional[str], code: Optional[str]) -> bool:
    """Whether ``code`` is the check whose hash is ``stored`` (``False`` when either is missing)."""
    if not stored or not code or not re.fullmatch(r"\d{%d}" % CHECK_DIGITS, code):
        return False
    try:
        scheme, iterations, salt, digest = stored.split("$")
        if scheme != _SCHEME:
            return False
        mine = _digest(code, bytes.fromhex(salt), int(iterations))
    except ValueError:
        return False
    return hmac.compare_digest(mine, digest)


def find_check(text: Optional[str]) -> Optional[str]:
    """The check code typed in a message ("BAY-7K3Q9P 0427", "check 0427"): a word of exactly
    four digits, not part of the reference; ``None`` if there is none or more than one."""
    found = _CHECK_WORD.findall(text or "")
    return found[0] if len(found) == 1 else None
