"""An exemption's word in the message is not always the thing discharged (issue 27, round 5's
blind misses by mechanism): the word may only say which product ("car wash soap"), which tool
("a fire hose") or what fills something afterwards ("the rain will refill it"), and an activity
read by meaning alone is the exemption's only when it is that activity ("pressure washing the
grill grates" is no car washing). Each question here is written for this test, in words of its
own, and is answered as the help desk answers it."""
import pytest

from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.understanding.catalogue import find_mentions, normalize
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.word_roles import PART, SOURCE, role_of

FIRM_EXEMPT = ("allowed", "conditional")


# the help desk's answers to a question, and the villages, as the exemption-water tests read them
from tests.understanding.test_exemption_water import badges, villages  # noqa: E402,F401


def role_of_key(text, key):
    norm = normalize(text)
    mention = next(m for m in find_mentions(text) if m.key == key)
    return role_of(norm, mention.start, mention.end, frozenset({"soap", "detergent", "salt", "sand"}))


@pytest.mark.parametrize(
    "text, key, role",
    [
        ("the bubble machine runs on car wash soap and water, where does it go", "car_wash_residential", PART),
        ("we sprayed colored water out of a fire hose for the parade", "firefighting_water", PART),
        ("we drain the koi pond to the gutter and let the rain refill it", "rainwater", SOURCE),
        ("is car wash water from my own driveway ok in the gutter", "car_wash_residential", None),
        ("the rain carries the mulch into the drain", "rainwater", "carrier"),
    ],
)
def test_the_exemption_word_is_a_modifier_a_tool_or_a_filler(text, key, role):
    assert role_of_key(text, key) == role


def test_a_clause_before_a_solid_is_no_modifier_of_it():
    # "flushed the water main, sand ...": the comma is gone after normalising; a clause with a
    # determiner in it does not modify the next word
    text = "after the crew flushed the water main sand washed into the drain"
    assert role_of_key(text, "water_line_flushing") is None


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "the bubble machine at our yard sale runs on car wash soap and water. it drips into the street drain, ok?",
        "we want to shoot glitter water out of a fire hose at the block party. it goes to the street drain, fine?",
        "can i pump the muck and green water out of my garden pond into the gutter and let the rain refill it?",
        "after the bake sale i pressure wash the sheet pans and grill grates on the driveway. can that run to the road drain?",
    ],
)
def test_an_exemption_word_that_is_not_the_thing_gives_no_exempt_badge(villages, slug, text):
    got = badges(villages[slug], text)
    assert got, f"{text!r} got no discharge answer"
    assert all(verdict not in FIRM_EXEMPT for _, verdict in got), got


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text, case",
    [
        ("i wash my own car in the driveway with car wash soap, is that allowed?", "car_wash_residential"),
        ("the fire department used fire hoses on the burning shed and the water went in the storm drain, ok?", "firefighting_water"),
    ],
)
def test_the_exemption_still_holds_when_its_activity_is_done(villages, slug, text, case):
    assert badges(villages[slug], text)[0] == (case, "allowed")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_an_activity_read_by_meaning_alone_needs_its_own_water(villages, slug):
    # the understanding may name car washing by meaning (no word of its list in the message):
    # the water read is another washing's, so the exemption's word names nothing here
    text = "after the bake sale i pressure wash the sheet pans and grill grates on the driveway. can that run to the road drain?"
    reading = read_discharge(text, ["car_wash_residential"])
    assert (reading.key, reading.facets.water, reading.facets.role) == ("car_wash_residential", "wash_water", PART)
    replies, _ = answer_replies(villages[slug], "car_wash_residential", text, ())
    verdicts = [r.custom["verdict"] for r in replies if (r.custom or {}).get("type") == "discharge_answer"]
    assert verdicts and all(v not in FIRM_EXEMPT for v in verdicts), verdicts


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_car_washing_read_by_meaning_still_holds_for_a_car(villages, slug):
    text = "i give the hatchback a scrub on saturdays in front of my house, does the water matter?"
    replies, _ = answer_replies(villages[slug], "car_wash_residential", text, ())
    assert [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"][0] == (
        "car_wash_residential", "allowed")


@pytest.mark.parametrize(
    "text, key",
    [
        # a list read without its commas: "trash, oil" is two things, not the trash's oil
        ("someone keeps dumping trash, oil and paint into the gutter", "trash"),
        # a filling that is no refilling afterwards: the gas is what was spilled
        ("i spilled gas filling the mower on the driveway, can i hose it off", "motor_oil"),
        # a device's own line carries the device's water
        ("the water from the ac drip line runs into the gutter, ok?", "ac_condensate"),
    ],
)
def test_the_narrow_readings_leave_the_thing_discharged_alone(text, key):
    norm = normalize(text)
    mention = next((m for m in find_mentions(text) if m.key == key), None)
    assert mention is not None, [m.key for m in find_mentions(text)]
    assert role_of(norm, mention.start, mention.end) is None


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_the_place_the_water_would_otherwise_go_says_nothing_of_what_is_in_it(villages, slug):
    # "instead of carrying it to the toilet": the toilet is where it would go, not sewage in it
    text = "rainwater leaked into our cellar and i scoop it into buckets. instead of pouring them down the toilet can i tip them in the street?"
    reading = read_discharge(text)
    assert "sewage" not in reading.facets.contents
    got = badges(villages[slug], text)
    assert got and all(verdict != "prohibited" for _, verdict in got), got


def test_sewage_said_as_the_thing_is_still_in_the_water():
    reading = read_discharge("water from the toilet overflowed out the door into the street drain")
    assert "sewage" in reading.facets.contents
