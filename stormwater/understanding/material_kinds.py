"""Nouns of biological materials the catalogue never named, read by WordNet's categories (issue 27).

Poquott's § 132-3 lists "biological materials" and "garbage" among pollutants. Residents name
the thing itself: feathers after a pillow fight, fish scales, onion skins, a gingerbread house,
moldy corn, a cow pie. No word list can hold them all; WordNet's noun hierarchy already sorts
them. ``data/material_kinds.json`` (built by ``python -m ops.material_kinds`` from Princeton
WordNet 3.0) lists the nouns whose usual sense is a material of an animal or a plant, a natural
covering, a body's waste, or food.

The discharge reader asks this module only when no category of data/facets.yml named the water
or material, and keeps a span only where it stands as the thing discharged (the same role test
as every other category: not a place, a container, a tool nor a modifier). A noun before a
common noun of an artifact, a person, an act or a place modifies it ("leaf blower", "food
truck"), and a thing likened to ("bent like a pretzel") is not the thing. A message that names
a water ("the soaking water is brown") or a surface washed down ("we hose down our block") asks
about that water: a material beside it is what the water held, which the texts leave open, so
nothing is read here. Plain Python.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from stormwater.store.paths import data_dir

BIOLOGICAL = "biological"  # the `water` category of data/facets.yml (Poquott § 132-3 "biological materials")
LONGEST = 3  # words in the longest phrase looked up ("fish scale", "cow pie")
_WORD = re.compile(r"[a-z]+(?:[-'][a-z]+)*")
_SIBILANT = ("s", "x", "z", "ch", "sh")
# A water the resident names ("the soaking water", "seawater", "hose water"): a material beside it is
# what that water held or touched, which both texts leave open (an exempt water that picked something up)
_WATER = re.compile(r"\b[a-z]*water\b")
# A surface washed down ("we hose down our block after the cookoff"): the wash water is the thing,
# what lay on the surface is in it (the texts leave an exempt water holding food open)
_SURFACE_WASHED = re.compile(
    r"\b(?:hos|wash|rins|spray|scrub)\w* (?:down|off) (?:the|our|my|his|her|their|a|this|that) (?:\w+ )?"
    r"(?:block|street|road|lot|driveway|sidewalk|patio|deck|pavement|court|yard|walk|walkway|plaza|square)\b")
# What a thing is likened to is not the thing ("bent like a pretzel", "white as snow"), nor is the
# event a time is told by ("after the chili cookoff", "before our crab boil"), nor what a water's
# colour comes from ("pours out the seams brown from the wood": the water held it)
_NOT_THE_THING_BEFORE = re.compile(r"\b(?:like|as)(?: an?| the| some)?\s*$|\b(?:after|before|during|since)(?: the| our| a| an| my| this| that| last)?(?: [a-z]+)?\s*$"
                                   r"|\b(?:brown|black|gray|grey|green|yellow|orange|red|rusty|cloudy|milky|murky|tinted|stained|colored|coloured)"
                                   r" from(?: the| all the| our| my| its| their)?\s*$")


def plural_forms(lemma: str) -> Tuple[str, ...]:
    """The regular plural forms of ``lemma`` (its last word pluralised)."""
    head, _, last = lemma.rpartition(" ")
    prefix = head + " " if head else ""
    forms = [last + "s"]
    if last.endswith(_SIBILANT):
        forms.append(last + "es")
    if last.endswith("y") and last[-2:-1] not in "aeiou":
        forms.append(last[:-1] + "ies")
    return tuple(prefix + f for f in forms)


@lru_cache(maxsize=4)
def _table(folder: Optional[str] = None) -> dict:
    """data/material_kinds.json, read once; ``{}`` without it."""
    path = Path(folder or data_dir()) / "material_kinds.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


@lru_cache(maxsize=4)
def _forms(folder: Optional[str] = None) -> Dict[str, str]:
    """Each surface form (lemma, plurals) -> its category."""
    table = _table(folder)
    forms = {}
    for lemma in table.get(BIOLOGICAL, ()):
        for form in (lemma, *plural_forms(lemma)):
            forms.setdefault(form, BIOLOGICAL)
    for plural, lemma in (table.get("irregular_plurals") or {}).items():
        forms.setdefault(plural, BIOLOGICAL)
    for form in table.get("verb_forms", ()):  # "he leaves": a verb, not leaf's plural
        forms.pop(form, None)
    return forms


@lru_cache(maxsize=4)
def _heads(folder: Optional[str] = None) -> frozenset:
    return frozenset(_table(folder).get("heads", ()))


def _a_head(word: str, folder: Optional[str] = None) -> bool:
    """Whether ``word`` (or its singular) is a noun a material's noun would modify ("blower", "trucks")."""
    heads = _heads(folder)
    singulars = (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else "",
                 word[:-3] + "y" if word.endswith("ies") else "")
    return any(s in heads for s in singulars if s)


