"""What the activity around a word says of it (issue 27, the lead's own trial of the desk).

:mod:`stormwater.understanding.word_roles` reads a mention's role from the closed classes of words right around it.
Some roles come from the activity the sentence tells of instead:

- **Filling that overflows.** "We use the hydrant to fill the pool and some overflows into the street": what is filled
  is where the water goes, and the water it is filled with (the hydrant's, a potable source) is the thing discharged. Only
  while the filling is said to overflow: "we filled the pool in May, can we drain it now?" asks about the pool's water.
- **A tool the activity is done with.** "Washes boat bottoms with a pressure washer": a device's head noun
  (``roles.object_heads``) named by a modifier after a word of using ("with", "using") is a tool; the catalogue word it
  shares ("washer") is not the thing.
- **Frozen water melting.** Snow, slush, sleet or ice said to melt or thaw is snowmelt whatever stands between ("the snow
  from my driveway melt into the drain"): Poquott defines stormwater as "Rainwater, surface runoff, snowmelt and drainage".
- **An exemption's activity practised.** The texts exempt "water from firefighting activities" and say nothing of training,
  drills, tests or demonstrations: a fire service's water from one of them, with no fire said to be fought, is a case the
  text leaves open (no firm badge); a fire burned for practice and put out is a fire fought. So is its water put to a chore
  (cooking, a kitchen, a squeegee: "the firehouse breakfast's griddles"). A fire the speaker put out is a fire fought.
- **Plain water said.** "With just water", "nothing but water" says nothing was added: every category of what is in the
  water not said is denied (a washing "with just water" is no soap).

The words are ``activity_roles`` (and ``roles``) in ``data/facets.yml``. Plain Python.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import FrozenSet, Optional, Tuple

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.meaning_vocabulary import NEGATIONS
from stormwater.understanding.role_shapes import made_of
from stormwater.understanding.watered_objects import solid_wetted
from stormwater.understanding.word_roles import CARRIER, DESTINATION, PART, PLACE, REACH, load_role_words, role_of

THING = ""  # decided: the mention is the thing discharged (no role)
FIRE_PRACTICE = "fire_practice"  # a `water` category: a fire service's training, drill, test or show
_SPEAKERS = frozenset({"i", "we", "i've", "we've", "ive", "weve"})
_FIRE_SERVICE = "fire_service"  # a fire service by its name, no fire said to be fought
# words that end a sentence: an activity's words reach to the end of their sentence only
_SENTENCE_ENDS = frozenset(".!?")
_LYING_ON = frozenset({"off", "on", "from", "over", "covering", "in", "at"})


@dataclass(frozen=True)
class ActivityWords:
    """``activity_roles`` of data/facets.yml."""

    overflowing: Tuple[str, ...]
    instrument: FrozenSet[str]
    frozen: Tuple[str, ...]
    frozen_on_surface: Tuple[str, ...]
    melting: FrozenSet[str]
    practice: FrozenSet[str]
    surfaces: FrozenSet[str]
    testing: FrozenSet[str] = frozenset()  # of the practice words, those of a test ("tests the hydrants")
    qualifies: Tuple[Tuple[str, str], ...] = ()  # a qualified category -> the category it qualifies
    extinguishing: Tuple[str, ...] = ()  # "put out", "fought": a fire fought when a fire follows
    fires: FrozenSet[str] = frozenset()
    burning: Tuple[str, ...] = ()  # "caught fire", "on fire": a fire, whatever burned
    services: Tuple[str, ...] = ()  # a fire service's names (`water.fire_service`)
    chores: FrozenSet[str] = frozenset()  # cooking, a kitchen, a squeegee: a fire service's water put to a chore
    happened: Tuple[str, ...] = ()  # "had a", "there was a": a fire said to have happened ("had a kitchen fire")
    apparatus: Tuple[str, ...] = ()  # "tankers", "pumpers": a fire service's vehicles, said beside a fire


@lru_cache(maxsize=4)
def load_activity_words(folder: Optional[str] = None) -> ActivityWords:
    raw = facets_file(folder)
    own = raw.get("activity_roles") or {}

    def words(name: str) -> Tuple[str, ...]:
        return tuple(str(w).lower() for w in own.get(name) or ())

    return ActivityWords(
        overflowing=words("overflowing"), instrument=frozenset(words("instrument")), frozen=words("frozen"),
        frozen_on_surface=words("frozen_on_a_surface"), melting=frozenset(words("melting")), practice=frozenset(words("practice")),
        surfaces=frozenset(str(w).lower() for w in (raw.get("rain_carries") or {}).get("surfaces") or ()),
        qualifies=tuple((str(k), str(v)) for k, v in (own.get("qualifies") or {}).items()),
        extinguishing=words("extinguishing"), fires=frozenset(words("fires")), burning=words("burning"),
        chores=frozenset(words("chores")), testing=frozenset(words("testing")), happened=words("fire_happened"),
        apparatus=words("fire_apparatus"),
        services=tuple(str(w).lower() for w in (raw.get("water") or {}).get("fire_service") or ()),
    )


def _has(norm: str, phrases) -> bool:
    padded = f" {norm} "
    return any(f" {p} " in padded for p in phrases)


def role_in_sentence(norm: str, start: int, end: int, contents: FrozenSet[str] = frozenset(), folder: Optional[str] = None,
                     washing_own: Optional[FrozenSet[str]] = None) -> Optional[str]:
    """The role of the mention at ``norm[start:end]``: the activity's (filling that
    overflows, a tool used) where it decides, else :func:`stormwater.understanding.word_roles.role_of`'s."""
    decided = filling_role(norm, start, end, folder)
    if decided is None:
        decided = PART if burned_in_fire_fought(norm, start, end, folder) else tool_role(norm, start, end, folder)
    if decided is not None:
        return decided or None
    role = role_of(norm, start, end, contents, folder, washing_own)
    if role is None and made_of(norm[start:end].split(), norm[end:].split()[:2], folder) and not solid_wetted(norm, start, end, folder):
        return PLACE  # "the dirt crawl space": what the place is made of, not the thing discharged (unless soaked where it lies)
    if role == CARRIER and _a_solid(norm[start:end], folder):
        return None  # "the manure washes off in the rain": a solid is carried, it never carries
    return role


