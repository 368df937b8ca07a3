"""What the resident pays for, told apart from what a washing charges (issue 27).

A price or a payment leaves "whose car washing is it?" open again: children washing cars "for a
couple bucks a car" run neither plainly an individual residential car washing nor plainly a
business. A payment the resident makes is no such thing: "done paying 15 bucks a week at the
tunnel wash, from now on im washing my own car in my driveway" tells what the resident paid a
business, and the washing asked about charges nothing. The clause of a payment whose payer is
the speaker is dropped before the reopening words are read. Plain Python.
"""
from __future__ import annotations

import re

from stormwater.understanding.catalogue import normalize

# the speaker paying: a first person or a word of stopping, at most two helping words, then a verb of
# paying, to the end of its clause ("done paying 15 bucks a week at the tunnel wash"; not "i think
# they paid", nor "the kids were paid": another payer, or the washer paid)
_OWN_PAYMENT = re.compile(
    r"\b(?:i|we|im|i'm|ive|i've|we're|done|tired of|sick of|stop|stopped|quit)\s+"
    r"(?:(?:just|already|always|usually|was|am|have|had|been|used|to|gonna|going|still|also)\s+){0,2}"
    r"(?:pay|paying|paid|spend|spending|spent)\b[^,.;!?]*")
_PRICE = re.compile(r"\$\s?\d")  # "$15 each" is a price: its words are "dollars" to the questions' reopening words


def charged_words(text: str) -> str:
    """The normalised words of ``text`` that may tell a washing charges: the clauses where the
    speaker pays someone dropped, a price read as "dollars"."""
    kept = _OWN_PAYMENT.sub(" ", (text or "").lower())
    norm = normalize(kept)
    return f"{norm} dollars" if _PRICE.search(kept) else norm