def kind_spans(norm: str, folder: Optional[str] = None) -> List[Tuple[int, int, str]]:
    """Character spans of ``norm`` (normalised words) naming a biological material, each with its
    category, longest phrase first where phrases overlap ("fish scales", not "fish"). None where
    the message names a water: the material is then what the water held, not the thing itself."""
    if _WATER.search(norm) or _SURFACE_WASHED.search(norm):
        return []
    return _material_spans(norm, folder)


def _material_spans(norm: str, folder: Optional[str] = None) -> List[Tuple[int, int, str]]:
    """:func:`kind_spans` whether or not the message names a water."""
    forms = _forms(folder)
    words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(norm)]
    found, i = [], 0
    while i < len(words):
        for size in range(min(LONGEST, len(words) - i), 0, -1):
            phrase = " ".join(w for _, _, w in words[i:i + size])
            if phrase in forms:
                after = words[i + size][2] if i + size < len(words) else ""
                if not _NOT_THE_THING_BEFORE.search(norm[: words[i][0]]) and not _a_head(after, folder):
                    found.append((words[i][0], words[i + size - 1][1], forms[phrase]))
                i += size
                break
        else:
            i += 1
    return found


# Where a noun stands in a place's phrase ("drained the pool by the old oak"), not as a thing a
# pool held; "with", "of" and a list's comma lead to what it held ("full of leaves, flowers")
_PLACE_PREPOSITIONS = frozenset(
    "by near beside behind under beneath below above past along around at on onto in into from over across through off toward towards next".split())
_HELD_BEFORE = frozenset("with of and , full".split())
_REACH_BACK = 3  # words between the preposition and the noun ("by the old oak")


def held_in_tap_water(norm: str, water: Optional[str], water_words: Dict[str, Tuple[str, ...]], folder: Optional[str] = None) -> Tuple[str, ...]:
    """What tap water (the ``water`` read, or a word of ``water_words["potable"]`` said) is said to
    hold beside it: ``"biological"`` for a biological material ("buckets of tap water frozen with
    orange slices, cranberries and pine sprigs"), and each of Poquott's listed pollutants named
    ("our well tested high for uranium"). No longer the potable water the exemptions name (contents
    of the water, for the villages' rules); ``()`` for plain tap water."""
    padded = f" {norm} "
    if water != "potable" and not any(f" {w} " in padded for w in water_words.get("potable", ())):
        return ()
    listed = tuple(c for c in _LISTED_POLLUTANTS if any(f" {w} " in padded for w in water_words.get(c, ())))
    return ((BIOLOGICAL,) if held_spans(norm, folder, _material_spans) else ()) + listed


# Poquott's § 132-3 pollutants that are no material of life ("radioactive materials", "munitions"):
# said beside tap water, what the water holds
_LISTED_POLLUTANTS = ("radioactive", "munitions", "incinerator_residue", "dredged_spoil")


def held_spans(norm: str, folder: Optional[str] = None, spans=kind_spans) -> List[Tuple[int, int, str]]:
    """:func:`kind_spans` of the things a container (a pool tipped out) held: a span inside a
    phrase of place is left out ("by the old oak" is where, not what)."""
    kept = []
    for start, end, kind in spans(norm, folder):
        before = re.findall(r"[a-z]+|,", norm[:start])[-_REACH_BACK:]
        for word in reversed(before):
            if word in _HELD_BEFORE or word in _PLACE_PREPOSITIONS:
                break
        else:
            word = ""
        if word not in _PLACE_PREPOSITIONS:
            kept.append((start, end, kind))
    return kept


# What follows a verb, never a plural noun: "leaves the rigs", "leaves it", "leaves his truck"
_OBJECT_START = frozenset("the a an his her their its our my your this that these those it them him us me some every".split())
# What stands before a noun: "the leaves the crew blew", "bags of leaves the city takes"
_NOUN_BEFORE = frozenset("the a an his her their its our my your this that these those some of and or dead wet fallen all".split())


def verbs_masked(text: str, folder: Optional[str] = None) -> str:
    """``text`` with each plural of a material's noun that is more often a verb's third person
    (``verb_forms`` of data/material_kinds.json: "leaves") blanked where it is said as the verb:
    before a determiner or a pronoun, and not after a word that stands before a noun. "The
    ambulance corps leaves the rigs idling" names no leaves."""
    verbs = frozenset(_table(folder).get("verb_forms", ()))
    lower = (text or "").lower()
    out = list(text or "")
    for match in _WORD.finditer(lower):
        if match.group() not in verbs:
            continue
        before = _WORD.findall(lower[: match.start()])[-1:]
        after = _WORD.findall(lower[match.end():])[:1]
        if after and after[0] in _OBJECT_START and not (before and before[0] in _NOUN_BEFORE):
            out[match.start():match.end()] = "-" * (match.end() - match.start())
    return "".join(out)