def _a_solid(words: str, folder: Optional[str] = None) -> bool:
    """Whether ``words`` (or their last word) name a solid category of ``water`` in
    data/facets.yml (``roles.solids``: manure, leaves, ashes, dirt...)."""
    phrases = _solid_phrases(folder)
    return words in phrases or bool(words.split()) and words.split()[-1] in phrases


@lru_cache(maxsize=4)
def _solid_phrases(folder: Optional[str] = None) -> FrozenSet[str]:
    # read once: role_in_sentence runs for every mention of every message
    water = facets_file(folder).get("water") or {}
    return frozenset(str(p) for c in load_role_words(folder).solids for p in water.get(c, ()))


def filling_role(norm: str, start: int, end: int, folder: Optional[str] = None) -> Optional[str]:
    """:data:`DESTINATION` for what a filling that overflows (or whose hose comes off) fills ("fill the pool ... some
    overflows"), :data:`THING` for the water it is filled with ("use the hydrant to fill",
    "filling it from the tap", "fill it with well water"), ``None`` when no such filling is told."""
    role_words, words = load_role_words(folder), load_activity_words(folder)
    if not _has(norm, words.overflowing):
        return None
    before, after = norm[:start].split(), norm[end:].split()
    # "fill the (kiddie) pool": a verb of filling, then only determiners and describing words
    near = before[-(REACH + 1):]
    filled_at = [i for i, w in enumerate(near) if w in role_words.filling]
    if filled_at and not any(w in words.instrument or w in ("from", "at") for w in near[filled_at[-1] + 1:]):
        return DESTINATION
    # "use the hydrant to fill", "the hydrant we fill it from": the water it is filled with
    if any(w in role_words.filling for w in after[:3]):
        return THING
    reach = before[-(2 * REACH + 2):]
    joined = [i for i, w in enumerate(reach) if w in ("from", "with", "at", "using")]
    if joined and any(w in role_words.filling for w in reach[: joined[-1]]):
        return THING
    return None


def tool_role(norm: str, start: int, end: int, folder: Optional[str] = None) -> Optional[str]:
    """:data:`PART` when the mention is a tool's head noun named by a modifier after a word of
    using: "with a pressure washer", "using my power washer" (the washer there is no washing
    machine); "with the washer" alone, or "my washer", is the appliance itself."""
    role_words, words = load_role_words(folder), load_activity_words(folder)
    mention = norm[start:end].split()
    # ("with a citrus cleaner": a cleaner is what is in the water, never a tool)
    if len(mention) != 1 or mention[0] not in role_words.heads or mention[0] in _contents_words(folder):
        return None
    all_before = norm[:start].split()
    before = all_before[-(REACH + 1):]
    modifiers = 0
    for i, word in enumerate(reversed(before)):
        if word in words.instrument:
            return PART if modifiers else None
        if word in role_words.determiners or word in role_words.possessives:
            continue
        if word in _JOINING and modifiers:
            # "with just water from the spigot and a soft brush": the second of two things used
            earlier = all_before[: len(all_before) - i - 1][-_JOINED_REACH:]
            return PART if any(w in words.instrument for w in earlier) and not any(w in _JOINING for w in earlier) else None
        if modifiers or word in NEGATIONS:
            return None
        modifiers += 1
    return None


