"""A message read as a question about the law, and the turn's decisions around it: how many
other discharges are offered, how often a clarifying question is asked, whether a verdict
comes before a topic, whether the bot's last words were a clarifying question (no Rasa)."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from stormwater.law.knowledge import answer_discharge
from stormwater.understanding.asking import asks_about_fines, asks_permission, asks_verdict
from stormwater.understanding.brands import glossed
from stormwater.understanding.catalogue import find_mentions, normalize
from stormwater.understanding.deed_roles import modifies_a_noun
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.drain_connections import joined_to_ms4
from stormwater.understanding.exemption_water import piped_into_ms4
from stormwater.understanding.thrown_things import thrown_away
from stormwater.understanding.activity_roles import tool_role
from stormwater.understanding.pool_contents import held_in_pool, held_in_water
from stormwater.understanding.told_now import asked_now
from stormwater.understanding.discharge_reader import read_facets
from stormwater.understanding.vessel_roles import moved_from_holder, moved_with
from stormwater.understanding.word_roles import load_role_words
from stormwater.understanding.answer_words import _plain
from stormwater.understanding.meaning import bare_denial, read_question
from stormwater.understanding.said_words import whose_from_words
from stormwater.understanding.whose_doing import hired_by_resident
from stormwater.law.villages import Village, load_villages
from stormwater.dialogue.unheard_report import told_into_drain

# More than this many discharges in one message is a list, not a question: the first is
# answered, and this many more are offered as buttons.
MAX_OTHERS_OFFERED = 3
# A clarifying answer not understood is asked again once; then the message is read afresh.
CLARIFY_TRIES = 2
# Topics a question may ask about a named discharge ("what's the fine for pouring oil in the
# drain?", "our garage floor drain is piped to the storm sewer"): that discharge's verdict comes
# first, and the topic follows when it says more (stormwater.dialogue.meaning_replies.topic_adds_to).
# An emergency ("our basement flooded, can we pump it out?") asks about a discharge too: whether
# that water may go is the answer, and the emergency rule follows. (Not the dye test: its topic
# answer is its rule, "an allowable discharge" with the notice, and "what is a dye test?" asks that.)
VERDICT_FIRST_TOPICS = frozenset(
    {"penalties", "enforcement", "floor_drains", "illicit_connections", "ms4", "emergency_discharges"}
)
# Topics a resident reaches by asking whether what happened breaks the law ("the foam went down
# the storm drains, isn't that a violation?" reads as the nuisance passage): when the message
# asks for a verdict and the reader finds the thing discharged, its verdict comes first as well.
# The law's own words for what it rules on: a "material" ending in one of them names no material.
_THE_LAWS_WORDS = frozenset({"discharge", "discharges", "drainage"})
# The dye test is one of them: "is the township even allowed to put dye in like that?" asks the
# verdict (allowed with the notice to the SMO), while "what is a dye test?" still gets the passage.
VERDICT_FIRST_IF_ASKED = frozenset({"remedies", "alternative_remedies", "responsibilities", "connection_permits", "dye_testing"})
# Of those, topics whose passage always follows the verdict: "the sump pump is piped into the
# storm sewer, can we keep using it or do we need a new permit?" asks both whether that water may
# go and what the permit rules are (Bayville § 63A-12; Poquott's text has no permit process).
TOPIC_ALWAYS_FOLLOWS = frozenset({"connection_permits"})
# "Do I need a permit for <discharge>?": a discharge the ordinance exempts needs none, so its
# verdict comes first; for any other the permit topic answers (a permitted discharge is exempt,
# which a "Not allowed" badge before it would contradict).
VERDICT_FIRST_IF_ALLOWED = frozenset({"spdes_permits"})


def discharge_question(text: str, entities: Sequence[str] = ()) -> Dict[str, Any]:
    """``text`` read as a discharge question (a plain dict: it may wait in a slot)."""
    later = asked_now(text)  # "... last month. now the restoration guys want to power wash the soot ..."
    if later is not None and (read_question(later).keys or read_facets(later).water is not None):
        text, entities = later, [e for e in entities if str(e).lower() in later.lower()]
    reading = read_question(text, list(entities))
    if entities and reading.keys and not read_question(text).keys and (
            reads_a_category(text) or (reads_contents(text) and _exempts(reading.keys[0]))):
        # an entity found by meaning alone ("the AC under my car" near car washing) yields to
        # what the discharge reader reads the water to be, or to hold, by the ordinances' categories
        reading = read_question(text)
    if reading.topic:
        return {"kind": "topic", "topic": reading.topic, "asked": text}
    keys = _tools_dropped(text, list(reading.keys))
    keys = [k for k in keys if not held_in_pool(text, k)] or keys  # "the pool, full of leaves": the pool's water
    keys = [k for k in keys if not held_in_water(text, k)] or keys  # "the water heater flush, rusty with sediment": the flush's water
    question: Dict[str, Any] = {"kind": "discharge", "keys": keys[: 1 + MAX_OTHERS_OFFERED], "asked": text}
    if not reading.keys and bare_denial(text):
        question["bare_denial"] = True  # "no chemicals": nothing asked
    if reading.clarify and not _not_the_thing(text, reading.clarify_key):
        question.update(clarify=reading.clarify, clarify_key=reading.clarify_key)
    plain = _plain(text)
    if reading.about_others or (whose_from_words(plain) == "no" and not hired_by_resident(plain)):
        # "the cupcake place on Bayville Ave does it every morning": someone else's doing, to report
        question["about_others"] = True
    if asks_about_fines(text):
        question["then_topic"] = "penalties"  # "can I get fined for X": X's verdict, then the fines
    return question


def _tools_dropped(text: str, keys: List[str]) -> List[str]:
    """``keys`` without one named only by a tool's name while something else is named
    ("washes boat bottoms with a pressure washer and the paint chips go in the drain": the
    washer is the tool, no washing machine; the paint chips are the thing)."""
    if len(keys) == 1 and moved_from_holder(text, keys[0]):
        return []  # "pumping out the koi pond with a sump pump": the pump moves the pond's water
    if len(keys) < 2:
        return keys
    norm, mentions = normalize(text), find_mentions(text)

    def tool_only(key: str) -> bool:
        named = [m for m in mentions if m.key == key]
        return bool(named) and all(tool_role(norm, m.start, m.end) for m in named)

    kept = [k for k in keys if not tool_only(k)] or keys
    # "pumped the birth pool out with a little sump pump": the pump is the means the pool's water is moved by
    return [k for k in kept if not any(moved_with(text, other, k) for other in kept if other != k)] or kept


def _not_the_thing(text: str, key: Optional[str]) -> bool:
    """Whether the words that name discharge ``key`` only say which thing another noun is, in a
    phrase of place ("rust remover on the sprinkler stains": the sprinkler only says which
    stains): no question about that discharge's water is asked then; the facet rules answer.
    (A part of the water's own equipment, "the condensate pan", still asks.)"""
    text = glossed(text)
    norm, role_words = normalize(text), load_role_words()
    named = [m for m in find_mentions(text) if m.key == key]
    return bool(named) and all(modifies_a_noun(norm[: m.start].split(), norm[m.end :].split(), role_words) for m in named)


def verdict_first(topic: str, named: Dict[str, Any], village: Optional[Village]) -> bool:
    """Whether a topic question that names a discharge (``named``, from :func:`discharge_question`)
    gets that discharge's verdict first."""
    if named["kind"] != "discharge":
        return False
    if topic in VERDICT_FIRST_IF_ALLOWED and held_permit_told(named["asked"]):
        return True  # "we have a DEC SPDES permit for our rinse water, so we're fine, right?": the permitted discharge's verdict
    if topic in VERDICT_FIRST_IF_ALLOWED and named["keys"]:
        return village is not None and not named.get("clarify") and all(
            answer_discharge(village, key, named["asked"]).verdict == "allowed" for key in named["keys"]
        )
    if topic in VERDICT_FIRST_IF_ASKED:
        asked = asks_verdict(named["asked"]) or asks_permission(named["asked"]) or connection_told(topic, named["asked"])
        return asked and bool(named["keys"] or named.get("clarify") or reads_a_discharge(named["asked"]))
    if topic not in VERDICT_FIRST_TOPICS:
        return False
    if named["keys"] or named.get("clarify") or reads_a_category(named["asked"]):
        return True
    # "can I get fined for that?" after the shingle grit it tells of: what the reader finds, asked about
    return (asks_verdict(named["asked"]) or asks_permission(named["asked"])) and reads_a_discharge(named["asked"])


def connection_told(topic: str, text: str) -> bool:
    """Whether a question on the permit rules tells of a drain or pipe joined (or to be joined)
    to the storm sewer ("we'll hook the new footing drain into the catch basin, what do we need
    from the village?"): whether that connection may be made is what is asked, so the verdict
    on what it drains comes first, then the permit rules (issue 27)."""
    return topic in TOPIC_ALWAYS_FOLLOWS and (joined_to_ms4(text) or piped_into_ms4(text))


def reads_a_category(text: str) -> bool:
    """Whether the discharge reader finds what the water is, by the ordinances' categories,
    although the law's list names nothing ("can I get fined for washing the truck in my
    driveway?" is a vehicle washed): that category's verdict is the answer, then the topic."""
    facets = read_discharge(text).facets
    # a thing thrown in that no word names ("throw away my dog's waste") yields to the entity the NLU found
    return facets.water is not None and facets.role is None and not thrown_away(text)


def held_permit_told(text: str) -> bool:
    """Whether the resident says the discharger holds an SPDES permit for a discharge the reader
    finds ("we have a DEC SPDES permit for our rinse water; the pipe goes into the storm sewer"):
    the texts' exception for a permitted discharge, with its conditions, answers it. A way into
    the MS4 said ("tie the outfall into the village storm drain") tells the discharge too."""
    reading = read_discharge(text)
    return "spdes" in reading.facets.permits and (reads_a_discharge(text) or reading.facets.route is not None or piped_into_ms4(text))


def reads_contents(text: str) -> bool:
    """Whether the discharge reader finds what is in the water although it names no discharge
    ("scrubbed the car seat cover with an enzyme cleaner and hosed it off": a cleaner in the
    rinse): a key of an exempt water found by meaning alone then yields to the contents' rule,
    never an exemption's badge for a water the words say holds something else."""
    reading = read_discharge(text)
    return reading.key is None and bool(reading.facets.contents) and reading.facets.role is None


def _exempts(key: str) -> bool:
    """Whether any village's text lets ``key`` through, outright or on a condition."""
    return any(answer_discharge(village, key).verdict in ("allowed", "conditional") for village in load_villages().values())


def reads_a_discharge(text: str) -> bool:
    """Whether the discharge reader finds something discharged that the law's list may not
    name: a category of water, a material in the resident's words ("fire suppression foam"),
    what is in the water ("scrubbed with an enzyme cleaner and hosed off"), or water said to be
    pumped out ("pumping the flooded garage into the street")."""
    reading = read_discharge(text)
    # "an emergency discharge", "an illicit discharge": the law's own word for what it rules on, no material
    material = reading.material if reading.material and reading.material.split()[-1] not in _THE_LAWS_WORDS else None
    # "is pumping the flooded garage out into the street": whatever is pumped out is discharged
    said = bool(reading.key or material or reading.facets.water or reading.facets.contents or reading.facets.pump)
    # "someone poured something purple down the storm drain": told as put into the MS4, whatever it is
    return said or told_into_drain(text)


def just_asked(events: List[Dict[str, Any]], question: str) -> bool:
    """Whether the bot's last words before the latest message were clarifying ``question``:
    a question left unanswered (a report came in between) is not answered by a later "yes"."""
    seen_user = False
    for event in reversed(events):
        kind = event.get("event")
        if kind == "user":
            if seen_user:
                return False
            seen_user = True
        elif kind == "bot" and seen_user:
            return (event.get("metadata") or {}).get("utter_action") == f"utter_clarify_{question}"
    return False
