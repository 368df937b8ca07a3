"""What a named exemption's water carries, what rain carries, and who does the discharging
(issue 27, the causes of round 2's blind misses, by mechanism): each question here is written
for this test, in words of its own, and is answered as the help desk answers it."""
import pytest

from stormwater.understanding.meaning import read_question
from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.law.villages import load_villages
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.exemption_water import bare_activity, piped_into_ms4, rain_is_carrier


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def badges(village, text):
    """(case, verdict) of every discharge answer the help desk gives to ``text``."""
    reading = read_question(text)
    assert reading.clarify is None, f"{text!r} asked {reading.clarify}"
    replies, _ = answer_replies(village, reading.key, text, reading.keys[1:4])
    return [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "the village is flushing the hydrant on my street and the water reeks of chlorine, is that legal?",
        "crews disinfected the new water line with chlorine and are draining it to the catch basin, allowed?",
        "when they flushed the water main, sand and gravel were carried into the storm drain. is that ok?",
    ],
)
def test_the_flushing_waters_own_chlorine_and_sand_are_the_flushing(villages, slug, text):
    # both texts exempt "water line flushing" without "uncontaminated" or "dechlorinated"
    assert badges(villages[slug], text) == [("water_line_flushing", "allowed")]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_chlorine_outside_a_flushing_stays_a_pollutant(villages, slug):
    got = badges(villages[slug], "can I pour leftover chlorine into the storm drain?")
    assert got and all(verdict != "allowed" for _, verdict in got)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "I spread copper powder on the roof to kill lichen and my downspouts empty onto the road. ok when it rains?",
        "we applied a sealer onto the driveway yesterday; when it rains the runoff goes to the drain, problem?",
        "when it rains the gasoline spilled in my driveway runs off into the catch basin, is that ok?",
    ],
)
def test_rain_that_carries_something_is_never_rainwater_allowed(villages, slug, text):
    got = badges(villages[slug], text)
    assert got and ("rainwater", "allowed") not in got
    assert all(verdict in ("prohibited", "not_named") for _, verdict in got)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_plain_rain_from_the_downspouts_is_still_rainwater(villages, slug):
    assert badges(villages[slug], "can my downspouts drain out to the street?") == [("rainwater", "allowed")]


def test_rain_carries_what_was_put_on_a_surface_or_a_pollutant():
    assert rain_is_carrier("i spread fertilizer pellets onto my lawn and the downspout", ())
    assert rain_is_carrier("when it rains it runs off", ("petroleum",))
    assert not rain_is_carrier("when it rains my downspouts overflow", ())
    assert not rain_is_carrier("the rain runs off the roof", ("salt",))


def test_an_activity_said_alone_is_its_category():
    assert bare_activity("after the annual flushing , we saw mud in the gutter") == "potable"
    assert bare_activity("i am flushing my radiator") is None


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_trade_named_by_a_discharge_word_is_who_discharges(villages, slug):
    text = "can the carpet cleaner drain his clean rinse tank, nothing added, into the gutter?"
    assert read_discharge(text).facets.role == "agent"
    assert all(verdict != "prohibited" for _, verdict in badges(villages[slug], text))


def test_poquotts_pollutant_list_is_reached_by_category(villages):
    poquott = villages["poquott"]
    assert badges(poquott, "our sanitary sewer backed up into the cellar, can I pump it to the road?") == [("sewage", "prohibited")]
    assert badges(poquott, "the grocery store dumpster drips into the catch basin, is that allowed?") == [("trash", "prohibited")]
    assert badges(poquott, "I rinse out the kennels every morning and it flows to the street drain, ok?")[0][1] == "prohibited"
    # Bayville's text has no pollutant list: the animals' wash water is not named there
    assert badges(villages["bayville"], "I rinse out the kennels every morning and it flows to the street drain, ok?")[0][1] in (
        "prohibited", "not_named")


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_basement_a_sanitary_sewer_backed_up_into_is_sewage_not_flood_water(villages, slug):
    from stormwater.law.knowledge import answer_discharge

    flooded = answer_discharge(villages[slug], "basement_flood_water", "the sanitary sewer backed up into my cellar, can I pump it out?")
    assert (flooded.discharge, flooded.verdict) == ("sewage", "prohibited")
    plain = answer_discharge(villages[slug], "basement_flood_water", "can I pump the rain out of my flooded cellar to the street?")
    assert plain.discharge == "basement_flood_water"


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_an_open_loop_geothermal_systems_water_is_groundwater_not_condensate(villages, slug):
    # "uncontaminated pumped groundwater" (both texts) is not "air-conditioning condensate"
    got = badges(villages[slug], "the geothermal system in our basement sends its return water to the catch basin, ok?")
    assert got and all(case != "ac_condensate" and verdict != "allowed" for case, verdict in got)


@pytest.mark.parametrize(
    "text, piped",
    [
        ("the dehumidifier line is tied into the storm drain", True),
        ("we hard piped the condensate right into the catch basin", True),
        ("the sump line is piped out to the road", False),  # an outlet on the road, no connection said
        ("the condensate pipe drips onto the lawn and the water soaks in", False),
        ("i piped the downspouts into a dry well in the back yard", False),
        ("piped, then it drips, and later it reaches the storm drain", False),
        # the reach counts the words between the pipe and the MS4, whose own words may follow
        ("we want to tie the drain line into the old pipe beside the garage that runs to the catch basin", True),
        ("the pipe spills onto the lawn, the grass soaks it up and a little reaches the storm drain", False),
        # a verb of joining in any form, then a word leading toward the MS4 part
        ("my husband dug a trench and connected it right to the storm drain", True),
        ("the roof leaders connect to the storm sewer under the sidewalk", True),
        ("he tied it into the catch basin last summer", True),
        ("we ran a pipe from the gutter to the curb drain", True),
        # no leading word, or the joining denied in its clause
        ("the downspout is piped next to the storm drain", False),
        ("the downspout was never connected to the storm drain", False),
        ("it isn't tied into the catch basin, it just splashes on the walk", False),
    ],
)
def test_a_pipe_is_a_connection_only_when_said_to_lead_into_the_ms4(text, piped):
    assert piped_into_ms4(text) is piped
