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
from stormwater.understanding.material_vessels import described_only, with_vessel
from stormwater.understanding.material_referents import MaterialReading, absorbed, filed, hazard_of_thing as _hazard, label_of as _label, compounds, labels_or_words, referent, sent_in

# Where a material comes from: what follows is its source, container or tool, not the thing.
_SOURCE = re.compile(
    r"\b(?:coming out of|coming from|out of|pouring out of|pouring from|leaking (?:out of|from)|draining from|dripping from|"
    r"from|off of|off)\s+(?:my|the|a|an|his|her|their|our|your|some|someone'?s|the neighbou?r'?s|cutting|washing|cleaning)\b",
    re.I,
)
# Tools and containers: never the material ("pressure washer" is not a washing machine).
_TOOLS = re.compile(
    r"\b(?:pressure|power)[ -]?wash(?:er|ing)?|\bhose\b|\bbuckets?\b|\bdrums?\b|\bbarrels?\b|\bjugs?\b|\bcans?\b|"
    r"\bcontainers?\b|\bdownspouts?\b|\bgutters?\b|\bhoses?\b|\bwasher\b",
    re.I,
)
# Heads of a material's name that mean only "some water" or "some stuff": the source then says what.
_GENERIC = re.compile(r"^(?:(?:dirty|clean|brown|gray|grey|murky|soapy|rinse|wash|waste|run ?off)\s+)*(?:water|liquid|stuff|runoff|fluid)$")
_VAGUE_HEADS = ("water", "liquid", "stuff", "fluid", "runoff")  # "the green sludgy water": the sentence says which
_HEADS = (
    r"water|waste|liquid|sludge|mud|foam|residue|runoff|algae|debris|dirt|silt|gunk|goo|goop|slime|muck|dust|powder|"
    r"slurry|sediment|grit|sand|gravel|concrete|cement|grout|mortar|stucco|plaster|paint|stain|sealer|sealant|tar|asphalt|"
    r"oil|grease|fuel|gas|gasoline|diesel|chemicals?|bleach|soap|suds|detergent|fluid|stuff|substance|material|sheen|"
    r"clippings|leaves|mulch|compost|manure|poop|feces|sewage|trash|garbage|litter|coolant|antifreeze|solvent|thinner|"
    r"dye|juice|colou?rant|colou?ring"
)
_PHRASE = re.compile(
    rf"\b((?:[a-z'-]+ ){{0,3}}(?:{_HEADS})(?: (?:{_HEADS}))?)\b(?P<source>\s+(?:coming out of|coming from|out of|from|off)\s+(?:[a-z'-]+(?:\s+|$)){{1,4}})?"
)
# Words that end a source's phrase: "out of my downspout going into the street"; "a pipe behind
# the deli on Main St": the rest is the place.
_SOURCE_END = frozenset(
    "going goes went into in onto on and to down that which is was it's running flowing into across all over "
    "yesterday today this last i we behind beside near by next under at along outside inside across "
    "ran runs run got gets flowed poured spilled leaked dripped seeped drained washed entered came".split()
)
_FILLER = frozenset(
    "i we my our the a an some to want report of and into there is was it it's its there's theres that this "
    "just like looks look looked kind sort lot lots bunch see saw seeing noticed notice spill spilled dumping dumped "
    "pouring poured leaking draining coming running flowing with had has have been are were on in at into onto".split()
)
# Subjects and verbs of the sentence a material is said in: never part of the material.
_ACTIONS = frozenset(
    "someone somebody they he she hes shes theyre guy guys neighbor neighbour neighbors neighbours door landscaper landscapers contractor "
    "contractors crew keeps keep kept dumps pours drains spills hosing hosed rinsing rinsed throwing threw thrown tossing "
    "tossed emptying emptied blowing blew sweeping swept putting put dispose disposing disposed letting let "
    "washed cleaned cleaning scrubbing scrubbed pumping pumped ave st rd dr ln blvd street road avenue lane "
    "out off up away else discharging dumping pouring draining changing his her their its your".split()
)
_UNKNOWN = re.compile(
    r"\b(?:no idea|not sure|don'?t know|dont know|dunno|idk|no clue|can'?t tell|unsure)\s+(?:what|whats|what's)\b"
    # "idk whats going on" does not know what happens, not what the thing is
    r"(?!\s*(?:is |was )?(?:going on|happening|happened|to do)\b)[^,.;]*"
)
# What is seen flowing ("nasty dumpster juice running from behind the pizza place"): the words
# before a verb of flowing, when nothing else names the thing.
_FLOWING = re.compile(
    r"(?:^|\b(?:there'?s|theres|there is|there are|some|see|saw|seeing)\s+)((?:[a-z'-]+ ){0,3}?[a-z'-]+)\s+"
    r"(?:is |are |was )?(?:running|leaking|flowing|pooling|coming|draining|pouring|dripping|seeping|oozing|gushing)\b"
)
_SPILLED = re.compile(
    r"\b(?:spilled|spilt|dumped|poured|knocked over|tipped over|hosed|rinsed out|emptied|dropped)\s+"
    r"(?:(?:a bottle of|a jug of|a bag of|a can of|the|some|a|an|my|our|his|her|their)\s+)?((?:[a-z0-9'-]+\s*){1,5})"
)
# A thing said as its owner's ("a carpet cleaning van just dumped its waste tank"): the owner.
_OWNER = re.compile(
    r"^(?:(?:there'?s|theres|there is)\s+)?(?:a|an|the|some)\s+((?:[a-z'-]+\s+){0,3}?[a-z'-]+)\s+(?:just\s+|is\s+|was\s+)?"
    r"[a-z]+(?:ed|ing)\s+(?:out\s+)?(?:its|their)\s+"
)
_CLAUSE = re.compile(r"[,.;:!?]|\bbut\b|\band then\b")


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
        last = (-2, None)  # where the previous phrase ended, and the phrase: "greasy trash" + "can juice" is one
        for match in _PHRASE.finditer(_plain(clause)):
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
            cut = max((i + 1 for i, w in enumerate(words[:head]) if w in _FILLER or w in _ACTIONS
                       or i < head - 1 and re.fullmatch(r"[a-z]{3,}ing", w)), default=0)
            words = words[cut:]
            phrase = " ".join(words)
            if phrase and phrase not in found and not any(phrase in f for f in found):
                found.append(phrase)
                last = (match.end(), None if match.group("source") else phrase)
    return found


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
    keys = absorbed(discharge_keys(_things_only(affirmed)), material_keys(affirmed))  # "oil from the fryer"
    hazard = _hazard(plain, keys)
    unknown = _UNKNOWN.search(plain)
    if unknown:
        # "no idea what's in them, some brown liquid": the not knowing is part of the answer.
        said = [unknown.group(0).strip()] + [p for p in _phrases(tidy) if p not in unknown.group(0)]
        return MaterialReading(", ".join(dict.fromkeys(said)), keys, True, hazard or "unsure")
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
        return filed(", ".join(sent_in(plain, compounds(plain, said))), keys, hazard, plain)
    own = _own_words(affirmed, keys)
    own = None if own and own.split()[0] in ("drain", "empty", "dump", "pump", "hose") else own  # "drain my pool": a doing
    if own:  # "pool shock", "liquid chlorine", "a saltwater pool": never the category's label
        return filed(labels_or_words(affirmed, keys, own), keys, hazard, plain)
    if keys:  # "washing my truck": a discharge named by what was done, in the vocabulary's words
        return filed(labels_or_words(affirmed, keys, _label(keys[0]) or keys[0]), keys, hazard, plain)
    return None


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
    """Whether ``word`` (right before the thing) follows "some", "the", ...: "some powdered chlorine"."""
    at = start - 1
    return at >= 1 and words[at] == word and words[at - 1] in ("some", "the", "a", "an", "my", "our", "his", "her", "their", "of")


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
