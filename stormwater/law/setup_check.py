"""Set-up problems an operator must not miss: villages still on example contact details.

Example contacts (``example_contacts: true`` in a village file, with 555-01xx numbers and
"(example address)") reach residents in replies and printed letters, so the start-up output
says so in a box, and the staff desk shows it on every page until they are filled in.
"""
from __future__ import annotations

from typing import Iterable, List, Optional


def example_contact_villages(villages: Iterable) -> List[str]:
    """The slugs of the villages whose file still holds example contacts, sorted."""
    return sorted(v.slug for v in villages if getattr(v, "example_contacts", False))


def example_contacts_banner(villages: Iterable) -> Optional[str]:
    """A boxed, multi-line warning naming each file to fill in, or ``None`` when all are real."""
    slugs = example_contact_villages(villages)
    if not slugs:
        return None
    lines = [
        "WARNING: EXAMPLE CONTACT DETAILS ARE IN USE",
        "Residents are being given made-up phone numbers and addresses",
        "(555-01xx numbers, 'Village Hall (example address)') in replies and letters.",
        "Before anyone uses this help desk, fill in the real contacts and set",
        "`example_contacts: false` in:",
        *(f"  data/villages/{slug}.yml" for slug in slugs),
        "See docs/deployment.md, step 1.",
    ]
    width = max(len(line) for line in lines)
    bar = "!" * (width + 6)
    return "\n".join([bar, *(f"!! {line.ljust(width)} !!" for line in lines), bar])
