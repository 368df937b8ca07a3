"""What was discharged, as a report reads it: the thing itself, not its source, container or tool.

"rinse water from my pressure washer" is rinse water (no washing machine); "black gunk out of my
downspout" is the gunk (not rain); "stone dust from cutting pavers" is kept in those words,
never replaced by the nearest material the vocabulary knows; "no idea what's in them, some
brown liquid" keeps the "no idea".

:func:`read_material` is the report's ONE reader of the material: the form, the ticket's
discharges and the hazard all go through it. Its catalogue keys come from the shared reader of
"the thing discharged" (:func:`stormwater.understanding.discharge_reader.read_discharge`, issue
27), read over the thing's own words (source, container and tool left out); this module keeps
the report's part: the material in the resident's words when the vocabulary does not name it.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from stormwater.understanding.answer_words import _DRAIN, _plain, _tidy, material_keys
from stormwater.understanding.place_spans import corrected_part
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.thing_said import read_elsewhere
from stormwater.understanding.material_seen import guessed, seen_thing, without_guess
from stormwater.understanding.material_vessels import described_only, with_vessel
from stormwater.understanding.material_referents import MaterialReading, absorbed, filed, hazard_of_thing as _hazard, kinds_only, label_of as _label, compounds, labels_or_words, referent, sent_in
from stormwater.understanding.material_words import (
    _ACTIONS, _CLAUSE, _FILLER, _FLOWING, _GENERIC, _OWNER, _PHRASE, _SOURCE, _SOURCE_END, _SPILLED, _TOOLS, _UNKNOWN, _VAGUE_HEADS,
)


def _is_generic(thing: str) -> bool:
    words = _plain(thing).split()
    while words and words[0] in _FILLER:
        words.pop(0)
    return not words or bool(_GENERIC.match(" ".join(words)))


def _things_only(plain: str) -> str:
    """The words without tools, containers, and the sources of anything more than plain water:
    "black gunk out of my downspout" -> "black gunk"; "water from my pool" stays."""
    out = plain
    for match in reversed(list(_SOURCE.finditer(plain))):
        before = plain[:match.start()].split()
        # "water pumped out of a basement", "water flushed or drained from a water heater"
        while before and (before[-1] in ("or", "and") or re.fullmatch(r"[a-z]{3,}(?:ed|ing)", before[-1])):
            before.pop()
        if before and before[-1] not in ("water", "liquid", "stuff", "fluid", "runoff", "run-off"):
            clause_end = re.search(r"[,.;]|\band\b|\bbut\b|$", plain[match.end():])
            out = out[:match.start()] + " " + out[match.end() + clause_end.start():]
    return _TOOLS.sub(" ", out)


def _phrases(text: str) -> List[str]:
    """Phrases naming a material, each with its source if said ("black gunk out of my downspout")."""
    found: List[str] = []
    for clause in _CLAUSE.split(text.lower()):
        if _DENIED_CLAUSE.match(clause.strip()):
            continue  # "no chemicals" names no material: the denial is scoped to its clause
        for part in _parts(clause):
            _part_phrases(part, found)
    return found


def _part_phrases(part: str, found: List[str]) -> None:
    """The material phrases of one part of a clause, added to ``found``."""
    last = (-2, None)  # where the previous phrase ended, and the phrase: "greasy trash" + "can juice" is one
    for match in _PHRASE.finditer(part):
        words = match.group(1).split()
        if match.start() == last[0] + 1 and last[1] in found and words[0] not in _FILLER | _ACTIONS | _SOURCE_END:
            found.remove(last[1])
            words = last[1].split() + words
        last = (match.end(), None)
        head = len(words) - 1  # the head word of the material's name ("water", "gas")
        if "of" in words:  # "50 gallons of oily water", "a strong smell of gas": the thing after "of"
            words = words[len(words) - words[::-1].index("of"):]
            head = len(words) - 1
        if match.group("source"):
            tail = match.group("source").split()
            kept = tail[:1] + [w for w in tail[1:2] if w == "of"]
            for word in tail[len(kept):]:
                if word in _SOURCE_END:
                    break
                kept.append(word)
            if len(kept) > 1 + (kept[1:2] == ["of"]):
                words += kept
        # "the guy next door is dumping leaves": the material begins after the last word of
        # the sentence around it ("is", "dumping"), never with its subject or verb.
        # A verb one word or more before the head is the sentence's ("scraping old paint"), not a kind of it.
        # After "their", "the" an -ing word names a kind ("their chafing dish water"), not what was done.
        cut = max((i + 1 for i, w in enumerate(words[:head]) if w in _FILLER or w in _ACTIONS
                   or i < head - 1 and re.fullmatch(r"[a-z]{3,}ing", w) and not (i and words[i - 1] in _DETERMINERS)), default=0)
        words = words[cut:]
        phrase = " ".join(words)
        if phrase and phrase not in found and not any(phrase in f for f in found):
            found.append(phrase)
            last = (match.end(), None if match.group("source") else phrase)


def _parts(clause: str) -> List[str]:
    """A clause's parts around "and", "or": "motor oil and antifreeze" names two things, and a
    material's phrase never runs over the "and" into the next one's name."""
    return re.split(r" (?:and|or|plus) (?!(?:then|so)\b)", _plain(clause))


def _corrected(text: str) -> str:
    """What follows a correction of the material ("its not motor oil its antifreeze" ->
    "antifreeze"); not knowing ("not sure what it is, it's brown") corrects nothing."""
    rest = corrected_part(text)
    if rest == text or re.search(r"\b(?:sure|idea|clue|know|certain)\b", text[: len(text) - len(rest)], re.I):
        return text
    return rest


def discharge_keys(things: str) -> Tuple[str, ...]:
    """The catalogue keys of the thing discharged, the verdict questions' own first: the
    understanding reader (:func:`read_discharge`, issue 27) names the key a question about the
    same words is answered by, so a report and a question never disagree; further materials
    said with it ("oil and antifreeze") follow."""
    reading = read_discharge(things)
    first = [reading.key] if reading.key and reading.facets.role != "destination" else []
    return tuple(dict.fromkeys(first + material_keys(things)))


def read_material(text: str) -> Optional[MaterialReading]:
    """The material ``text`` names as discharged, or ``None`` when it names none.

    Denials are scoped ("no chemicals" names no chemical, "no idea what's in it" is not a "no").
    A known material is filed by the vocabulary's label; anything else in the resident's words.
    """
    tidy = _corrected(_tidy(re.sub(r"\bw/\s*", "with ", text or "", flags=re.I)))  # "brushes w/ thinner"
    plain = _plain(tidy)
    if not plain:
        return None
    affirmed = _plain(" ".join(c for c in _CLAUSE.split(tidy.lower()) if not _DENIED_CLAUSE.match(c.strip())))
    if not affirmed:
        return None  # "no chemicals" alone names nothing discharged (its hazard is read elsewhere)
    keys = kinds_only(affirmed, absorbed(discharge_keys(_things_only(affirmed)), material_keys(affirmed)))  # "oil from the fryer"
    hazard = _hazard(plain, keys)
    if _UNKNOWN.search(plain):
        return MaterialReading(_not_known(tidy, plain), keys, True, hazard or "unsure")
    # The words said ("oily water", "stone dust from cutting pavers"), never the nearest label;
    # "rinse water from my pressure washer" says which water, "the water" alone does not.
    said = [p for p in _phrases(tidy) if not _is_generic(_thing(p)) or len(p.split()) > 1]
    said = with_vessel(plain, _unsmelled(plain, said), _FILLER | _ACTIONS | _SOURCE_END, _VAGUE_HEADS)
    said = [p for p in said if not _MS4_PART.fullmatch(p)]
    named = _label(keys[0]).split(",")[0] if keys else ""
    if len(said) == 1 and said[0] != named and named.endswith(f" {said[0]}") and len(named.split()) <= 3:
        said = [named]  # "changing his oil": "oil" alone is the vocabulary's "motor oil", said better
    owner = _OWNER.match(plain)
    if owner and len(said) == 1 and len(said[0].split()) == 1:
        said = [f"{said[0]} from the {owner.group(1)}"]  # "a carpet cleaning van dumped its waste tank": the van's waste
    subject = _flowing(plain)
    if subject and len(said) == 1 and said[0] in subject and len(subject.split()) <= 5:
        said = [subject]  # "greasy trash can juice running down the drive": the whole subject of the flowing
    if len(said) == 1 and said[0] == _thing(said[0]) and said[0].split()[-1] in _VAGUE_HEADS:  # "the dirty stuff"
        matched = getattr(read_discharge(_things_only(affirmed)), "material", None) if keys else None
        said = [referent(plain, said[0], matched, _is_generic(said[0]))]
    if said:
        return filed(", ".join(_also_dumped(plain, sent_in(plain, compounds(plain, said)))), keys, hazard, plain)
    own = _own_words(affirmed, keys)
    own = None if own and own.split()[0] in ("drain", "empty", "dump", "pump", "hose") else own  # "drain my pool": a doing
    if own:  # "pool shock", "liquid chlorine", "a saltwater pool": never the category's label
        return filed(labels_or_words(affirmed, keys, own), keys, hazard, plain)
    if keys:  # "washing my truck": a discharge named by what was done, in the vocabulary's words
        return filed(labels_or_words(affirmed, keys, _label(keys[0]) or keys[0]), keys, hazard, plain)
    # nothing read here: what the verdict path's reader names, or a thing said sent into the drain
    return read_elsewhere(", ".join(c for c in _CLAUSE.split(tidy.lower()) if not _DENIED_CLAUSE.match(c.strip())), affirmed, plain)



def _not_known(tidy: str, plain: str) -> str:
    """The words of a thing the resident does not know: "no idea what's in them, some brown
    liquid"; what was seen first ("theres a pile of white granules ..., no idea what it is"), and a
    guess in its own words ("idk what it is, looks like antifreeze"), never the sentence around it."""
    unsure = without_guess(next(m.group(0) for c in [*_CLAUSE.split(tidy.lower()), plain] if (m := _UNKNOWN.search(_plain(c)))))
    seen = [t for t in (seen_thing(tidy) or _named_alone(tidy),) if t and t not in unsure]
    guess = [t for t in (guessed(tidy),) if t and t not in unsure]
    told = seen + guess
    said = seen + [unsure] + guess + [p for p in _phrases(tidy) if p not in unsure and not any(p in t for t in told)]
    return ", ".join(dict.fromkeys(said))


def _named_alone(tidy: str) -> Optional[str]:
    """A clause that only names a thing ("white granules, no idea what it is"), or ``None``."""
    for clause in _CLAUSE.split(tidy.lower()):
        words = _plain(clause).split()
        if 0 < len(words) <= 3 and not set(words) & (_FILLER | _ACTIONS | _VAGUE | _SOURCE_END | _HEDGES) and not _UNKNOWN.search(clause):
            return " ".join(words)
    return None


_HEDGES = frozenset("prob probably prolly maybe perhaps might could think guess".split())
_VAGUE = frozenset("something anything stuff thing things it them this that what".split())
_LINKS = frozenset("over of from in on at to into by with for".split())


def _own_words(plain: str, keys: Tuple[str, ...]) -> Optional[str]:
    """The thing in the resident's words when the vocabulary matched it only by a category
    ("pool shock" is not "solvents and household chemicals", "liquid chlorine" is more than
    "chlorine"), or the words before a verb of flowing when it matched nothing firmly; ``None``
    when the vocabulary's label says it as well ("changing his oil" is motor oil)."""
    matched = read_discharge(_things_only(plain)).material if keys else None
    if matched:
        words = plain.split()
        size = len(matched.split())
        for start in range(len(words) - size + 1):
            if " ".join(words[start:start + size]) == matched:
                before = []
                for word in reversed(words[max(0, start - 2):start]):
                    verb = re.fullmatch(r"\d+|[a-z]+(?:ed|ing)", word) and not _after_determiner(words, start, word)
                    if word in _FILLER or word in _ACTIONS or word in _LINKS or verb:
                        break
                    before.insert(0, word)
                after = words[start + size:start + size + 1]
                if after and (after[0] in _FILLER or after[0] in _LINKS or after[0] in _SOURCE_END or after[0] in _ACTIONS
                              or re.fullmatch(r"\d+|[a-z]+(?:ed|ing|ly)", after[0])):
                    after = []  # "pool algaecide": the vocabulary's word only named what kind
                phrase = " ".join(before + [matched] + after)
                label = _label(keys[0])
                if re.search(r"\b[a-z]{3,}ing\b", matched):
                    return None  # "washing my truck" names what was done: the vocabulary's words
                return phrase if before or after or matched not in label else None
        # else the key came from a category of what was said ("nasty": fouled), no word of the
        # vocabulary: the resident's own words, never the category's label
    return _flowing(plain) or _object(plain)


