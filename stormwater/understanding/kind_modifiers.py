"""A generic word narrowed by its modifier to another kind (issue 27).

Some kinds the law names are a generic thing of a certain owner or source: "pet waste" is the
waste of pets, so "dog poop", "cat litter" and "pet waste" are it, and a bare "poop" is read as
it. With another kind's name before it ("goose poop", "deer droppings", "bird poop") the bare
word is no longer the pet's: the modifier names whose it is, and it is none of the kind's own
(the words before the head in the kind's own phrases, in ``data/discharges.yml`` and
``data/facets.yml``). Which kinds are so narrowed is ``roles.narrowed_by_modifier`` of
``data/facets.yml``. A word before the generic one that only describes it ("smelly",
"bagged"), says whose it is ("my neighbor's"), or is a function word or a verb the role lists
know ("hose poop into the drain") leaves the kind as it is. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, Iterable, Optional

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.watered_objects import watered_not_plant
from stormwater.understanding.word_roles import load_role_words

# The endings of a describing word or a verb's form: "smelly", "bagged", "rotting", "harmful".
_DESCRIBING_ENDINGS = ("y", "ed", "ing", "ful", "ous", "ish", "less", "able", "ible", "ic", "ive")
# Function words a modifier is never: after them the generic word keeps its kind.
_FUNCTION = frozenset("of and or but with without in on at by for from to into onto off up down out no not any all "
                      "some more much lots lot little less few is are was were be it its i we you he she they".split())


@lru_cache(maxsize=4)
def narrowed_kinds(folder: Optional[str] = None) -> FrozenSet[str]:
    """``roles.narrowed_by_modifier``: the kinds (catalogue keys and `water` categories) a modifier narrows."""
    return frozenset(str(k) for k in (facets_file(folder).get("roles") or {}).get("narrowed_by_modifier") or ())


def narrowed_to(kind: str, folder: Optional[str] = None) -> Optional[str]:
    """The kind a narrowed ``kind`` is read as instead (``roles.narrowed_to``: another animal's
    droppings are biological materials), or ``None``: no kind."""
    targets = (facets_file(folder).get("roles") or {}).get("narrowed_to") or {}
    target = targets.get(kind)
    return str(target) if target else None


@lru_cache(maxsize=4)
def _known_words(folder: Optional[str] = None) -> FrozenSet[str]:
    role_words = load_role_words(folder)
    return frozenset().union(role_words.determiners, role_words.possessives, role_words.destination, role_words.using,
                             role_words.carrying, role_words.activities, role_words.filling, role_words.treating,
                             role_words.building, role_words.passive_agent, _FUNCTION)


def narrowed_away(norm: str, start: int, end: int, kind: str, own_phrases: Iterable[str], folder: Optional[str] = None) -> bool:
    """Whether the mention at ``norm[start:end]``, a bare generic word of ``kind`` (the head of
    some of its own phrases), has a modifier before it that names another kind.

    :param own_phrases: the kind's catalogue synonyms (its facet words are added here)
    """
    mention = norm[start:end]
    if watered_not_plant(norm, start, end, kind, folder):
        return True  # "sprinklers on the log piles": no plant watered, no irrigation (watered_objects.py)
    if kind not in narrowed_kinds(folder) or " " in mention:
        return False
    facet_words = ((facets_file(folder).get("water") or {}).get(kind) or ())
    phrases = [p.lower().split() for p in (*own_phrases, *map(str, facet_words)) if " " in p]
    if not any(words[-1] == mention for words in phrases):
        return False  # not a generic head of the kind's own phrases
    before = norm[:start].split()
    if not before:
        return False
    word = before[-1]
    own_modifiers = {w for words in phrases for w in words[:-1]}
    if word in own_modifiers or word.endswith(("'s", "s'")) or word in _known_words(folder) or word.isdigit():
        return False
    return not word.endswith(_DESCRIBING_ENDINGS) and word.isalpha()
