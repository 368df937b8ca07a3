"""What the water looks like, and whether the resident vouches for it (issue 27).

Both texts exempt some waters only as they are: "uncontaminated pumped ground water",
"dechlorinated swimming pool discharges", "any other water source not containing pollutants".
What the resident says of the water's look decides which way the words lean:

- **discoloured**: a colour ("a bit greenish", "yellowish rinse", "gray from the carbon dust"),
  a turbidity ("cloudy", "milky", "muddy"), a froth or sheen, or a smell says something got into
  the water; an exempt water that looks so is no plain case of its exemption.
- **clear**: the water said plainly to be clear or clean ("its clear water", "the water is
  clean"), a look denied ("not muddy", "no smell"), or nothing said to be in it ("just water").

A look word is the water's only where it describes the water: before a word of water ("cloudy
water"), or after a verb of being or seeming ("it comes out a bit gray", "the water smells"),
then at the end of its clause or before a word that is no noun ("gray from the dust"): "the
green clay courts", "rust stains on the sidewalk" and "the brown fence" are not the water's look.
A hedge in the same sentence ("i think its clean", "should be clear", "pretty sure") vouches for
nothing. The words are ``looks`` in ``data/facets.yml``. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, FrozenSet, Optional, Tuple

from stormwater.understanding.facets_file import facets_file

CLEAR, DISCOLOURED = "clear", "discoloured"
# How many words before a look a negation reaches ("not at all muddy").
NEGATION_REACH = 3
_BREAKS = frozenset(",;.!?")
_SENTENCE_ENDS = frozenset(".!?")


@dataclass(frozen=True)
class LookWords:
    """``looks`` of data/facets.yml."""

    discoloured: FrozenSet[str]  # single words, the colours' forms included
    discoloured_phrases: Tuple[str, ...]
    clear: FrozenSet[str]
    clear_phrases: Tuple[str, ...]
    nothing_in_it: Tuple[str, ...]
    water_words: FrozenSet[str]
    being: FrozenSet[str]
    followers: FrozenSet[str]
    hedges: Tuple[str, ...]
    negations: FrozenSet[str]
    held_verbs: Tuple[str, ...] = ()
    held_fillers: FrozenSet[str] = frozenset()
    held_in: Tuple[str, ...] = ()
    gone: Tuple[str, ...] = ()
    readings: Tuple[str, ...] = ()
    removers: FrozenSet[str] = frozenset()
    nil: FrozenSet[str] = frozenset()
    asked_verdicts: FrozenSet[str] = frozenset()
    plain_kinds: Tuple[str, ...] = ()  # "ground water", "rainwater": a water named by its kind alone


@lru_cache(maxsize=4)
def load_look_words(folder: Optional[str] = None) -> LookWords:
    raw = facets_file(folder).get("looks") or {}

    def listed(name: str) -> Tuple[str, ...]:
        return tuple(str(w).lower() for w in raw.get(name) or ())

    colours = {f"{c}{e}" for c in listed("colours") for e in (raw.get("colour_endings") or [""])}
    discoloured = colours | set(listed("discoloured"))
    clear = set(listed("clear"))
    return LookWords(
        discoloured=frozenset(w for w in discoloured if " " not in w),
        discoloured_phrases=tuple(w for w in discoloured if " " in w),
        clear=frozenset(w for w in clear if " " not in w),
        clear_phrases=tuple(w for w in clear if " " in w),
        nothing_in_it=listed("nothing_in_it"),
        water_words=frozenset(listed("water_words")),
        being=frozenset(listed("being")),
        followers=frozenset(listed("followers")),
        hedges=listed("hedges"),
        negations=frozenset(listed("negations")),
        held_verbs=listed("held_verbs"),
        held_fillers=frozenset(listed("held_fillers")),
        held_in=listed("held_in"),
        gone=listed("gone"),
        readings=listed("readings"),
        removers=frozenset(listed("removers")),
        nil=frozenset(listed("nil")),
        asked_verdicts=frozenset(listed("asked_verdicts")),
        plain_kinds=_plain_kinds(facets_file(folder), listed("plain_waters")),
    )


def _plain_kinds(raw: dict, categories: Tuple[str, ...]) -> Tuple[str, ...]:
    """The words of the water ``categories`` that name a water itself ("spring water", not "natural spring")."""
    waters = raw.get("water") or {}
    return tuple(str(w).lower() for c in categories for w in waters.get(c) or () if str(w).lower().endswith(_KIND_ENDINGS))


_KIND_ENDINGS = ("water", "condensate", "snowmelt", "snow melt")
_MERELY = frozenset({"just", "only", "plain", "simply", "purely"})
_OWNERS = frozenset({"the", "our", "my", "some"})


# how many words after a hedge may name the verdict asked ("should be totally fine")
_ASKED_REACH = 3


def _tokens(text: str) -> list:
    """Lower-case words with punctuation as words of its own (a clause ends there)."""
    raw = re.sub(r"([,;!?]|(?<!\d)\.|\.(?!\d))", r" \1 ", (text or "").lower().replace("\u2019", "'"))  # "0.0" is one word
    return re.sub(r"[^a-z0-9',;.!?-]+", " ", raw).split()


def _describes_water(tokens: list, i: int, size: int, words: LookWords) -> bool:
    """Whether the look at ``tokens[i:i+size]`` describes the water, not another thing."""
    after = tokens[i + size] if i + size < len(tokens) else "."
    back = i - 1
    while back >= 0 and (tokens[back] in words.negations or tokens[back].endswith("n't")):
        back -= 1  # "the water is not clean": the negation stands between the verb and the look
    before = tokens[back] if back >= 0 else "."
    looks = words.discoloured | words.clear
    if (after in words.water_words and after != "it") or after.endswith("water") or after in looks:
        return True  # "cloudy water", "clear groundwater", "yellowish rinse", "an oily sheen"
    then = tokens[i + size + 1] if i + size + 1 < len(tokens) else "."
    if after.isalpha() and after not in words.followers and after not in words.being and (
            then.endswith("water") or (then in words.water_words and then != "it")):
        return True  # "brown cedar water", "black ashy slush": one word says what the water is of
    before = before[:-2] if before.endswith("'s") else before  # "water's clear": the water is
    if (before in words.water_words and before != "it") or before.endswith("water"):
        return True  # "the water smells funny"
    ends = after in _BREAKS or after in words.followers
    alone = before in _BREAKS or back < i - 1  # "..., crystal clear", "not muddy", "no smell at all"
    return ends and (before in words.being or before == "it" or alone)


def _negated(tokens: list, i: int, words: LookWords) -> bool:
    for token in reversed(tokens[max(0, i - NEGATION_REACH) : i]):
        if token in _BREAKS:
            return False
        if token in words.negations or token.endswith("n't"):
            return True
    return False


def _phrase_at(tokens: list, i: int, phrases: Tuple[str, ...]) -> int:
    """How many words a phrase of ``phrases`` takes from ``tokens[i]`` (0: none)."""
    for phrase in phrases:
        said = phrase.split()
        if tokens[i : i + len(said)] == said:
            return len(said)
    return 0


def _sentence(tokens: list, i: int) -> str:
    start = max((j + 1 for j in range(i) if tokens[j] in _SENTENCE_ENDS), default=0)
    end = next((j for j in range(i, len(tokens)) if tokens[j] in _SENTENCE_ENDS), len(tokens))
    return " ".join(tokens[start:end])


def hedged_at(tokens: list, i: int, words: LookWords) -> bool:
    """Whether the sentence holding ``tokens[i]`` hedges ("i think", "should be", "pretty sure")."""
    sentence = f" {_sentence(tokens, i)} "
    return any(_hedges_a_fact(sentence, hedge, words) for hedge in words.hedges)


def _hedges_a_fact(sentence: str, hedge: str, words: LookWords) -> bool:
    """Whether ``hedge`` stands in ``sentence`` before a fact, not before the verdict asked:
    "so that should be fine?" asks, "it should be clean" hedges."""
    at = sentence.find(f" {hedge} ")
    while at >= 0:
        after = sentence[at + len(hedge) + 2 :].split()[:_ASKED_REACH]
        if not any(word in words.asked_verdicts for word in after):
            return True
        at = sentence.find(f" {hedge} ", at + 1)
    return False


def _looks_at(tokens: list, i: int, words: LookWords) -> Tuple[Optional[str], int]:
    """The look the words at ``tokens[i]`` say of the water, and how many words they take."""
    size = _phrase_at(tokens, i, words.nothing_in_it) or _merely_a_kind(tokens, i, words)
    if size:
        return (DISCOLOURED if _negated(tokens, i, words) else CLEAR), size
    size = _phrase_at(tokens, i, words.discoloured_phrases) or (1 if tokens[i] in words.discoloured else 0)
    if size and _describes_water(tokens, i, size, words):
        return (CLEAR if _negated(tokens, i, words) else DISCOLOURED), size
    size = _phrase_at(tokens, i, words.clear_phrases) or (1 if tokens[i] in words.clear else 0)
    if size and _describes_water(tokens, i, size, words):
        return (DISCOLOURED if _negated(tokens, i, words) else CLEAR), size
    return None, 1


def _merely_a_kind(tokens: list, i: int, words: LookWords) -> int:
    """How many words "just ground water", "only rainwater" take at ``tokens[i]`` (0: none): the
    water named by its kind alone, nothing said to be in it."""
    if tokens[i] not in _MERELY:
        return 0
    j = i + 1 + (i + 1 < len(tokens) and tokens[i + 1] in _OWNERS)
    size = _phrase_at(tokens, j, words.plain_kinds)
    return j - i + size if size else 0


def water_look(text: str, folder: Optional[str] = None) -> Optional[str]:
    """``"discoloured"`` when the words say the water looks or smells of something picked up,
    else ``"clear"`` when they say plainly, unhedged, that it is clear or clean, else ``None``."""
    words = load_look_words(folder)
    tokens = _tokens(text)
    seen, i = set(), 0
    while i < len(tokens):
        look, size = _looks_at(tokens, i, words)
        if look == DISCOLOURED:
            return DISCOLOURED  # "clear but it smells": the smell says something is in it
        if look == CLEAR and not hedged_at(tokens, i, words):
            seen.add(CLEAR)
        i += size
    return CLEAR if seen else None


def hedged(text: str, folder: Optional[str] = None) -> bool:
    """Whether any sentence of ``text`` hedges what it says ("i think there's nothing in it")."""
    words = load_look_words(folder)
    tokens = _tokens(text)
    return any(hedged_at(tokens, i, words) for i in range(len(tokens)))


def something_held(text: str, folder: Optional[str] = None) -> bool:
    """Whether the words say the water holds something, by a name of its own ("well water with
    iron in it", "it has a little rust in it"), and not that nothing is in it ("with nothing in it")."""
    words = load_look_words(folder)
    tokens = _tokens(text)
    for i in range(len(tokens)):
        size = _phrase_at(tokens, i, words.held_verbs)
        if not size:
            continue
        held = []
        for j in range(i + size, min(len(tokens), i + size + 6)):
            if _phrase_at(tokens, j, words.held_in) or _in_the_water(tokens, j, words):
                things = [w for w in held if w not in words.held_fillers and w not in words.water_words]
                if things and not any(w in words.negations or w == "nothing" for w in tokens[max(0, i - 1) : j]):
                    return True
                break
            if tokens[j] in _BREAKS:
                break
            held.append(tokens[j])
    return False


def _in_the_water(tokens: list, j: int, words: LookWords) -> bool:
    """Whether ``tokens[j:]`` is "in" then a water within a few words ("in the sump pump water")."""
    if tokens[j] != "in":
        return False
    for token in tokens[j + 1 : j + 5]:
        if token in _BREAKS:
            return False
        if token in words.water_words and token != "it":
            return True
    return False


def colour_of_water(norm: str, start: int, folder: Optional[str] = None, after_fire: bool = False) -> bool:
    """Whether the mention at ``norm[start:]`` (normalised words) is a colour then "water" said
    to hold something that is no sewage ("black water full of scale", "black water with rust
    flakes in it"), or any colour of water where a fire was fought (``after_fire``): the water's
    look, not a holding tank's black water ("dump the camper's black water" stays sewage). The holding words are ``with`` and ``holding`` of ``qualifiers``."""
    raw = facets_file(folder)
    qualifiers = raw.get("qualifiers") or {}
    holding = {str(w).lower() for w in (*(qualifiers.get("with") or ()), *(qualifiers.get("holding") or ()))}
    tokens = norm[start:].split()
    if after_fire and tokens[:2] and tokens[0] in load_look_words(folder).discoloured and tokens[1:2] == ["water"]:
        return tokens[2:3] not in (["tank"], ["tanks"])  # the black water a fire fought leaves is its look, not a tank's
    if len(tokens) < 4 or tokens[0] not in load_look_words(folder).discoloured or tokens[1] != "water":
        return False
    size = next((n for n in (2, 1) if " ".join(tokens[2 : 2 + n]) in holding), 0)
    thing = [w for w in tokens[2 + size : 5 + size] if w not in ("the", "a", "some", "all", "bits", "of")] if size else []
    sewage = {w for p in ((raw.get("water") or {}).get("sewage") or ()) for w in str(p).lower().split()}
    return bool(thing) and thing[0] not in sewage and thing[0] != "water"


# "it smells like a pool", "looks like coffee": what the water is likened to is not what it is
# (a thing or place, with its article: "like gas", "like sewage" say what may be in it, and stay)
_LIKENED = re.compile(r"\b((?:smell|smells|smelled|smelling|look|looks|looked|looking|taste|tastes|tasted)\s+like\s+)((?:a|an|the)\s+)([a-z]+)\b"
                      r"(?!'|\s+(?:is|are|was|were|has|have|had|just|did|does|will|keeps|kept|must|might|could|would|should|dumped|dumps|dumping)\b)",
                      re.IGNORECASE)  # ("looks like the restaurant is dumping": a clause of what is seen)


def likened_away(raw: str) -> str:
    """``raw`` (any case) with the thing a water is said to smell, look or taste like blanked (same length):
    "the hydrant smells like a pool" names no pool's water, only a smell (the look is read apart);
    a substance without an article ("smells like gas") says what may be in it and stays."""
    return _LIKENED.sub(lambda m: m.group(1) + m.group(2) + " " * len(m.group(3)), raw)

