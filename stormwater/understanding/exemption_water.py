"""What a named exemption's water carries, and what rain carries (issue 27).

Two readings where a word the law's list knows is not the thing discharged:

- **An exemption's own ingredient.** "The contractor shocked the new water main with chlorine
  and is flushing it" discharges water line flushing, which both texts exempt without asking it
  to be dechlorinated or uncontaminated; the chlorine is that water's own, not a pollutant of
  it. ``own_contents`` in ``data/facets.yml`` says, per category of water, what its exemption's
  water carries as itself; a solid that water is said to sweep along ("leaves and sand being
  washed into the drains" during a flushing) is carried by it.
- **Rain carrying something.** "I put moss powder on the roof and my downspouts go to the
  street; a problem when it rains?" is about the powder: rain and snowmelt that carry what was
  put on the surface they run off, or a pollutant said to be in them, are the carrier, never
  the thing discharged (``rain_carries``).

Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Dict, FrozenSet, List, Optional, Tuple


from stormwater.understanding.meaning_vocabulary import NEGATIONS
from stormwater.understanding.word_roles import load_role_words
from stormwater.understanding.facets_file import facets_file

RAIN = "rain"
# How many words may stand between a verb of applying and "on the <surface>".
APPLY_REACH = 6
# Words that end a clause in the raw text (kept as words of their own by the facet reader).
_BREAKS = frozenset(",;.!?")
_UNTIL = frozenset({"till", "til", "until", "for"})  # "let each line flush till it runs clear": how long, no object


@dataclass(frozen=True)
class ExemptionWords:
    """``own_contents``, ``bare_activity`` and ``rain_carries`` of data/facets.yml."""

    own_contents: Dict[str, Tuple[str, ...]]  # category of water -> its own contents categories
    named_by: Dict[str, str]  # catalogue key -> the category of water it names
    bare_activity: Dict[str, FrozenSet[str]]
    rain_pollutants: FrozenSet[str]
    applying: FrozenSet[str]
    surfaces: FrozenSet[str]
    joins: Tuple[str, ...] = ()  # `connection` of data/facets.yml: a pipe or a connection made
    ms4: Tuple[str, ...] = ()  # ... into these parts of the storm sewer system
    toward: FrozenSet[str] = frozenset()  # ... by a word of leading toward them ("into", "to")
    # category of water -> the words that say the activity whose water carries those contents
    # as its own (`own_contents.*.said_by`: a line flushed, not tap water used in a tank)
    own_said_by: Dict[str, Tuple[str, ...]] = field(default_factory=dict)
    # category of water -> contents its own only where those words say the activity
    # (`own_contents.*.when_said`: the sand a flushed main carries, not sand in a rinse bucket)
    own_when_said: Dict[str, Tuple[str, ...]] = field(default_factory=dict)

    def said_short(self, water: Optional[str]) -> bool:
        """Whether ``water`` is a category no catalogue key names (``named_by: []``): the one who
        would do an exempt activity, doing it or not ("the fire department" with no fire fought).
        Read from the words, it decides what the water carries as its own, not the exemption a
        catalogue key names with the same words ("fire department water")."""
        return water in self.own_contents and water not in self.named_by.values()

    def owns_here(self, category: Optional[str], norm: str) -> bool:
        """Whether the words ``norm`` say the activity whose water carries ``category``'s own
        contents: always, unless the category lists the words that say it (``said_by``)."""
        said_by = self.own_said_by.get(category or "")
        padded = f" {norm} "
        return not said_by or any(f" {w} " in padded for w in said_by)


@lru_cache(maxsize=4)
def load_exemption_words(folder: Optional[str] = None) -> ExemptionWords:
    raw = facets_file(folder)
    rain = raw.get("rain_carries") or {}
    own = raw.get("own_contents") or {}

    def words(values) -> FrozenSet[str]:
        return frozenset(str(w).lower() for w in values or ())

    return ExemptionWords(
        own_contents={str(k): tuple(str(c) for c in v.get("contents") or ()) for k, v in own.items()},
        named_by={str(key): str(k) for k, v in own.items() for key in v.get("named_by") or ()},
        own_said_by={str(k): tuple(str(w).lower() for w in v["said_by"]) for k, v in own.items() if v.get("said_by")},
        own_when_said={str(k): tuple(str(c) for c in v["when_said"]) for k, v in own.items() if v.get("when_said")},
        bare_activity={str(k): words(v) for k, v in (raw.get("bare_activity") or {}).items()},
        rain_pollutants=words(rain.get("pollutants")),
        applying=words(rain.get("applying")),
        surfaces=words(rain.get("surfaces")),
        joins=tuple(sorted(words((raw.get("connection") or {}).get("joins")))),
        ms4=tuple(sorted(words((raw.get("connection") or {}).get("ms4")))),
        toward=words((raw.get("connection") or {}).get("toward")),
    )


def bare_activity(raw: str, folder: Optional[str] = None) -> Optional[str]:
    """The category of water an activity said alone names ("during routine flushing, I..."):
    the activity word with nothing after it in its clause. ``raw``: lower-case words with
    punctuation kept as words of its own."""
    tokens = raw.split()
    for category, activity in load_exemption_words(folder).bare_activity.items():
        for i, token in enumerate(tokens):
            if token in activity and (i + 1 == len(tokens) or tokens[i + 1] in _BREAKS | _UNTIL):
                return category
    return None


def own_ingredient(norm: str, start: int, end: int, waters: Tuple[Optional[str], ...],
                   content_words: Dict[str, Tuple[str, ...]], solid_words: FrozenSet[str], folder: Optional[str] = None) -> Optional[str]:
    """The category of the exempt water the mention at ``norm[start:end]`` is part of, or ``None``.

    :param waters: the message's category of water, and the discharges it names
    :returns: the category when the mention is made only of the words of what that water carries
        as its own (``own_contents``), or is a solid (``solid_words``) said to be swept along by
        it ("leaves ... being washed into the drains")
    """
    table = load_exemption_words(folder)
    mention = norm[start:end]
    if table.said_short(waters[0] if waters else None):
        waters = waters[:1]  # "the fire department hosed the elephants with soap": no fire's foam
    for water in waters:
        category = table.named_by.get(water or "", water)
        own = table.own_contents.get(category or "")
        if not own or not mention:
            continue
        words_of_own = {w for c in own for phrase in content_words.get(c, ()) for w in phrase.split()}
        if all(w in words_of_own for w in mention.split()) or (mention in solid_words and _swept_along(norm[end:], folder)):
            return category
    return None


def _swept_along(after: str, folder: Optional[str] = None) -> bool:
    """Whether a verb of carrying follows a solid closely ("leaves and sand being washed into")."""
    carrying = load_role_words(folder).carrying
    return any(w in carrying for w in after.split()[:4])


def rain_is_carrier(norm: str, contents: Tuple[str, ...], folder: Optional[str] = None) -> bool:
    """Whether rain or snowmelt in ``norm`` carries something else: a pollutant said to be in it,
    or what was put on the surface it runs off ("I put zinc powder on the roof")."""
    words = load_exemption_words(folder)
    if set(contents) & words.rain_pollutants:
        return True
    tokens = norm.split()
    for i, token in enumerate(tokens):
        if token not in words.applying:
            continue
        window = tokens[i + 1 : i + 1 + APPLY_REACH]
        for j, word in enumerate(window[:-1]):
            rest = [w for w in window[j + 1 : j + 3] if w not in ("the", "my", "our", "a")]
            if word in ("on", "onto", "over") and rest and rest[0] in words.surfaces:
                return True
    return False


# Prepositions of time: "after every rain" says when something happens, not what runs off.
_WHEN = frozenset({"after", "during", "before", "following", "until", "till", "since", "in"})  # "washes off in the rain"
# Words that may stand between such a preposition and the rain ("after every heavy rain").
_WHEN_FILLERS = frozenset({"a", "an", "the", "every", "each", "any", "heavy", "big", "hard", "light", "last", "next", "this", "that"})
_EVERY = frozenset({"every", "each"})
# Standing or running water said in its own words: the rain's water is then the thing ("after the rain the puddles ...").
_WATER_NOUNS = frozenset({"puddle", "puddles", "flood", "floods", "flooded", "flooding", "floodwater", "ponding", "pooling", "standing"})


def rain_only_as_time(norm: str, rain_words: FrozenSet[str], folder: Optional[str] = None) -> bool:
    """Whether rain is said only as when something else runs off ("after every rain there's a
    trail of crumbs going into the drain"), with no water of its own said (no "water", "runoff"):
    the rain carries that something, it is not the thing discharged."""
    tokens = norm.split()
    heads = load_role_words(folder).material_heads
    spans = [i for i, t in enumerate(tokens) if t in rain_words]
    if not spans or any(t in heads or t in _WATER_NOUNS for t in tokens) or any(" " in w and f" {w} " in f" {norm} " for w in rain_words):
        return False

    def timed(i: int) -> bool:
        j = i - 1
        while j >= 0 and tokens[j] in _WHEN_FILLERS:
            j -= 1
        # "every rain" needs no preposition: a distributive noun phrase is an adverbial of time
        return (j >= 0 and tokens[j] in _WHEN) or bool(_EVERY & set(tokens[j + 1 : i]))

    return all(timed(i) for i in spans)


# How many words may stand between a pipe or connection and the part of the MS4 it leads into.
CONNECTION_REACH = 8
_DETERMINERS = frozenset("the a an this that these those my our your his her its their".split())


def piped_into_ms4(raw: str, folder: Optional[str] = None) -> bool:
    """Whether a pipe or a connection is said to lead into the storm sewer system, in its clause
    ("the AC line is tied into the storm drain", "the sump pump is piped out to the street"):
    a connection to the MS4 (Bayville § 63A-6 and § 63A-12), not water let out overland."""
    words = load_exemption_words(folder)
    text = " " + " ".join(re.sub(r"([,;.!?])", r" \1 ", (raw or "").lower().replace("\u2019", "'")).split()) + " "
    if through_the_curb(text) or _INTO_THE_PIPE.search(text):
        return True
    parts = [part.split() for part in words.ms4]
    longest = max((len(part) for part in parts), default=1)
    for join in words.joins:
        for found in re.finditer(rf"(?<= ){re.escape(join)}(?= )", text):
            if _denied_before(text[:found.start()]):
                continue  # "the downspout is not connected to the storm drain"
            after = []
            for token in text[found.end():].split()[: 2 * CONNECTION_REACH + longest]:  # articles are not counted
                if token in _BREAKS or token == "onto":
                    break  # "drips out a pipe onto the lot and runs to the catch basin": let out on a surface first
                after.append(token)
            if any(_begins_within(after, part, words.toward) for part in parts):
                return True
    return False


# A pipe laid out through the curb ("the footing drain pipe comes out through the curb into the
# gutter", "cut a curb outlet for the solid pipe"): its end is set in the street's curb and
# gutter, parts of the storm sewer system (Poquott § 132-3's MS4: "curbs, gutters"), not water let
# out on the ground to run there
_PIPE = re.compile(r"\b(?:pipe|pipes|piped|piping|line|lines|tubing|conduit)\b")
_CURB_THROUGH = re.compile(r"\b(?:(?:through|thru|out|under) (?:the |a )?curb|curb (?:outlet|outlets|cut|cuts|core|coring|drain outlet)"
                           r"|(?:cut|core|drill)\w* (?:\w+ ){0,3}?curb)\b")


# Water sent into the street's storm pipe itself ("run it straight into the storm sewer pipe in the
# street"): a buried pipe takes water only through a connection (or a grate, which is named so)
_INTO_THE_PIPE = re.compile(r"\b(?:run|runs|running|send|sends|sending|route|routes|routing|take|takes|taking|put|drain|drains|draining)\s+"
                            r"(?:it|them|that|the \w+)\s+(?:\w+\s+){0,2}?into (?:the |our |a )?(?:village |street |town |main )?storm (?:sewer |drain )?(?:pipe|pipes|main|mains|line)\b")


def through_the_curb(text: str) -> bool:
    """Whether a sentence of ``text`` (lower-case) names a pipe and its end set through the curb
    (no negation before the curb's words: "the pipe is not going through the curb")."""
    for part in re.split(r"[.;!?]", text):
        pipe, curb = _PIPE.search(part), _CURB_THROUGH.search(part)
        if pipe and curb and not _denied_before(part[: curb.start()]) and not _denied_before(part[: pipe.start()]):
            return True
    return False


def _denied_before(before: str) -> bool:
    """Whether a negation stands among the few words before a pipe word, in its clause."""
    words = []
    for token in reversed(before.split()):
        if token in _BREAKS or len(words) == 3:
            break
        words.append(token)
    return any(w in NEGATIONS or w.endswith("n't") for w in words)


def _begins_within(tokens: List[str], part: List[str], toward: FrozenSet[str] = frozenset()) -> bool:
    """Whether the words ``part`` stand in ``tokens`` with at most :data:`CONNECTION_REACH` words
    before them, a word of leading ``toward`` them among those ("into", "to": the pipe leads
    into the MS4, not "piped near the storm drain"): the reach counts the words between the
    pipe and the MS4, not the MS4's own words ("tie them into the pipe under the lawn that goes
    to the storm drain"). Articles and possessives are not counted: "pipe the cooling water from
    our compressors into the storm sewer" says as much as "pipe cooling water from compressors into"."""
    for i in range(len(tokens)):
        if sum(t not in _DETERMINERS for t in tokens[:i]) > CONNECTION_REACH:
            break
        leading = {t for j, t in enumerate(tokens[:i]) if not (t == "to" and j and tokens[j - 1] in ("next", "close"))}
        if tokens[i:i + len(part)] == part and (not toward or leading & toward):
            return True
    return False
