"""The discharge vocabulary (``data/discharges.yml``): canonical keys and the words for them.

Residents say "sump pomp", "drain my pool" or "AC water"; the law speaks of "crawl space or
basement sump pump discharges". This module maps what a resident wrote to a canonical key:
exact phrases first (longest wins), then a fuzzy match for typos on longer words only, since a
fuzzy match on a short word ("gas" for "has") would put words in a resident's mouth.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import yaml
from rapidfuzz import fuzz

from stormwater.store.paths import data_dir
from stormwater.understanding.typed_phrases import typo_of
from stormwater.understanding.water_looks import load_look_words
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.kind_modifiers import narrowed_away
from stormwater.understanding.phrase_forms import with_plurals

FUZZY_MIN_CHARS = 5
FUZZY_SCORE = 86

# Words that point at a thing without changing what it is: "wash our car" is "wash my car".
DETERMINERS = frozenset({"my", "our", "his", "her", "their", "your", "ur", "the"})
# After a determiner a resident may describe the thing ("wash my new car", "hose the whole
# driveway"): up to this many words, none of them a word that starts another part of the sentence.
MAX_DESCRIBING_WORDS = 2
NOT_DESCRIBING = frozenset({
    "and", "or", "but", "to", "into", "in", "on", "at", "with", "without", "from", "of", "for", "by",
    "not", "no", "is", "are", "was", "were", "be", "it", "it's", "that", "this", "these", "those",
    "down", "off", "out", "up", "a", "an", "if", "then", "so", "as", "i", "we", "you", "he", "she", "they",
}) | DETERMINERS
# "street or sidewalk wash water": one word joined to a phrase's first word shares its rest.
CONJUNCTIONS = frozenset({"or", "and"})


@dataclass(frozen=True)
class Discharge:
    """One kind of discharge residents ask about."""

    key: str
    label: str
    synonyms: Tuple[str, ...]
    hazardous: bool
    related: Tuple[str, ...] = ()
    # other discharge -> its phrases ("any" for all) that belong to this one when both are named
    absorbs: Tuple[Tuple[str, Tuple[str, ...]], ...] = ()
    # a law topic that answers this discharge instead of a rule (dye testing)
    topic: Optional[str] = None


def normalize(text: str) -> str:
    """Lower-case words separated by single spaces (punctuation other than ``/`` and ``-`` dropped)."""
    text = (text or "").lower().replace("’", "'")
    text = re.sub(r"[^a-z0-9/\-' ]+", " ", text)
    return " ".join(text.split())


@lru_cache(maxsize=8)
def load_catalogue(folder: Optional[str] = None) -> Dict[str, Discharge]:
    """All discharges, keyed by canonical key.

    :param folder: the data folder; defaults to :func:`stormwater.store.paths.data_dir`
    """
    path = Path(folder or data_dir()) / "discharges.yml"
    with path.open(encoding="utf-8") as fh:
        raw = (yaml.safe_load(fh) or {}).get("discharges") or {}
    catalogue = {}
    for key, entry in raw.items():
        if not re.fullmatch(r"[a-z][a-z0-9_]*", key):
            raise ValueError(f"discharges.yml: key '{key}' must be lower_snake_case")
        synonyms = tuple(dict.fromkeys(normalize(s) for s in [entry["label"], *entry.get("synonyms", [])]))
        catalogue[key] = Discharge(
            key=key,
            label=str(entry["label"]),
            synonyms=synonyms,
            hazardous=bool(entry.get("hazardous", False)),
            related=tuple(entry.get("related") or ()),
            absorbs=tuple(
                (str(other), ("any",) if phrases == "any" else tuple(normalize(p) for p in phrases))
                for other, phrases in (entry.get("absorbs") or {}).items()
            ),
            topic=entry.get("topic"),
        )
    for d in catalogue.values():
        for other, _ in d.absorbs:
            if other not in catalogue:
                raise ValueError(f"discharges.yml: {d.key} absorbs unknown discharge '{other}'")
    return catalogue


@lru_cache(maxsize=8)
def load_decoys(folder: Optional[str] = None) -> Tuple[str, ...]:
    """Phrases that contain a discharge's word but name something else ("pool guy").

    They are matched like synonyms, so their words are taken and never read as a discharge.

    :param folder: the data folder; defaults to :func:`stormwater.store.paths.data_dir`
    """
    path = Path(folder or data_dir()) / "discharges.yml"
    with path.open(encoding="utf-8") as fh:
        raw = (yaml.safe_load(fh) or {}).get("not_discharges") or []
    return tuple(dict.fromkeys(normalize(str(p)) for p in raw if str(p).strip()))


@lru_cache(maxsize=8)
def _phrase_index(folder: Optional[str] = None) -> List[Tuple[str, str]]:
    """(phrase, key) pairs, longest phrase first so "pool filter backwash" beats "pool";
    a decoy's key is ``""``."""
    pairs = with_plurals((phrase, d.key) for d in load_catalogue(folder).values() for phrase in d.synonyms if phrase)
    pairs |= {(phrase, "") for phrase in load_decoys(folder)}  # ("washing machines": phrase_forms.plural)
    return sorted(pairs, key=lambda p: (-len(p[0]), p[0]))


