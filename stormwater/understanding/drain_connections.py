"""A drain, fixture or pipe said to be joined to the storm sewer: the connection is the question
(issue 27).

"The old drain in my shop floor runs straight out to the storm sewer, only melted snow goes in
it" asks about a connection, not about the snowmelt: both texts decide it by what the
connection drains. Bayville § 63A-6 prohibits "the connection of interior floor drains", and
Poquott § 132-3 counts "any connections to the storm drain system from indoor drains and
sinks" among illicit connections, whatever water the resident says goes through them.

Read here, clause by clause: a word of leading toward (``toward``) right before a part of the
storm sewer (the ``connection.ms4`` words, or "storm" before a word of a conduit or a system:
"the storm main"), a conduit before it that is not part of the storm sewer (a drain, a line, a
pipe or an indoor fixture: ``conduits``, ``fixtures``), and a verb of flowing or joining
(``flows``, ``connection.joins``) not negated. What the conduit drains:

- :data:`FLOOR`: an interior floor drain: the conduit's words name a floor or one of the
  ``water.interior_drain`` words ("the garage floor drain", "the drain in the workshop floor");
- :data:`FIXTURE`: an indoor fixture's drain: a fixture is said ("the drain of the mop sink"),
  or a drain of something the law's list does not name with the sanitary sewer said as the way
  it would otherwise go ("tie the drain from the soda machine into the storm main instead of the
  sewer").

A conduit whose words name a discharge of the law's list ("the sump line", "the footing drain")
is that water's connection, decided by the village's rules for it, and so is rain's ("the
downspout is tied into ..."): ``None`` here. Nothing is read when no part of the storm sewer is
said ("the floor drain goes to a drywell", "... to the sanitary sewer") or the drain is only
blocked ("the floor drain is plugged"). Words: ``drain_connection`` in data/facets.yml.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from stormwater.understanding.catalogue import find_mentions
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.meaning_vocabulary import NEGATIONS

FLOOR = "floor_drain_connection"  # the `route` facet's value: an interior floor drain joined to the MS4
FIXTURE = "fixture_connection"  # ... an indoor fixture's drain joined to the MS4
_BREAKS = frozenset(",;.!?")
# words that end the reach of a negation back from a conduit: "no" there denies another thing
_STOPS = frozenset("so and but then because which that or".split())
TOWARD_REACH = 3  # words between the word of leading toward and the storm sewer ("into the village storm sewer")
MODIFIERS = 3  # words before a conduit that still say what it is ("the old garage floor drain")
NEGATION_REACH = 3
THROUGH_REACH = 6  # words after the storm sewer's within which "through a pipe" is said of it


def _words(folder: Optional[str] = None) -> dict:
    raw = facets_file(folder)
    words = dict(raw.get("drain_connection") or {})
    joined = raw.get("connection") or {}
    words["ms4"] = [str(w).split() for w in joined.get("ms4") or ()]
    words["joins"] = [str(w).split() for w in joined.get("joins") or ()]
    words["toward"] = [str(w) for w in joined.get("toward") or ()]
    words["interior"] = [str(w).split() for w in (raw.get("water") or {}).get("interior_drain") or ()]
    words["material_heads"] = list((raw.get("roles") or {}).get("material_heads") or ())
    return words


def _clauses(raw: str) -> List[List[str]]:
    text = re.sub(r"([,;.!?])", r" \1 ", (raw or "").lower().replace("\u2019", "'"))
    clauses, current = [], []
    for token in text.split():
        if token in _BREAKS:
            clauses.append(current)
            current = []
        else:
            current.append(token)
    return [c for c in clauses + [current] if c]


def _at(tokens: List[str], i: int, phrase: List[str]) -> bool:
    return tokens[i:i + len(phrase)] == phrase


def _ms4_spans(tokens: List[str], words: dict) -> List[Tuple[int, int]]:
    """The spans of the storm sewer's parts: the listed words, or "storm(water)" and a conduit or
    system word after it ("the storm main", "the stormwater line")."""
    spans = []
    ends = set(words.get("conduits", ())) | set(words.get("systems", ()))
    for i, token in enumerate(tokens):
        listed = [len(p) for p in words["ms4"] if _at(tokens, i, p)]
        if listed:
            spans.append((i, i + max(listed)))
        elif token in ("storm", "stormwater") and i + 1 < len(tokens) and tokens[i + 1] in ends:
            spans.append((i, i + 2))
    return spans


def connected_drain(raw: str, folder: Optional[str] = None) -> Optional[str]:
    """:data:`FLOOR` or :data:`FIXTURE` when ``raw`` says an indoor drain is (or will be) joined
    to the storm sewer, else ``None``."""
    words = _words(folder)
    text = " ".join(" ".join(c) for c in _clauses(raw))
    # the sanitary sewer said as the way it would otherwise go, with no outdoor place said
    instead = _sanitary_instead(text, words) and not any(_has(text, w) for w in words.get("outdoors", ()))
    for tokens, start, inside in _joinings(raw, words):
        kind = _conduit_before(tokens, start, inside, words, instead)
        if kind:
            return kind
    return None


def joined_to_ms4(raw: str, folder: Optional[str] = None) -> bool:
    """Whether ``raw`` says a drain, fixture, line or pipe is (or will be) joined to the storm
    sewer ("hook the new footing drain into the catch basin", "the sink empties into the storm
    main"), whatever it drains: a connection is what is asked about."""
    words = _words(folder)
    return any(_conduits(tokens, start, inside, words) for tokens, start, inside in _joinings(raw, words))


def through_a_pipe(raw: str, folder: Optional[str] = None) -> bool:
    """Whether ``raw`` says something goes into the storm sewer by way of a pipe said after it
    ("the wash rack drains into the catch basin through an old pipe"): a connection, not water
    let out overland. Only what follows the storm sewer's words in their clause is read, a few
    words on (``through_pipe`` words; a hose is no pipe)."""
    words = _words(folder)
    via, pipes = set(words.get("through", ())), set(words.get("through_pipe", ()))
    for tokens, start, inside in _joinings(raw, words):
        end = start
        while end in inside:
            end += 1
        after = tokens[end:end + THROUGH_REACH]
        for j, token in enumerate(after):
            if token in via and pipes & set(after[j + 1:j + 1 + MODIFIERS + 1]):
                return True
    return False


def _joinings(raw: str, words: dict) -> List[Tuple[List[str], int, set]]:
    """Per clause, each part of the storm sewer that a word of leading toward stands right before:
    (the clause's words, where that part starts, the places of the storm sewer's words)."""
    found = []
    for tokens in _clauses(raw):
        spans = _ms4_spans(tokens, words)
        inside = {i for s, e in spans for i in range(s, e)}
        for start, _ in spans:
            if set(tokens[max(0, start - TOWARD_REACH):start]) & set(words.get("toward", ())):
                found.append((tokens, start, inside))
    return found


# Ground the water crosses between a conduit and the storm sewer: let out on the surface first
_OVERLAND = frozenset({"sheets", "sheet", "sheeting", "onto", "across", "overland", "driveway", "lawn", "grass", "pavement", "sidewalk", "patio"})


def _conduits(tokens: List[str], end: int, inside: set, words: dict) -> List[int]:
    """Where a conduit stands before ``end``, joined to what follows: a noun ("the drain", not "I
    drain" nor "to drain"), not naming what a material is ("sink water"), outside the storm
    sewer's own words, with a verb of joining anywhere before the storm sewer or one of flowing
    after it ("the drain empties into", not "dump the tub into"), none of them negated."""
    conduits = set(words.get("conduits", ())) | set(words.get("fixtures", ()))
    markers, heads = set(words.get("verb_markers", ())), set(words.get("material_heads", ()))
    found = []
    for i in range(end):
        if i in inside or tokens[i] not in conduits:
            continue
        if (i and tokens[i - 1] in markers) or (i + 1 < end and tokens[i + 1] in heads):
            continue
        if _denied(tokens, i, words):  # "the ice machine has no floor drain near it, so the hose ..."
            continue
        if _OVERLAND & set(tokens[i + 1 : end]):  # "flush the lines out the end caps and it sheets down the driveway to the catch basin"
            continue
        verbs = _verbs(tokens[:end], words, after=i)
        if verbs and not any(verbs):
            found.append(i)
    return found


def _denied(tokens: List[str], i: int, words: dict) -> bool:
    """Whether the conduit at ``i`` is said not to be there: a negation within a few words before
    it with only its modifiers between ("no floor drain", "don't have a drain")."""
    stops = _STOPS | set(words.get("toward", ()))
    for j in range(i - 1, max(-1, i - 1 - NEGATION_REACH - MODIFIERS), -1):
        if tokens[j] in NEGATIONS or tokens[j].endswith("n't"):
            return True
        if tokens[j] in stops:
            return False
    return False


def _conduit_before(tokens: List[str], end: int, inside: set, words: dict, instead: bool) -> Optional[str]:
    """What the first conduit before ``end`` drains, read from its words: from up to MODIFIERS
    words before it to the word of leading toward the storm sewer."""
    found = _conduits(tokens, end, inside, words)
    if not found:
        return None
    phrase = [_singular(w, words) for w in tokens[max(0, found[0] - MODIFIERS):end]]
    if {m.key for m in find_mentions(" ".join(phrase))} - set(words.get("indoor_keys", ())):
        return None  # the conduit of a water the law's list names ("the sump line", "the laundry tub drain")
    if set(phrase) & set(words.get("floors", ())) or any(_at(phrase, j, p) for p in words["interior"] for j in range(len(phrase))):
        return FLOOR
    if set(phrase) & set(words.get("fixtures", ())) or instead:
        return FIXTURE
    return None


def _singular(word: str, words: dict) -> str:
    """A conduit's or a floor's word in the singular when that is one too ("basement drains")."""
    known = set(words.get("conduits", ())) | set(words.get("floors", ())) | set(words.get("fixtures", ()))
    return word[:-1] if word.endswith("s") and word[:-1] in known else word


def _verbs(before: List[str], words: dict, after: int) -> List[bool]:
    """For each verb of joining before the storm sewer, and each of flowing after the conduit at
    ``after``: whether it is negated ("the pipe is not connected to ...")."""
    flows, laying, negated = set(words.get("flows", ())), set(words.get("laying", ())), []
    for i, token in enumerate(before):
        joining = (token in laying or any(_at(before, i, p) for p in words["joins"])) and i != after
        if joining or (token in flows and i > after):
            negated.append(any(w in NEGATIONS or w.endswith("n't") for w in before[max(0, i - NEGATION_REACH):i]))
    return negated


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z']){re.escape(phrase)}(?![a-z'])", text) is not None


def _sanitary_instead(text: str, words: dict) -> bool:
    """Whether the sanitary sewer or a septic system is said as the way the drain would otherwise
    go ("instead of the sewer", "rather than the septic"): a building's plumbing drain."""
    sanitary = "|".join(re.escape(w) for w in words.get("sanitary", ()))
    for contrast in words.get("instead", ()):
        if re.search(rf"\b{re.escape(contrast)} (?:the |our |my |a )?(?:{sanitary})\b", text):
            return True
    return False