_JOINING = frozenset({"and", "or"})
# How far before "and" the word of using may stand ("with just water from their spigot and ...").
_JOINED_REACH = 8


@lru_cache(maxsize=4)
def _contents_words(folder: Optional[str] = None) -> FrozenSet[str]:
    return frozenset(str(w).lower() for ws in (facets_file(folder).get("contents") or {}).values() for w in ws or ())


def _ice_on_a_surface(sentence: list, words: ActivityWords) -> bool:
    """"the ice off my roof", "ice on the driveway": the ice, a word of lying on, then a surface
    within reach (not "the ice machine on the patio")."""
    for i, token in enumerate(sentence):
        if token in words.frozen_on_surface and i + 1 < len(sentence) and sentence[i + 1] in _LYING_ON:
            if words.surfaces & set(sentence[i + 2 : i + 3 + REACH]):
                return True
    return False


def melted(raw: str, folder: Optional[str] = None) -> Optional[str]:
    """``"rain"`` (the category of rain and snowmelt) when a sentence of ``raw`` (lower-case
    words, punctuation as words of its own) says snow, slush, sleet or ice melts or thaws;
    ice only with a surface it lies on ("the ice off my roof"), not an ice machine's."""
    words = load_activity_words(folder)
    sentence = []
    for token in raw.split() + ["."]:
        if token not in _SENTENCE_ENDS:
            sentence.append(token)
            continue
        said = " ".join(sentence)
        frozen = _has(said, words.frozen) or _ice_on_a_surface(sentence, words)
        if frozen and words.melting & set(sentence):
            return "rain"
        sentence = []
    return None


def practice_said(norm: str, folder: Optional[str] = None, testing: bool = True) -> bool:
    """Whether a word of practice (a training, drill, test, demonstration) stands in ``norm``
    (``testing``: a test's words count too)."""
    words, padded = load_activity_words(folder), f" {norm} "
    phrases = words.practice if testing else words.practice - words.testing
    return any(f" {phrase} " in padded for phrase in phrases)  # "a wet down"


def practised(norm: str, water: Optional[str], folder: Optional[str] = None, testing: bool = True) -> bool:
    """Whether a fire service's water (``water``), with no fire said to be fought, is said to
    come from a training, drill, test or demonstration, or from a chore (cooking, a kitchen, a
    squeegee): whether those are "firefighting activities" the texts do not say (a fire burned
    for practice and put out is a fire fought)."""
    chore = bool(load_activity_words(folder).chores & set(norm.split()))
    return water == _FIRE_SERVICE and (practice_said(norm, folder, testing) or chore)


def fire_fought(norm: str, water: Optional[str], folder: Optional[str] = None) -> Optional[str]:
    """``water``, or firefighting's water when it is a fire service's (``fire_service``) and a fire
    is said to be fought: a verb of fighting or putting out with a fire within three words after
    it ("put out the car fire"). A fire service washing, watering or showing is no fire fought."""
    return "firefighting" if water == _FIRE_SERVICE and _fire_put_out(norm, folder) else water


def _fire_put_out(norm: str, folder: Optional[str] = None) -> bool:
    """Whether a verb of fighting or putting out stands with a fire within three words after it."""
    words = load_activity_words(folder)
    tokens = norm.split()
    for phrase in words.extinguishing:
        size = len(phrase.split())
        for i in range(len(tokens) - size + 1):
            if " ".join(tokens[i : i + size]) == phrase and words.fires & set(tokens[i + size : i + size + 3]):
                return True
    return False


def fire_doused(norm: str, water: Optional[str], folder: Optional[str] = None) -> bool:
    """Whether the speaker is said to put out a fire, no fire service named ("i soaked the brush
    pile burn with the hose, isnt water used to put out a fire allowed?", "I put out the fire in my
    fire pit"): that water is firefighting's, and what burned is what it passed over, no discharge
    of its own."""
    if water in (_FIRE_SERVICE, "firefighting", FIRE_PRACTICE) or not (_fire_put_out(norm, folder) or _burning_said(f" {norm} ", folder)):
        return False  # ("the garage caught fire ... i knocked it down with my garden hose": the fire said before)
    acts = set(load_activity_words(folder).extinguishing) | set(facets_file(folder).get("fire_dousing") or ())
    tokens = norm.split()  # the speaker does it ("i soaked it"), not a question of the rule ("water from putting out a fire")
    return any(w in _SPEAKERS and any(" ".join(tokens[i + 1 : j]) in acts for j in range(i + 2, i + 5)) for i, w in enumerate(tokens))