@dataclass(frozen=True)
class Mention:
    """Where a discharge is named: character offsets in :func:`normalize`'s text, and the phrase."""

    start: int
    end: int
    key: str
    phrase: str


def find_mentions(text: str, folder: Optional[str] = None) -> List[Mention]:
    """Every exact mention of a discharge in ``text`` (longest phrase wins), in order.

    Offsets index ``normalize(text)``. Decoys ("pool guy") take their words and are left out.

    :param text: what the resident wrote
    :param folder: the data folder (tests); defaults to the project's
    """
    return [m for m in _matches(text, folder) if m.key and not _narrowed(normalize(text), m, folder)]


def narrowed_keys(text: str, folder: Optional[str] = None) -> frozenset:
    """The discharges ``text`` names only by a generic word a modifier narrows to another kind
    ("goose poop" is no pet's): no typo or entity is to bring them back."""
    norm = normalize(text)
    matches = [m for m in _matches(text, folder) if m.key]
    return frozenset(m.key for m in matches if _narrowed(norm, m, folder)) - {m.key for m in matches if not _narrowed(norm, m, folder)}


def narrowed_material(text: str, folder: Optional[str] = None) -> Optional[str]:
    """The first generic word a modifier narrows to another kind, with its modifier, in the
    resident's words ("goose poop"): a material the law's list does not name."""
    norm = normalize(text)
    first = next((m for m in _matches(text, folder) if m.key and _narrowed(norm, m, folder)), None)
    return " ".join(norm[: first.end].split()[-2:]) if first else None


def _narrowed(norm: str, mention: "Mention", folder: Optional[str]) -> bool:
    # "goose poop" is no pet's: a generic word whose modifier names another kind is not that kind
    return narrowed_away(norm, mention.start, mention.end, mention.key, load_catalogue(folder)[mention.key].synonyms, folder)


def _matches(text: str, folder: Optional[str]) -> List[Mention]:
    padded = f" {normalize(text)} "
    found: List[Mention] = []
    taken = [False] * len(padded)
    for phrase, key in _phrase_index(folder):
        # A plain substring search: one regular expression per phrase overflowed re's cache
        # and was compiled again on every call (half the action server's CPU in the profile).
        needle = f" {phrase} "
        at = padded.find(needle)
        while at >= 0:
            start, end = at + 1, at + len(needle) - 1
            if not any(taken[start:end]):
                for i in range(start, end):
                    taken[i] = True
                found.append(Mention(start - 1, end - 1, key, phrase))
            at = padded.find(needle, at + len(needle))  # non-overlapping, as re.finditer
    found += _loose_matches(padded, taken, folder)
    return sorted(found, key=lambda m: m.start)


def _tokens(padded: str) -> List[Tuple[str, int, int]]:
    """(word, start, end) in ``padded``; offsets as in :func:`_matches`."""
    return [(m.group(), m.start(), m.end()) for m in re.finditer(r"[^ ]+", padded)]


def _same_word(phrase_word: str, word: str) -> bool:
    return phrase_word == word or (phrase_word in DETERMINERS and word in DETERMINERS)


