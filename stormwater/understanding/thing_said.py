"""The thing discharged as the verdict path read it, in the resident's words, for a report.

The report's material reader (:mod:`stormwater.understanding.material_reading`) reads the thing
itself and leaves its source, container and tool out ("black gunk out of my downspout" is the
gunk). When that leaves nothing, the report must still not ask again what the question already
told: where the shared reader of the thing discharged
(:func:`stormwater.understanding.discharge_reader.read_discharge`, the verdict path's reader)
names a discharge, by the catalogue's key or by the ordinance's category of water, the report
files that same thing. A key is filed by the vocabulary's label, as the report files every
known material; a category read from a word of its own ("my landlord keeps draining the
boiler": heating water) is filed in the resident's words around that word ("draining the
boiler"), never the category's label. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Tuple

from stormwater.understanding.catalogue import normalize
from stormwater.understanding.discharge_reader import DischargeReading, _negated, _spans, load_facet_words, read_discharge
from stormwater.understanding.material_words import _ACTIONS, _FILLER, _GENERIC, _SOURCE_END, _TOOLS
from stormwater.understanding.material_referents import MaterialReading, filed, hazard_of_thing, label_of
from stormwater.understanding.word_roles import role_of

# Words that open the noun phrase of the thing: "the boiler", "his furnace", "the neighbor's tub".
_DETERMINER = re.compile(r"the|a|an|my|our|his|her|their|its|your|this|that|some|[a-z]+'s")
# A verb of doing it, said just before the thing: "draining the boiler", "emptied the dehumidifier".
_DOING = re.compile(r"[a-z]{3,}(?:ing|ed)")
# Head words that, said right after the category's word, name the thing with it: "dehumidifier water".
_HEAD_AFTER = frozenset("water waste wastewater condensate drainage runoff discharge overflow liquid sludge".split())


@dataclass(frozen=True)
class ThingSaid:
    """What the shared reader names as discharged: the catalogue key (``None`` for a category
    only) and the resident's words for it."""

    key: Optional[str]
    words: str
    done: bool = False  # a key named by what was done ("power washing"): its words, with what it was done to


def names_a_thing(reading: DischargeReading) -> bool:
    """Whether the verdict path's reading names a discharge: a catalogue key or a category of
    water, whose words stand as the thing discharged (not its place, part or carrier)."""
    return (reading.key is not None or reading.facets.water is not None) and reading.facets.role is None


def read_elsewhere(said: str, affirmed: str, plain: str) -> Optional[MaterialReading]:
    """The material of a report whose own reading found none: what the verdict path's reader
    names as discharged in ``said`` (the words without their denials), so the two never disagree
    on whether a thing was named; else a thing said sent into the drain (``affirmed``: the same,
    plain); ``None`` when none is named. ``plain`` is the whole message, for the hazard."""
    if not _tells_a_doing(affirmed.split()):
        return None  # "Ellen Marsh" at the name question, "the marsh on Main St": no discharge told
    shared = thing_said(said)
    if shared is None:  # a thing nobody listed: "the bakery keeps hosing flour paste into the drain"
        sent = sent_to_the_drain(affirmed)
        return filed(sent, (), hazard_of_thing(plain, ()), plain) if sent else None
    if shared.key is None:  # a category read from a word of its own: the resident's words, never its label
        return filed(shared.words, (), hazard_of_thing(plain, ()), plain)
    keys = (shared.key,)  # the key the verdict answered, by the vocabulary's label as every known material
    words = shared.words if shared.done and len(shared.words.split()) > 2 else label_of(shared.key) or shared.words
    return filed(words, keys, hazard_of_thing(plain, keys), plain)


def thing_said(text: str) -> Optional[ThingSaid]:
    """The thing ``text`` names as discharged by the verdict path's reading, or ``None``."""
    reading = read_discharge(text)
    if not names_a_thing(reading):
        return None
    if reading.key is not None:
        words = reading.material or reading.key.replace("_", " ")
        if any(_DOING.fullmatch(w) for w in words.split()):  # "power washing the greasy hood filters": what it was done to
            return ThingSaid(reading.key, " ".join((words, *_object_after(normalize(reading.text), words))), True)
        return ThingSaid(reading.key, words)
    words = _category_words(normalize(reading.text), str(reading.facets.water))
    return ThingSaid(None, words) if words else None


def _object_after(norm: str, words: str) -> Tuple[str, ...]:
    """The words of what a doing was done to, right after it: "the greasy hood filters"."""
    at = f" {norm} ".find(f" {words} ")
    after = norm[at + len(words):].split() if at >= 0 else []
    if not after or not _DETERMINER.fullmatch(after[0]):
        return ()  # "pressure washing company": the doing names a kind of the next word, not what it was done to
    kept = []
    for word in after[:5]:
        if word in _AROUND or word in _PLACED or word in _SOURCE_END or word in _FILLER and not _DETERMINER.fullmatch(word):
            break
        kept.append(word)
    return tuple(kept) if any(not _DETERMINER.fullmatch(w) for w in kept) else ()


