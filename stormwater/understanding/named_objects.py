"""A catalogue word that only says which thing the noun after it is ("the pool cover", "the
drain pan") names no water of its own (issue 27). Here for the question reader's denials: "rain
sitting on my pool cover ... its not pool water, its rain on top" denies the pool's water, and
the cover's word affirms nothing against that denial. Plain Python.
"""
from __future__ import annotations

import re
from typing import List

from stormwater.understanding.answer_words import _without_negations
from stormwater.understanding.catalogue import Mention, find_mentions, normalize
from stormwater.understanding.role_shapes import object_head
from stormwater.understanding.word_roles import load_role_words


def names_an_object(norm: str, mention: Mention) -> bool:
    """Whether ``mention`` (in normalised ``norm``) only says which thing the noun after it is."""
    following = norm[mention.end :].split()[:2]
    return bool(following) and object_head(norm[mention.start : mention.end].split(), following, load_role_words())


# "a solid winter cover on the pool": the pool is where the cover lies, no water of its own said
_SET_ON = re.compile(r"\b(?:on|over|under|around|beside|by|atop|across) (?:the|our|my|a|this|that)\s*$")


def affirmed_things(text: str) -> List[str]:
    """The discharges ``text`` names word for word outside its denials, each as a thing of its
    own somewhere: not only as the name of an object ("pool cover") nor as where an object lies
    ("the cover on the pool")."""
    plain = _without_negations(text)
    norm = normalize(plain)
    return list(dict.fromkeys(m.key for m in find_mentions(plain) if not names_an_object(norm, m) and not lies_under(norm, m)))


def lies_under(norm: str, mention: Mention) -> bool:
    """Whether ``mention`` only says where an object lies ("a cover on the pool", "the tarp over the tub")."""
    return bool(_SET_ON.search(norm[: mention.start]))
