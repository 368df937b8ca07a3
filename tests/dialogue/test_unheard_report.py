"""A message the classifier abstained on that tells of a discharge seen starts the report."""
import pytest

from stormwater.dialogue.unheard_report import names_a_discharge, tells_of_a_discharge


@pytest.mark.parametrize("text", [
    "somebody dumped a bunch of paint cans by the catch basin on Elm St and theyre leaking",
    "theres oily water flowing out of the body shop on Oak Rd into the gutter",
    "a guy is draining something blue into the storm drain behind the library",
])
def test_a_discharge_seen_with_a_place_is_a_report(text):
    assert tells_of_a_discharge(text)


@pytest.mark.parametrize("text", [
    "blorp", "thanks a lot", "what are the penalties",
    "can I dump my mop water in the drain on Elm St?",
    "my neighbor keeps dumping leaves in the drain, is that legal",
    "the drain on Elm St is clogged with leaves",  # a blocked drain: no discharge told
    "the gutter is leaking at my house",  # a fixture's own leak: a repair
    "someone is dumping stuff",  # nothing says where
])
def test_other_unclear_messages_are_not_reports(text):
    assert not tells_of_a_discharge(text)


def test_a_discharge_the_vocabulary_names_is_answered():
    assert names_a_discharge("a plumber's dye test") and not names_a_discharge("blorp")


@pytest.mark.parametrize("text, answered", [
    # what is in the water, or a category of it, asked about: answered by category, never "not sure I understood"
    ("i scrub the deck with a cleaner and hose it off into the road, problem?", True),
    ("the county put some kind of salt brine on the roads and it runs into the drains, is that allowed?", True),
    # the same words told, asking nothing: not a question to answer
    ("i scrub the deck with a cleaner and hose it off into the road", False),
    ("thanks, that's fine", False),
])
def test_what_is_in_the_water_asked_about_is_answered(text, answered):
    assert names_a_discharge(text) is answered


@pytest.mark.parametrize("text, report", [
    ("ok actually my neighbor is draining his pool into the street rn, its on Sylvan Ave", True),
    ("so the guy across the road is hosing oil off his driveway into the drain right now", True),
    ("my neighbor is draining his pool rn, is that legal?", False),  # a question: the answer first
    ("my neighbor is washing his car in the street", False),  # no word of now: the classifier's question stands
    ("ok is it ok if i drain my pool rn", False),
])
def test_someone_elses_discharge_told_as_going_on_now_is_a_report(text, report):
    from stormwater.dialogue.unheard_report import seen_going_on

    assert seen_going_on(text) is report


# Issue 27 round 8: something told as put into a drain is the thing discharged, however unusual
# its name, and asking leave to put it into a drain asks the verdict.
@pytest.mark.parametrize("text, answered", [
    ("the art club tipped the leftover glaze rinse into the storm drain behind the school, is that legal?", True),
    ("may we pour the spent etching baths down the street drain?", True),
    ("can we just dump the cloudy tank water into the catch basin?", True),
    # asking leave for something else, or a fixture's own leak: no discharge question
    ("can I get a copy of the ordinance?", False),
    ("the gutter is leaking, is that legal?", False),
    # told, asking nothing: not a question
    ("they poured the leftover solutions into the storm drain", False),
])
def test_what_is_put_into_a_drain_and_asked_about_is_answered(text, answered):
    assert names_a_discharge(text) is answered


# Issue 27 round 10: something told as running into the MS4 by itself, or put into a roadside
# ditch (one of the conveyances the texts' MS4 definition lists), then asked about, gets the
# general rule's answer, never "not sure I understood".
@pytest.mark.parametrize("text, answered", [
    ("the caterer rinsed the frosting off their tables and the goo flowed across the lot into the catch basin. allowed?", True),
    ("the slush from the rink they built melts and goes down the street drain, any issue with that?", True),
    ("somebody keeps dumping old fish bait in the ditch by the boat ramp, isn't that illegal?", True),
    # running somewhere that is no part of the MS4, or told without a question: nothing asked of the law
    ("our dog ran down the block and into the neighbours garden, is that a problem?", False),
    ("the goo flowed across the lot into the catch basin", False),
])
def test_what_runs_into_the_ms4_and_is_asked_about_is_answered(text, answered):
    assert names_a_discharge(text) is answered


@pytest.mark.parametrize(
    "text, answered",
    [
        ("tipped a tray of grout slurry on the driveway, can i just hose it toward the street?", True),
        ("could we sweep the spilled potting mix to the curb and let the rain take it", True),
        ("the shop spilled a tub of wood stain, ok to rinse it down the road?", True),
    ],
)
def test_leave_asked_to_let_something_go_toward_the_street_asks_its_verdict(text, answered):
    # the street is where the storm drains are: "toward the street" asks what "into the drain" asks
    assert names_a_discharge(text) is answered


@pytest.mark.parametrize(
    "text",
    [
        "the kennel down the road hoses the runs into the storm drain",
        "the print shop wants to pour its fixer down the storm drain",
        "we are going to pump the old koi pond into the street next week",
    ],
)
def test_a_practice_or_a_plan_told_into_the_drain_is_answered_whatever_the_thing(text):
    # no question asked, but a way of working (or a plan) told: its verdict, not "not sure I understood"
    assert names_a_discharge(text)


@pytest.mark.parametrize("text, answered", [
    ("the painters washed their rollers and trays out at the storm drain on my corner, allowed?", True),
    ("they dumped the mop buckets at the catch basin behind the diner. legal?", True),
    ("is it ok that i looked at the drain", False),
])
def test_what_is_washed_or_dumped_at_a_drain_and_asked_about_is_answered(text, answered):
    assert names_a_discharge(text) is answered


# Issue 27 round 26: more verbs of putting ("squeezed", "chucked", "kicked"), "through" the
# grate, a list with commas before it, and "harmless?" asked: the general rule's answer
@pytest.mark.parametrize("text, answered", [
    ("the kids keep poking popsicle sticks, bottle caps and pebbles through the storm grate, harmless?", True),
    ("the crossing guard squeezed the leftover juice boxes into the catch basin, can she do that", True),
    ("somebody chucked a bag of old bread down the storm drain by the pond, is that legal?", True),
    # told, asking nothing: not a question
    ("the kids keep poking popsicle sticks, bottle caps and pebbles through the storm grate", False),
])
def test_more_ways_of_putting_things_through_a_drain_asked_about_are_answered(text, answered):
    assert names_a_discharge(text) is answered