def _after_determiner(words: List[str], start: int, word: str) -> bool:
    """Whether ``word`` (up to two words before the thing) is inside a noun phrase that opens with
    "some", "the", ...: "some powdered chlorine", "a jello wrestling kiddie pool"."""
    for first in (start - 2, start - 3):
        between = words[first + 1:start] if first >= 0 else []
        if (between and word in between and words[first] in ("some", "the", "a", "an", "my", "our", "his", "her", "their", "of")
                and not any(w in _FILLER or w in _ACTIONS or w in _LINKS for w in between)):
            return True
    return False


def _flowing(plain: str) -> Optional[str]:
    """The words before a verb of flowing ("nasty dumpster juice running ..."), or ``None``."""
    match = _FLOWING.search(plain)
    words = match.group(1).split() if match else []
    cut = max((i + 1 for i, w in enumerate(words) if w in _FILLER or w in _ACTIONS or w == "been"), default=0)
    words = words[cut:]  # "friday its been running": the subject is "it", no thing named
    if not words or _is_generic(" ".join(words)) or words[-1] in _VAGUE:
        return None  # "something coming out of a pipe": the thing is asked
    return " ".join(words)


def _object(plain: str) -> Optional[str]:
    """What a verb of spilling or dumping was done to ("knocked over the algaecide"), up to the
    first word of where it went, or ``None``."""
    match = _SPILLED.search(plain)
    words: List[str] = []
    seq = plain[match.start(1):].split()[:10] if match else []
    if "of" in seq[:4]:  # "a pail of eggshells", "3 big tubs of old bait": the thing after "of"
        seq = seq[seq.index("of") + 1:]
    for word in seq:
        if word == "of" and words:
            words = []  # "a ton of fake blood", "a bag of dog poop": the thing after "of"
            continue
        if word in _LINKS or word in _SOURCE_END or word in ("it", "them", "all", "off"):
            break
        if word.isdigit() or _TOOLS.fullmatch(word) or word in _ACTIONS or not words and word in _VAGUE:
            return None  # "dumped out 3 big coolers of ...": containers and counts, the thing is asked
        if word not in _FILLER:
            words.append(word)
    return " ".join(words[:4]) or None


