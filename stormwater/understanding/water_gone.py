"""What the resident says has left the water (issue 27): "we let the chlorine go for a week",
"we neutralize the chlorine first", "the strip reads 0.0 free and total chlorine".

A thing said to be gone is denied, not contained: the exemptions that turn on it
("dechlorinated swimming pool discharges") are vouched for by the words. The words are
``looks`` in ``data/facets.yml`` (``gone``, ``readings``, ``removers``, ``nil``). Plain Python.
"""
from __future__ import annotations

import re
from typing import Dict, Optional, Tuple

from stormwater.understanding.water_looks import (_BREAKS, _SENTENCE_ENDS, LookWords, _phrase_at, _tokens, hedged_at,
                                                  load_look_words)

# how many words may stand between a reading of nil and the thing it measures ("0.0 free and total chlorine")
_NIL_REACH = 3
# "the strip says chlorine is zero": after a reading, the thing measured, then a verb of being
_BEING = frozenset({"is", "was", "at", "reads", "basically", "essentially", "practically"})
# the words that may stand there: the measure's own ("free and total", "ppm"), nothing that names another thing
_BETWEEN_NIL_AND_THING = frozenset({"free", "total", "combined", "and", "ppm", "of", "for", "on", "both"})


def gone_from_water(text: str, named: Dict[str, Tuple[str, ...]], folder: Optional[str] = None, tested_only: bool = False) -> Tuple[str, ...]:
    """The categories of ``named`` (category -> its words) said to have left the water, the last
    of their mentions followed within two words by a word of going ("we let the chlorine go for a
    week", "until the chlorine dissipates", "no chlorine left") or by a remover ("the chlorine
    neutralizer"), said after a remover ("we neutralize the chlorine first"), or measured at
    nothing (:func:`_tested_nil`), unhedged.

    :param tested_only: only a remover or a test says it ("went", "out" may say where the thing
        went: "the oil went into the drain")
    """
    words = load_look_words(folder)
    tokens = _tokens(text)
    gone = []
    for category, phrases in named.items():
        spans = [(i, len(p.split())) for p in phrases for i in range(len(tokens)) if tokens[i : i + len(p.split())] == p.split()]
        # the last word on it says how the water is now ("a tiny bit of chlorine ... the strip now reads 0 chlorine")
        last, size = max(spans) if spans else (0, 0)
        if spans and _away(tokens, last, size, words, tested_only) and not hedged_at(tokens, last, words):
            gone.append(category)
    return tuple(gone)


def _away(tokens: list, i: int, size: int, words: LookWords, tested_only: bool) -> bool:
    return _goes(tokens, i + size, words, () if tested_only else words.gone) or _tested_nil(tokens, i, size, words) or _removed(tokens, i, words)


def _removed(tokens: list, i: int, words: LookWords) -> bool:
    """Whether a remover stands just before the mention at ``tokens[i]`` ("we neutralize the chlorine first")."""
    before = tokens[max(0, i - 4) : i]
    at = next((j for j, w in enumerate(before) if w in words.removers), None)
    return at is not None and not set(before[at:]) & _BREAKS and not set(before[:at]) & words.negations  # "we don't neutralize"


def _goes(tokens: list, start: int, words: LookWords, going: Tuple[str, ...]) -> bool:
    for j in range(start, min(len(tokens), start + 3)):
        if tokens[j] in _BREAKS:
            return False
        if _phrase_at(tokens, j, going) or tokens[j] in words.removers:
            return True
    return False


def a_remover(word: str, folder: Optional[str] = None) -> bool:
    """Whether ``word`` names a product by what it takes out of the water ("chlorine neutralizer")."""
    return word in load_look_words(folder).removers


def _tested_nil(tokens: list, i: int, size: int, words: LookWords) -> bool:
    """Whether the mention at ``tokens[i:i+size]`` is measured at nothing: "zero chlorine", the
    first reading after it in its sentence reads nil ("stopped adding chlorine two weeks ago and
    the test strip says zero now"; not "chlorine reads high, ph reads zero"), or a reading of nil
    stands just before it in its clause ("the kit reads 0.0 free and total chlorine")."""
    if i > 0 and _nil(tokens[i - 1], words):
        return True
    for j in range(i + size, len(tokens)):
        if tokens[j] in _SENTENCE_ENDS:
            break
        taken = _phrase_at(tokens, j, words.readings) or int(j == i + size and tokens[j] in _BEING and _reading_before(tokens, i, words))
        if taken:
            return any(_nil(t, words) for t in tokens[j + taken : j + taken + 2])
    return _read_nil_before(tokens, i, words)


def _read_nil_before(tokens: list, i: int, words: LookWords) -> bool:
    """Whether a reading of nil stands at most :data:`_NIL_REACH` words before ``tokens[i]``, in its clause."""
    for k in range(i - 1, max(-1, i - 2 - _NIL_REACH), -1):
        if _nil(tokens[k], words):
            return any(_phrase_at(tokens, j, words.readings) for j in range(max(0, k - 2), k))
        if tokens[k] not in _BETWEEN_NIL_AND_THING:
            return False  # "reads zero ph and high chlorine": the nil is another thing's
    return False


def _reading_before(tokens: list, i: int, words: LookWords) -> bool:
    """Whether a reading stands just before the mention at ``tokens[i]``: "the strip says chlorine is basically zero"."""
    return any(_phrase_at(tokens, j, words.readings) for j in range(max(0, i - 2), i))


def _nil(token: str, words: LookWords) -> bool:
    """Whether ``token`` says nothing was measured: a word of ``nil`` or a zero ("0.0", "0.00")."""
    return token in words.nil or re.fullmatch(r"0+(?:\.0+)?", token) is not None
