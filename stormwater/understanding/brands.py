"""Brand names read as the products of a kind they are ("what if i use dawn" is dish soap,
"simple green on the driveway" a degreaser, "a jug of prestone" antifreeze).

A brand names no discharge of its own: the reader reads its kind's words in its place
(:func:`glossed`), so the kind's facets (what is in the water) and the catalogue's entry decide
the verdict, and the report files the brand with its kind ("Dawn (dish soap)",
:func:`with_kinds`). The brands and kinds are ``data/brands.yml``. A brand that is also an
ordinary word or a name ("tide" the sea, "dawn" the time of day, "scotts") counts only beside a
product cue: a word of using or handling a product a few words before it ("wash it with dawn"),
or the product's own noun right after it ("tide pods"); never right after a word that gives the
ordinary sense ("at dawn", "the tide"). Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet, List, Optional, Tuple

import yaml

from stormwater.store.paths import data_dir
from stormwater.understanding.catalogue import normalize
from stormwater.understanding.chemical_names import read_as_chemicals
from stormwater.understanding.pest_treatments import read_as_pesticides
from stormwater.understanding.argued_cases import argued_masked
from stormwater.understanding.side_mentions import event_masked
from stormwater.understanding.refuted_beliefs import refuted_masked
from stormwater.understanding.removed_things import removed_masked
from stormwater.understanding.water_looks import likened_away
from stormwater.understanding.material_kinds import verbs_masked
from stormwater.understanding.said_contents import parenthesised_contents

# A cue counts this many words before an ordinary word at most, in the same clause.
CUE_REACH = 3
# ... and a product noun this many words after it ("scotts lawn fertilizer").
NOUN_REACH = 2
_CLAUSE_BREAK = re.compile(r"[,;.!?]|\b(?:but|and then|though|although)\b")
_WORD = re.compile(r"[a-z0-9/'-]+")


@dataclass(frozen=True)
class Kind:
    label: str  # what a report files beside the brand: "dish soap"
    reads_as: str  # the words the discharge reader reads in the brand's place


@dataclass(frozen=True)
class Brands:
    kinds: Dict[str, Kind]
    brands: Dict[str, str]  # brand (letters and digits only) -> kind
    ordinary: FrozenSet[str]
    before: FrozenSet[str]
    after: FrozenSet[str]
    not_after: FrozenSet[str]


@dataclass(frozen=True)
class BrandMention:
    start: int  # offsets in the text as written
    end: int
    said: str  # the brand as the resident wrote it
    kind: Kind


@lru_cache(maxsize=4)
def _brands_file(folder: Optional[str] = None) -> dict:
    """``data/brands.yml`` as parsed, read once (empty when the folder has none: tests' own data folders)."""
    path = Path(folder or data_dir()) / "brands.yml"
    return (yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None) or {}


@lru_cache(maxsize=4)
def load_brands(folder: Optional[str] = None) -> Brands:
    """The brands of ``data/brands.yml``, each with its kind, and the cue words."""
    raw = _brands_file(folder)
    kinds = {name: Kind(str(k["label"]), normalize(str(k["reads_as"]))) for name, k in (raw.get("kinds") or {}).items()}
    brands = {_compact(str(b)): str(kind) for b, kind in (raw.get("brands") or {}).items() if str(kind) in kinds}
    cues = raw.get("cues") or {}

    def words(values) -> FrozenSet[str]:
        return frozenset(normalize(str(v)) for v in values or ())

    return Brands(kinds, brands, words(raw.get("ordinary_words")), words(cues.get("before")),
                  words(cues.get("after")), words(cues.get("not_after")))


@lru_cache(maxsize=4)
def _pattern(folder: Optional[str] = None) -> "re.Pattern[str]":
    """All brands, longest first, their words apart by anything but a letter or digit
    ("Mr. Clean", "Wet & Forget", "Pine-Sol")."""
    raw = _brands_file(folder)
    names = sorted((str(b) for b in raw.get("brands") or {}), key=len, reverse=True)
    if not names:
        return re.compile(r"(?!x)x")
    # "WD-40", "wd 40" and "wd40" alike: the words of a name apart by up to three other characters
    alternatives = [r"[^a-z0-9]{0,3}".join(re.escape(w) for w in re.findall(r"[a-z0-9]+", n.lower())) for n in names]
    return re.compile(r"(?<![a-z0-9'-])(" + "|".join(alternatives) + r")(?![a-z0-9-]|'[a-z])", re.I)


def _compact(name: str) -> str:
    """A brand's letters and digits only: "WD-40", "wd 40" and "wd40" are one brand."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _key(said: str) -> str:
    return normalize(re.sub(r"[^A-Za-z0-9/'-]+", " ", said))


def _cued(text: str, start: int, end: int, brands: Brands) -> bool:
    """Whether the ordinary word at ``text[start:end]`` stands as a product: a product noun
    right after it, or a cue before it in its clause (not right after a word of its ordinary sense)."""
    after = _WORD.findall(_CLAUSE_BREAK.split(text[end:].lower(), maxsplit=1)[0])[:NOUN_REACH]
    if any(w in brands.after for w in after):
        return True
    before = _WORD.findall(_CLAUSE_BREAK.split(text[:start].lower())[-1])
    if not before or before[-1] in brands.not_after:
        return False
    return any(w in brands.before for w in before[-CUE_REACH:])


def brand_mentions(text: str, folder: Optional[str] = None) -> List[BrandMention]:
    """The brands ``text`` names as products, in order, with their kinds."""
    brands = load_brands(folder)
    found: List[BrandMention] = []
    for match in _pattern(folder).finditer(text or ""):
        key = _key(match.group(1))
        kind = brands.kinds.get(brands.brands.get(_compact(key), ""))
        if kind is None or (key in brands.ordinary and not _cued(text, match.start(1), match.end(1), brands)):
            continue
        found.append(BrandMention(match.start(1), match.end(1), match.group(1), kind))
    return found


def glossed(text: str, folder: Optional[str] = None) -> str:
    """``text`` with each brand replaced by its kind's words, for the discharge reader: "can i
    use dawn on my car" -> "can i use dish soap on my car" (the brand's own words are no
    material: "Thompson's Water Seal" is no water, "Simple Green" no colour). Reading it
    again changes nothing. A list in parentheses after a water is what it holds ("roof water
    (dust, leaves)": :mod:`stormwater.understanding.said_contents`); a compound's name is a
    chemical (:mod:`stormwater.understanding.chemical_names`); a solid taken out of the water
    is no longer in it (:mod:`stormwater.understanding.removed_things`), nor is a belief said to
    be wrong (:mod:`stormwater.understanding.refuted_beliefs`) or a case argued from
    (:mod:`stormwater.understanding.argued_cases`); a treatment against pests
    is a pesticide (:mod:`stormwater.understanding.pest_treatments`); "leaves" said as a verb is
    no leaves (:func:`stormwater.understanding.material_kinds.verbs_masked`), nor is what a water
    smells or looks like (:func:`stormwater.understanding.water_looks.likened_away`)."""
    out, last = [], 0
    text = read_as_chemicals(parenthesised_contents(text, folder), folder)  # "ammonium bifluoride" is a chemical
    text = read_as_pesticides(text, folder)  # "dipped the sheep for lice": a pesticide (pest_treatments.py)
    # "we skimmed the leaves out", "thought it was sewage but", "before i open the pool"
    text = event_masked(argued_masked(refuted_masked(removed_masked(text, folder))))
    text = verbs_masked(text, folder)  # "the crew leaves the rigs idling": a verb, no leaves (material_kinds.py)
    text = likened_away(text)  # "it smells like a pool": a smell, no pool (water_looks.py)
    for mention in brand_mentions(text, folder):
        said = "" if normalize(text[mention.end:]).startswith(mention.kind.reads_as) else mention.kind.reads_as
        out += [text[last:mention.start], said]  # "dawn dish soap" says its kind already
        last = mention.end
    return "".join(out) + (text or "")[last:] if out else (text or "")


def _capitalised(said: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in _key(said).split())


def with_kinds(words: str, text: str, labels: Tuple[str, ...] = (), folder: Optional[str] = None) -> str:
    """The material ``words`` a report files, with each brand of ``text`` they hold followed by
    its kind ("some dawn" -> "some Dawn (dish soap)"), unless the next word says the kind
    already ("Castrol oil"). Words that are only a vocabulary label (``labels``) the brand was
    read as become the brands with their kinds. Words without a brand are kept as they are."""
    mentions = brand_mentions(text, folder)
    said = normalize(words)
    if mentions and (said in {normalize(label) for label in labels} or any(said in _key(m.said) for m in mentions)):
        return ", ".join(dict.fromkeys(f"{_capitalised(m.said)} ({m.kind.label})" for m in mentions))
    for mention in mentions:
        kind_words = set(mention.kind.label.split()) | set(mention.kind.reads_as.split())
        pattern = r"(?<![a-z0-9])(" + r"[^a-z0-9]+".join(re.escape(w) for w in _key(mention.said).split()) + r")(?![a-z0-9])(\W+\w+)?"
        found = re.search(pattern, words, flags=re.I)
        if found is None or (found.group(2) and normalize(found.group(2)) in kind_words):
            continue
        label = f"{_capitalised(mention.said)} ({mention.kind.label})"
        words = words[: found.start(1)] + label + words[found.end(1):]
    return words


def brand_kinds(text: str, folder: Optional[str] = None) -> Tuple[str, ...]:
    """The labels of the kinds of the brands ``text`` names ("dish soap")."""
    return tuple(dict.fromkeys(m.kind.label for m in brand_mentions(text, folder)))