_DETERMINERS = frozenset("the their his her my our your some a an this that".split())


def _also_dumped(plain: str, said: List[str]) -> List[str]:
    """The materials said, with each further thing a verb of dumping was done to: "dumped their
    chafing dish water and a bunch of sterno" also names the sterno."""
    match = _SPILLED.search(plain)
    seq = plain[match.start(1):].split()[:14] if match else []
    parts: List[List[str]] = [[]]
    for word in seq:
        if word in _LINKS and word != "of" or word in _SOURCE_END and word != "and":
            break
        parts[-1:] = [parts[-1], []] if word == "and" else [parts[-1] + [word]]
    for part in (p for p in parts[1:] if p and p[0] in _DETERMINERS):  # "and a bunch of sterno", not "and left"
        words = part[part.index("of") + 1:] if "of" in part[:3] else part  # "a bunch of sterno"
        words = [w for w in words if w not in _FILLER and w not in _DETERMINERS]
        thing = " ".join(words[:3])
        if thing and not _TOOLS.fullmatch(thing) and thing not in _VAGUE and not any(thing in p or p in thing for p in said):
            said = said + [thing]
    return said


def _unsmelled(plain: str, said: List[str]) -> List[str]:
    """The materials said, without one only said as a smell ("smelled like chemicals") when the
    sentence names what was poured ("poured a jug of drain cleaner")."""
    described = described_only(plain)
    kept = [p for p in said if p not in described]
    return (kept or [o for o in (_object(plain),) if o] or said) if described and said else said