def _category_words(norm: str, category: str) -> Optional[str]:
    """The first word of ``category`` said as the thing (not negated, no other role), with the
    words around it that make it a phrase: the verb and determiner before, a head after."""
    found = []
    for word in load_facet_words().get("water", {}).get(category, ()):
        for start, end in _spans(norm, word):
            if not _negated(norm, start) and role_of(norm, start, end) is None:
                found.append((start, -len(word), end))
    if not found:
        return None
    start, _, end = min(found)
    return " ".join(_around(norm[:start].split(), norm[start:end].split(), norm[end:].split())) or None


def _tells_a_doing(words: list) -> bool:
    """Whether the words tell or ask of something done: a verb (an -ing or -ed form, a verb of
    sending, an auxiliary) or a word of asking whether it is allowed. A name or a place alone does not."""
    return any(w in _ASKS or _DOING.fullmatch(w) or _verb_form(w) for w in words)


def _around(before: list, words: list, after: list) -> Tuple[str, ...]:
    if not (after and after[0] in _HEAD_AFTER or before and (_DETERMINER.fullmatch(before[-1]) or _verb_form(before[-1]))):
        return ()  # "my name is Ellen Marsh": a word of the category inside a name, not the thing
    phrase = list(words)
    if after and after[0] in _HEAD_AFTER:
        phrase.append(after[0])
    while before and _DETERMINER.fullmatch(before[-1]) and len(phrase) - len(words) < 2:
        phrase.insert(0, before.pop())
    if before and (_DOING.fullmatch(before[-1]) or _verb_form(before[-1])):
        phrase.insert(0, before[-1])
    return tuple(phrase)


# Where a thing is sent in the storm drain system: "into the drain", "down the storm drain", "onto the street".
_INTO_THE_MS4 = re.compile(
    r"\b(?:into|in to|down|onto)\s+(?:the\s+|a\s+|that\s+|this\s+)?(?:storm\s+)?"
    r"(?:drains?|catch\s*basins?|gutters?|street|road|curb|sewers?|inlets?|grates?)\b"
)
# Words that ask or tell of something done, beside the verbs: "can", "is it ok", "allowed".
_ASKS = frozenset("is are was were can could will would should may might must do does did ok okay allowed legal illegal "
                  "go goes went run runs ran came comes connect connects".split())
# A preposition before a noun makes it a place or a source, never the thing sent.
_PLACED = frozenset("off from of across over along through on at by behind under near around in out".split())
_SUBJECTS = frozenset("it he she that this which who".split())
# A verb's -es form ("washes", "pushes", "tosses"), said before a thing's name.
_VERB_ES = re.compile(r"[a-z]+(?:sh|ch|ss|x|z)es")
# Words of the sentence around a thing, never part of its name: pronouns, auxiliaries, prepositions.
_AROUND = frozenset(
    "i we you he she they it them me us is are was were be been am do does did can could will would should may might must "
    "to for at by of with from on in into out off up down away all just also still again every each then now there here "
    "what that this these those which who whats thats legal ok okay allowed".split()
)


def sent_to_the_drain(plain: str) -> Optional[str]:
    """The thing a sentence says was sent into the storm drain system, in its words: the words
    right before "into the drain" back to the verb that sent it ("the bakery keeps hosing flour
    paste into the drain" -> "flour paste"), or ``None`` when no thing stands there ("someone is
    dumping into the storm drain", "the water went down the drain")."""
    for match in _INTO_THE_MS4.finditer(plain):
        words: list = []
        stop = ""
        for word in reversed(plain[: match.start()].split()[-5:]):
            if word in _AROUND or word in _FILLER or word in _SOURCE_END or _DOING.fullmatch(word) or _sends(word) or (
                    words and _VERB_ES.fullmatch(word)):  # "the bakery washes dough scraps": a verb's -es before the thing
                stop = word
                break
            words.insert(0, word)
        before = plain[: match.start()].split()[: -len(words) or None]
        while stop and _DETERMINER.fullmatch(stop) and len(before) > 1:
            before.pop()
            stop = before[-1]  # "off the driveway": the word before the determiner says what the noun is
        if stop in _PLACED:
            continue  # "hosed the guts off the driveway into the drain": where it was, not what
        while words and _DETERMINER.fullmatch(words[0]):
            words.pop(0)
        before = plain[: match.start()].split()[-len(words) - 1:-len(words)] if words else []
        if before and before[0] in _SUBJECTS and words[0].endswith("s"):
            words = words[1:]  # "it flows into the catch basin": the subject's verb, no thing
        thing = " ".join(words)
        if thing and not _GENERIC.match(thing) and not _TOOLS.fullmatch(thing):
            return thing
    return None


def _sends(word: str) -> bool:
    """Whether ``word`` is a verb of sending in its plain or -s form, told by its -ing form among
    the verbs the report knows ("hosing": hose, hoses; "washing": wash, washes; "dumps")."""
    return word in _ACTIONS or _verb_form(word)


def _verb_form(word: str) -> bool:
    """Whether ``word`` is the plain or -s form of a verb whose -ing form the report knows."""
    stems = {word, word[:-1] if word.endswith("s") else word, word[:-2] if word.endswith("es") else word}
    return any(f"{stem}ing" in _ACTIONS or f"{stem[:-1]}ing" in _ACTIONS and stem.endswith("e") for stem in stems)
