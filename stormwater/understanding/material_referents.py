"""What a vague or category word for the material stands for, in the resident's own words.

"poured the dirty stuff in the storm drain" after "cleaning my brushes ... with mineral spirits":
the dirty stuff is the mineral spirits, so the report keeps both ("dirty stuff (mineral
spirits)"); "cleaned out my koi pond and pumped the green sludgy water" is the pond's water
("green sludgy water from my koi pond"). A category the vocabulary matched ("degreaser" is one
of its solvents) is filed as the word said, never as the category's label ("solvents and
household chemicals"). Plain functions over the words; no Flask, no Rasa.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, List, Optional, Tuple

from stormwater.understanding.answer_words import _NEGATED_HAZARD, hazard_from_words
from stormwater.understanding.catalogue import find_mentions, load_catalogue, normalize
from stormwater.understanding.brands import glossed, with_kinds
from stormwater.understanding.thing_hazard import head_word, known_whole

# Verbs that empty or clean out a container of water: their object is where the water came from.
_EMPTIED = re.compile(
    r"\b(?:clean(?:ed|ing)?|empt(?:ied|ying|y)|drain(?:ed|ing)?|flush(?:ed|ing)?)\s+(?:out\s+)?"
    r"(?P<owner>my|our|his|her|their|the)\s+(?P<thing>(?:[a-z'-]+\s+){0,2}?[a-z'-]+)"
    r"(?=\s+(?:and|then|,|so|to|into|onto|in|out|yesterday|today|last|this)\b|\s*[,.;]|$)"
)


# What a verb sent into the drain: "hosing all the paint chips into the storm drain".
_SENT_IN = re.compile(
    r"\b[a-z]{3,}(?:ing|ed)\s+(?:all\s+(?:of\s+)?)?(?:the|his|her|their|my|our|some|those|these)\s+"
    r"(?P<thing>(?:[a-z'-]+\s+){0,2}?[a-z'-]+)\s+(?:right\s+|straight\s+|all\s+)?(?:into|down)\s+(?:the\s+)?"
    r"(?:storm\s*drain|drain|catch\s*basin|sewer|gutter)s?\b"
)
# nor a subject after an auxiliary: "do i have to turn off my sprinklers" made nothing of "i"
_NOT_A_THING = frozenset("it them everything all stuff water off out away up down over i we you he she they".split())


# Verbs of making or using a thing (not of moving or cleaning it): their object is what a
# vague material came of ("we boiled lobsters ... the cooking water", "let off a smoke bomb").
_MADE_WITH = re.compile(
    r"\b(?:did|do|doing|made|make|making|set off|setting off|let off|sprayed|spraying|used|using|mixed|mixing|"
    r"canned|canning|cooked|cooking|boiled|boiling|brewed|brewing|dyed|dyeing|applied|applying|cut|cutting|sanded|"
    r"sanding|stripped|stripping|tore out|tearing out|fried|frying|pressed|pressing|baked|baking|squeezed|juiced)\s+(?:(?:a|an|the|some|our|my|his|her|their|all the)\s+)?"
    r"(?P<thing>(?:[a-z'-]+\s*){1,4})"
)
_OBJECT_END = frozenset(
    "in on at for with into to onto and or but all this that yesterday today tonight last then so when while "
    "off out down up thing things stuff it them from by over".split()
)
_LOOKS_VAGUE = frozenset("water liquid stuff fluid runoff powder foam mess gunk goo goop residue juice".split())


def made_with(plain: str, words: str) -> str:
    """A vague material said alone ("grey powder", "sticky mess", "cooking water") with what the
    sentence says it was made with or came of: "cooking water (lobsters)"."""
    if "," in words or "(" in words or not words or head_word(words.split()) not in _LOOKS_VAGUE:
        return words
    for match in _MADE_WITH.finditer(plain):
        thing = []
        for word in match.group("thing").split():
            if word in _OBJECT_END:
                break
            thing.append(word)
        if thing and not set(thing) & set(words.split()) and not set(thing) & _NOT_A_THING:
            return f"{words} ({' '.join(thing)})"
    return words


def sent_in(plain: str, said: List[str]) -> List[str]:
    """The materials said, with the thing a verb sent into the drain: it replaces a phrase
    that shares its words ("paint" -> "paint chips") or joins them ("old paint, chips")."""
    match = _SENT_IN.search(plain)
    thing = match.group("thing") if match else ""
    words = set(thing.split())
    if not thing or words & _NOT_A_THING or not said or any(thing in phrase for phrase in said):
        return said
    shared = [phrase for phrase in said if words & set(phrase.split())]
    if shared:
        return [thing if phrase == shared[0] and len(thing) > len(phrase) else phrase for phrase in said]
    return said + [thing]


def compounds(plain: str, said: List[str]) -> List[str]:
    """Each phrase with the word after it when the two make the vocabulary's name of another
    thing ("goopy paint" + "stripper": paint stripper is a solvent, not paint; "paint brushes"
    are still paint's, the brushes only what was rinsed), or when the word after it names a
    thing of its own ("oil" + "primer": an oil primer is a primer, the oil only its kind)."""
    key_of = {s: entry.key for entry in load_catalogue().values() for s in entry.synonyms}
    out = []
    for phrase in said:
        head = phrase.split()[-1]
        after = re.search(rf"\b{re.escape(phrase)}\s+([a-z'-]+)", plain)
        joined = key_of.get(f"{head} {after.group(1)}") if after else None
        named = after is not None and after.group(1) not in _LOOKS_VAGUE and key_of.get(after.group(1)) not in (None, key_of.get(head))
        out.append(f"{phrase} {after.group(1)}" if joined and joined != key_of.get(head) or named else phrase)
    return out


def kinds_only(plain: str, keys: Tuple[str, ...]) -> Tuple[str, ...]:
    """The keys without one whose every mention only says the kind of the next thing named:
    "oil primer brushes" is primer (paint), not motor oil; "oil and paint" keeps both."""
    mentions = find_mentions(plain)
    modifiers = {m.key for i, m in enumerate(mentions) if i + 1 < len(mentions) and len(m.phrase.split()) == 1
                 and mentions[i + 1].start == m.end + 1 and mentions[i + 1].key != m.key}
    modifiers -= {m.key for i, m in enumerate(mentions)
                  if not (i + 1 < len(mentions) and mentions[i + 1].start == m.end + 1 and mentions[i + 1].key != m.key)}
    kept = tuple(k for k in keys if k not in modifiers)
    return kept or keys


def said_for(plain: str, key: str) -> Optional[str]:
    """The longest of the vocabulary's words for ``key`` said in ``plain``, when it is not
    the key's own label: "degreaser" for the solvents category; ``None`` otherwise."""
    entry = load_catalogue().get(key)
    if entry is None:
        return None
    text = f" {plain} "
    found = [s for s in entry.synonyms if s and f" {s} " in text]
    if not found:
        return None
    best = max(found, key=len)
    return None if best == normalize(entry.label) else best


def labels_or_words(plain: str, keys: Iterable[str], first_label: str) -> str:
    """The keys' labels, each category after the first said in the resident's own word."""
    catalogue = load_catalogue()
    out = [first_label]
    for key in list(keys)[1:]:
        word = said_for(plain, key)
        if word is None or word not in first_label:  # a word already in the first is not said twice
            out.append(word or (catalogue[key].label.lower() if key in catalogue else key))
    return ", ".join(dict.fromkeys(out))


def referent(plain: str, generic: str, matched: Optional[str], strict: bool) -> str:
    """A vague material ("the dirty stuff", "the green sludgy water") with what the sentence
    says it is: a material the vocabulary named elsewhere in it when the words say nothing of
    their own (``strict``: "dirty stuff", not "gravel water"), or the container emptied."""
    if matched and strict and matched not in generic and f" {matched} " in f" {plain} ":
        return f"{generic} ({matched})"
    emptied = _EMPTIED.search(plain)
    if emptied and emptied.group("thing") not in generic:
        return f"{generic} from {emptied.group('owner')} {emptied.group('thing')}"
    return generic


@dataclass(frozen=True)
class MaterialReading:
    """What a report files as its material.

    :ivar words: the material in the resident's words (a known one by the vocabulary's label)
    :ivar keys: the vocabulary's keys for the thing itself, not its source or tool
    :ivar unknown: the resident says they do not know what it is
    :ivar hazard: what the words say about hazard (``"yes"``, ``"no"``, ``"unsure"``, ``None``),
      from the thing itself: rain from a downspout does not make the gunk harmless
    """

    words: str
    keys: Tuple[str, ...]
    unknown: bool = False
    hazard: Optional[str] = None


def absorbed(keys: Tuple[str, ...], whole: Iterable[str]) -> Tuple[str, ...]:
    """The thing's keys, unless the whole sentence names a thing that takes the first one's word
    as its own: "the used oil from the fryer" is cooking oil (grease takes "oil"), not motor oil."""
    catalogue = load_catalogue()
    for key in whole:
        if keys and key != keys[0] and key in catalogue and any(other == keys[0] for other, _ in catalogue[key].absorbs):
            return (key, *(k for k in keys[1:] if k != key))
    return keys


def filed(words: str, keys: Tuple[str, ...], hazard: Optional[str], plain: str) -> MaterialReading:
    """The material as filed: a harmless "no" read from the vocabulary only for things it knows
    whole ("rain, larvicide water" is asked), or from the resident's own denial; a vague
    material with what it was made with (:func:`made_with`)."""
    if hazard == "no" and not _NEGATED_HAZARD.search(plain) and not known_whole(words):
        hazard = None
    # a brand is filed in the resident's words with its kind: "Dawn (dish soap)"
    labels = tuple(label_of(k) for k in keys)
    return MaterialReading(with_kinds(made_with(plain, words), plain, labels), keys, hazard=hazard)


def hazard_of_thing(plain: str, keys: Tuple[str, ...]) -> Optional[str]:
    """:func:`hazard_from_words`, but a harmless "no" only from the thing's own keys or a denial."""
    hazard = hazard_from_words(glossed(plain))  # "clorox" is bleach
    if hazard == "no" and not _NEGATED_HAZARD.search(plain):
        catalogue = load_catalogue()
        if not keys or any(k in catalogue and catalogue[k].hazardous for k in keys):
            return None  # "black gunk out of my downspout": rain is the source, not the gunk
    return hazard


def label_of(key: str) -> str:
    catalogue = load_catalogue()
    return catalogue[key].label.lower() if key in catalogue else ""