def service_fought_fire(norm: str, folder: Optional[str] = None) -> bool:
    """Whether a fire service (or its apparatus: "tankers shuttling water") is named and something said to be on fire:
    its water fought the fire, whatever burned ("the truck caught fire and the fire department hosed it down")."""
    words = load_activity_words(folder)
    padded = f" {norm} "
    if not any(f" {w} " in padded for w in (*words.services, *words.apparatus)):
        return False
    return _burning_said(padded, folder) or _fire_happened(padded, words)


def _burning_said(padded: str, folder: Optional[str] = None) -> bool:
    """Whether something is said to be on fire (``burning``: "caught fire"), not denied."""
    for phrase in load_activity_words(folder).burning:
        at = padded.find(f" {phrase} ")
        if at >= 0 and not any(w in NEGATIONS or w.endswith("n't") for w in padded[:at].split()[-2:]):
            return True
    return False


def _fire_happened(padded: str, words: ActivityWords) -> bool:
    """Whether a fire is said to have happened: "had a kitchen fire", "there was a fire" (a word
    of ``fire_happened``, at most one word, then a fire), not denied ("never had a fire")."""
    for phrase in words.happened:
        at = padded.find(f" {phrase} ")
        after = padded[at:].split()[len(phrase.split()) : len(phrase.split()) + 2] if at >= 0 else []
        if "fire" in after and not any(w in NEGATIONS or w.endswith("n't") for w in padded[:at].split()[-2:]):
            return True
    return False


def burned_in_fire_fought(norm: str, start: int, end: int, folder: Optional[str] = None) -> bool:
    """Whether the mention at ``norm[start:end]`` names what burned in a fire a fire service
    fought ("the big mulch pile ... started smoldering and the fire company soaked it"): a word
    of ``burning`` after it in its clause. The water that fought the fire passed over it; the
    thing itself is no discharge of its own ("a car caught fire ... now theres oily water" names
    the oil in another clause, and is read as said)."""
    if not service_fought_fire(norm, folder):
        return False
    # its clause: the normalised words keep no stops, so a joining word or the reach ends it
    after = norm[end:].split()[:_BURNED_REACH]
    clause = f" {' '.join(after[: next((k for k, w in enumerate(after) if w in _CLAUSE_JOINS), len(after))])} "
    return any(f" {phrase} " in clause for phrase in load_activity_words(folder).burning)


_BURNED_REACH = 12  # words from the thing to its burning ("the big mulch pile at the landscape yard ... started smoldering")
_CLAUSE_JOINS = frozenset({"and", "but", "then", "so", "when", "after", "before", "later", "because", "while", "until"})


def plain_water_denies(norm: str, contents: Tuple[str, ...], folder: Optional[str] = None) -> Tuple[str, ...]:
    """The categories of what is in the water that "just water", "only water" or "plain water"
    (``roles.plain_water``) denies: every one not said. None when the message says something is
    in it after all ("dirty water ... it's just water, right?": ``contents`` other than the
    water's having been used), when the phrase is negated ("it's not just water") or asked
    as a belief ("just water, right?")."""
    padded = f" {norm} "
    # (the catalogue's own word for the thing is read apart from ``contents``: "full of oil")
    if any(c != "used" for c in contents) or any(f" {w} " in padded for w in _contents_words(folder)):
        return ()
    for phrase in load_role_words(folder).plain_water:
        at = padded.find(f" {phrase} ")
        while at >= 0:
            before, after = padded[:at].split()[-2:], padded[at + len(phrase) + 2:].split()[:1]
            if not any(w in NEGATIONS or w.endswith("n't") for w in before) and after != ["right"]:
                return tuple(c for c in (facets_file(folder).get("contents") or {}) if c not in contents)
            at = padded.find(f" {phrase} ", at + 1)
    return ()


def qualified_category(water: Optional[str], folder: Optional[str] = None) -> Optional[str]:
    """The category a qualified one qualifies (``activity_roles.qualifies``): a fire service's
    training is no firefighting activity by the text's words, but the firefighting exemption is
    the closest the resident should read."""
    return dict(load_activity_words(folder).qualifies).get(water or "")