def _stem(word: str) -> str:
    """A verb's word without its ending ("hosing", "hose", "hosed" -> "hos"), so a phrase's
    first word may be said in another form ("hose down the street", "washed my car")."""
    for ending in ("ing", "ed", "es", "s", "e"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def _loose_at(words: List[str], i: int, phrase_words: Tuple[str, ...]) -> Optional[int]:
    """The index after a loose match of ``phrase_words`` starting at word ``i``, or ``None``.

    Loose: any determiner for the phrase's determiner, up to :data:`MAX_DESCRIBING_WORDS`
    describing words right after a determiner, and "<word> or <word>" for the first word (the
    caller has matched the first word, maybe in another form).
    """
    j = i + 1
    for k, pw in enumerate(phrase_words[1:], start=1):
        if k > 0 and phrase_words[k - 1] in DETERMINERS:
            skipped = 0
            while j < len(words) and not _same_word(pw, words[j]) and skipped < MAX_DESCRIBING_WORDS:
                if words[j] in NOT_DESCRIBING:
                    return None
                j, skipped = j + 1, skipped + 1
        elif k == 1 and j + 2 < len(words) and words[j] in CONJUNCTIONS and not _same_word(pw, words[j]):
            if words[j + 1] in NOT_DESCRIBING:
                return None
            j += 2
        if j >= len(words) or not _same_word(pw, words[j]):
            return None
        j += 1
    return j


@lru_cache(maxsize=8)
def _loose_index(folder: Optional[str] = None) -> List[Tuple[str, str, Tuple[str, ...], str]]:
    """(phrase, key, its words, its first word's stem) for phrases of two words or more, longest first."""
    return [(p, k, tuple(p.split()), _stem(p.split()[0])) for p, k in _phrase_index(folder) if len(p.split()) >= 2]


def _loose_matches(padded: str, taken: List[bool], folder: Optional[str]) -> List[Mention]:
    """Phrases said with another form of their first word, other determiners, describing words
    or a coordinated first word, on words no exact phrase took (longest phrase first)."""
    tokens = _tokens(padded)
    words = [t[0] for t in tokens]
    present = set(words)
    stems = [_stem(w) for w in words]
    found: List[Mention] = []
    for phrase, key, phrase_words, first in _loose_index(folder):
        if not all(w in present or w in DETERMINERS for w in phrase_words[1:]):
            continue
        for i in range(len(words)):
            if not (_same_word(phrase_words[0], words[i]) or (first == stems[i] and phrase_words[0] not in DETERMINERS)):
                continue
            if words[i] != phrase_words[0] and words[i] in look_adjectives(folder):
                continue  # "clean water" is the water's look, not "cleaning water"
            j = _loose_at(words, i, phrase_words)
            if j is None:
                continue
            start, end = tokens[i][1], tokens[j - 1][2]
            if any(taken[start:end]):
                continue
            for n in range(start, end):
                taken[n] = True
            found.append(Mention(start - 1, end - 1, key, phrase))
    return found


def look_adjectives(folder: Optional[str] = None) -> frozenset:
    """The words of a water's look (``looks`` of data/facets.yml: "clean", "clear", "cloudy")."""
    words = load_look_words(folder)
    return words.clear | words.discoloured


def find_discharges(text: str, folder: Optional[str] = None) -> List[str]:
    """Canonical keys of the discharges named in ``text``, in order of appearance.

    :param text: what the resident wrote, or an entity value
    :param folder: the data folder (tests); defaults to the project's
    """
    found: List[Tuple[int, str]] = [(m.start, m.key) for m in _matches(text, folder)]
    if not found:
        found = _fuzzy(normalize(text), folder)
    seen: Dict[str, None] = {}
    for _, key in sorted(found):
        if key:
            seen.setdefault(key, None)
    return list(seen)


def _typo_of(window: str, phrase: str, folder: Optional[str] = None) -> bool:
    """Whether ``window`` is ``phrase`` mistyped (:func:`typed_phrases.typo_of`); a word the help desk
    knows as itself is none: "garage" is no "garbage"."""
    return typo_of(window, phrase, _known_words(folder))


@lru_cache(maxsize=4)
def _known_words(folder: Optional[str] = None) -> frozenset:
    """Every word of the facets' own word lists (data/facets.yml): places, pumps, routes, ..."""
    raw = facets_file(folder)
    words = set()
    for facet in (raw or {}).values():
        for values in (facet.values() if isinstance(facet, dict) else ()):
            if isinstance(values, list):
                words.update(w for v in values if isinstance(v, str) for w in normalize(v).split())
    return frozenset(words)


def _fuzzy(text: str, folder: Optional[str]) -> List[Tuple[int, str]]:
    words = text.split()
    best: Dict[str, Tuple[float, int]] = {}
    for phrase, key in _phrase_index(folder):
        size = len(phrase.split())
        if len(phrase) < FUZZY_MIN_CHARS:
            continue
        for i in range(0, max(1, len(words) - size + 1)):
            window = " ".join(words[i : i + size])
            if len(window) < FUZZY_MIN_CHARS:
                continue
            score = fuzz.ratio(phrase, window)
            if score >= FUZZY_SCORE and score > best.get(key, (0, 0))[0] and _typo_of(window, phrase, folder):
                best[key] = (score, i)
    return [(pos, key) for key, (_, pos) in best.items()]


def resolve(value: str, folder: Optional[str] = None) -> Optional[str]:
    """The canonical key for one entity value or key, or ``None`` if it names no known discharge."""
    if value in load_catalogue(folder):
        return value
    keys = find_discharges(value, folder)
    return keys[0] if keys else None
