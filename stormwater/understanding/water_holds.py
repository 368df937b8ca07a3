"""A product named as what a water holds, not as the thing discharged (issue 27).

"It has to sit full of 50 mg/L chlorine for a day, then he flushes it", "the drums were filled
from the tap with 2 tablespoons of bleach each": the chlorine and the bleach are in the water,
and the water (a line flushed, stored tap water) is what goes to the drain. Read here, before a
product's word (``roles.products``): an amount said of it is passed over ("50 mg/l", "2
tablespoons of", "a little"), then "full of", or "with" after a verb of filling a few words
back. What the water is, and whether the product decides its verdict, the reader's facets say.
Plain Python.
"""
from __future__ import annotations

import re
from typing import List, Sequence

FILLED_REACH = 8  # words between a verb of filling and its "with" ("filled from the tap 4 years ago with")
_AMOUNT_WORDS = frozenset(
    "a an of some little bit few couple splash dash drop drops cup cups capful capfuls tablespoon tablespoons tbsp "
    "teaspoon teaspoons tsp gallon gallons quart quarts ounce ounces oz ml mg l ppm parts per million liter liters "
    "litre litres pint pints scoop scoops pound pounds lb lbs one two three four five six seven eight nine ten dozen half".split())
_NUMBER = re.compile(r"^\d+(?:[.,/]\d+)*$")


def _amount_passed(before: Sequence[str]) -> List[str]:
    """``before`` without the amount said right before the product ("with 2 tablespoons of")."""
    words = list(before)
    while words and (words[-1] in _AMOUNT_WORDS or _NUMBER.match(words[-1]) or "/" in words[-1]):
        words.pop()
    return words


def held_by_water(before: Sequence[str], mention: Sequence[str], products: frozenset, filling: frozenset) -> bool:
    """Whether the product named by ``mention`` (its words) is said as what a water holds."""
    if not mention or not all(w in products for w in mention):
        return False
    words = _amount_passed(before)
    if words[-1:] == ["full"] or words[-2:] == ["full", "of"]:  # ("of" goes with an amount's words)
        return True
    if words[-1:] == ["with"]:
        return any(w in filling for w in words[-1 - FILLED_REACH:-1])
    return False