_DENIED_CLAUSE = re.compile(r"^(?:and |but |just )?(?:no|not|without|nothing|zero|never)\b(?! (?:idea|clue|sure)\b)", re.I)


def material_answer(text: str) -> str:
    """The words a report files for its material, as the resident typed them at the material
    question, without what they deny: "dirt, no soap" files "dirt" (the denial still says
    "not hazardous"); a long sentence files the thing it names ("I was hosing the mud off and
    the water went in the drain" files "mud"); a denial alone ("no chemicals") is kept."""
    tidy = _corrected(_tidy(text or ""))
    clauses = [c.strip() for c in re.split(r"[,;]|\s+(?=\bno\s+(?!idea|clue)\w)", tidy) if c.strip()]
    kept = [c for c in clauses if not _DENIED_CLAUSE.match(c)]
    words = ", ".join(kept) if kept and len(kept) < len(clauses) else tidy
    if len(words.split()) > 8:
        reading = read_material(words)
        if reading is not None and not reading.unknown and not _is_generic(reading.words):
            return reading.words
    return words


# Where a discharge goes is never what was discharged: "dumping into the storm drain" names no material.
_MS4_PART = re.compile(rf"(?:the |a |that |this )?(?:{_DRAIN.pattern}|storm sewer|gutters?|curb|street|road)")


def _thing(phrase: str) -> str:
    match = _SOURCE.search(phrase)
    return phrase[:match.start()].strip() if match else phrase
