"""Phone numbers as people read them on the desk: ``+15165550100`` -> ``(516) 555-0100``.

Texts arrive in E.164 form and residents type numbers every which way; the desk shows North
American numbers one way and leaves any other number as it was given.
"""
from __future__ import annotations

import re


def _nanp_digits(number: str) -> str:
    """The ten digits of a North American number, or ``""`` if ``number`` is not one."""
    digits = re.sub(r"\D", "", number or "")
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    # Area codes and exchanges never start with 0 or 1.
    return digits if len(digits) == 10 and digits[0] not in "01" and digits[3] not in "01" else ""


def readable(number: str) -> str:
    """``(516) 555-0100`` for a North American number; anything else unchanged."""
    digits = _nanp_digits(number)
    if not digits:
        return (number or "").strip()
    return f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"


def tel_href(number: str) -> str:
    """The ``tel:`` link for ``number`` (``tel:+15165550100``), or ``""`` when it has no digits to dial."""
    digits = _nanp_digits(number)
    if digits:
        return "tel:+1" + digits
    dialable = re.sub(r"[^\d+]", "", number or "")
    return "tel:" + dialable if re.search(r"\d{3}", dialable) else ""
