"""A clarifying question answered in the resident's own words: the deciding fact typed instead
of a button ("it's the shop's truck" to whose car wash it is, "we add a little bleach" to
whether anything is in the water, "it comes off the furnace" to which appliance).

The answer is read with the discharge reader's facets, against the fact the question asks
(``clarify_facts`` in ``data/facets.yml``): the first choice whose facet the answer says is the
one it picks. Whose something is reads a business word as the owner ("the shop's truck"): the
question asks whose, so the one-vehicle reading of a business word ("washing the company truck
at home" is a household's doing) does not apply to its answer. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from typing import Dict, Optional, Tuple

from stormwater.understanding.catalogue import normalize
from stormwater.understanding.discharge_reader import Facets, _found, load_facet_words, read_facets
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.meaning_vocabulary import Choice, Question

ANY = "any"
# the order a typed answer's owner is read in: a business or public body named wins over "my"
_OWNERS = ("public", "business", "household")
# the yes or no an answer of whose it is may open with ("no, it's at my house"): it denies no owner
_OPENING = re.compile(r"^(?:no|nope|nah|yes|yeah|yep|ya)\b[\s,.!-]*")


def clarify_facts(folder: Optional[str] = None) -> Dict[str, Dict[str, Dict[str, Tuple[str, ...]]]]:
    """question -> choice -> facet -> the values that pick it."""
    raw = facets_file(folder).get("clarify_facts") or {}
    return {
        str(q): {str(c): {str(f): tuple(str(v) for v in vs) for f, vs in (facts or {}).items()} for c, facts in (choices or {}).items()}
        for q, choices in raw.items()
    }


def _owner(text: str, folder: Optional[str] = None) -> Optional[str]:
    """Who the answer says owns it, possessives read as owners ("the shop's truck": the shop)."""
    plain = _OPENING.sub("", re.sub(r"'s\b", "", normalize(text)))
    words = load_facet_words(folder)["who"]
    return next((who for who in _OWNERS if _found(plain, words.get(who, ()))[0]), None)


def _says(facets: Facets, owner: Optional[str], facet: str, values: Tuple[str, ...]) -> bool:
    value = owner if facet == "who" else facets.value(facet)
    if isinstance(value, tuple):
        return bool(value) and (ANY in values or bool(set(value) & set(values)))
    return value is not None and value in values


def choice_by_facts(question: Question, text: str, folder: Optional[str] = None) -> Optional[Choice]:
    """The choice of ``question`` that the typed answer ``text`` says by the fact asked, or
    ``None`` when it says none of them."""
    facts = clarify_facts(folder).get(question.name)
    if not facts:
        return None
    facets = read_facets(text, folder)  # "no soap or oil in it": the "no" denies what follows
    owner = _owner(text, folder)
    choices = {c.name: c for c in question.choices}
    for name, wanted in facts.items():
        if name in choices and any(_says(facets, owner, facet, values) for facet, values in wanted.items()):
            return choices[name]
    return None
