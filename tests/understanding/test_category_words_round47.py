"""Round 46 and 47's lessons (issue 27, session 2026-12-06, fourteenth): a solid pushed, swept or
kicked into the MS4 is got rid of like one thrown (solid waste, Poquott § 132-3), but never a
water moved that way; "crawl space pump" is the ordinances' own crawl space sump pump. Wording is
this file's own, not the blind sets'."""
import pytest

from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.thrown_things import thrown_away, thrown_solid
from tests.understanding.first_answer import first_answer


@pytest.mark.parametrize("text", [
    "the kids pushed the wet cardboard scraps into the catch basin with a shovel",
    "somebody kicked the broken flower pot pieces down the storm grate",
    "the crew swept the shredded streamers into the storm drain after the parade",
    "he shoveled the busted drywall bits through the grate",
])
def test_a_solid_pushed_swept_or_kicked_into_the_ms4_is_got_rid_of(text):
    assert thrown_solid(text)


@pytest.mark.parametrize("text", [
    "i swept the puddle water into the storm drain with a push broom",
    "we pushed the standing water into the catch basin with a squeegee",
])
def test_a_water_swept_or_pushed_into_the_drain_is_no_solid(text):
    assert not thrown_solid(text)
    assert read_discharge(text).facets.water != "trash"


@pytest.mark.parametrize("text", ["a gentle push of the broom", "the big sweep of the lot is saturday"])
def test_a_push_or_a_sweep_as_a_noun_throws_nothing(text):
    assert not thrown_away(text)


def test_a_thing_unnamed_pushed_into_the_drain_is_solid_waste_in_poquott():
    text = "after the bonfire the guys pushed the soggy paper lanterns into the storm drain with rakes. is that a violation?"
    assert first_answer("poquott", text) == ("trash", "prohibited")
    assert first_answer("bayville", text)[1] in ("prohibited", "not_named")


@pytest.mark.parametrize("slug,verdict", [("bayville", "conditional"), ("poquott", "allowed")])
def test_a_crawl_space_pump_is_the_crawl_space_sump_pumps(slug, verdict):
    assert first_answer(slug, "my crawl space pump runs out to the street drain, is that ok?") == ("sump_pump", verdict)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_taps_flushed_to_clear_the_stagnant_water_are_water_line_flushing(slug):
    text = ("the church hall sat empty all summer, so the sexton flushes all the faucets and both outdoor spigots to get the "
            "stagnant water out. the spigots drain across the lot to the catch basin. fine?")
    assert first_answer(slug, text) == ("water_line_flushing", "allowed")


def test_stagnant_water_flushed_with_algae_in_it_is_still_fouled():
    from stormwater.understanding.discharge_reader import read_discharge
    reading = read_discharge("we flushed the outdoor spigot and stagnant water full of algae came out into the gutter")
    assert "fouled" in reading.facets.contents


def test_stagnant_water_with_no_line_flushed_is_still_fouled():
    from stormwater.understanding.discharge_reader import read_discharge
    assert "fouled" in read_discharge("the stagnant water in the old water tank on the truck, can i dump it at the curb drain").facets.contents


@pytest.mark.parametrize("text", [
    "the ice cream truck idles at the park with the ac on and water drips off it into the storm drain",
    "the juice van has its ac on all day at the fair and water drips off it into the gutter",
])
def test_what_a_trade_sells_before_its_truck_is_nothing_in_the_water(text):
    reading = read_discharge(text)
    assert reading.facets.water == "condensate" and "food" not in reading.facets.contents


def test_what_is_dumped_is_still_read_beside_the_trades_name():
    assert "food" in read_discharge("the milk truck driver dumped a can of spoiled milk in the storm drain").facets.contents


def test_a_stand_that_handles_its_product_still_holds_it_in_its_rinse_water():
    text = "the ice cream stand rinses its scoops in running tap water and the overflow goes to the storm drain"
    assert "food" in read_discharge(text).facets.contents


def test_a_material_of_a_kind_swept_into_the_drain_keeps_its_kind_but_one_tossed_is_solid_waste():
    # moved along ("swept"), the walnut husks are what they are (Poquott's "biological materials");
    # thrown away ("toss cigarette butts in the catch basin"), a thing is solid waste as before
    assert read_discharge("can i sweep the walnut husks off the driveway into the storm drain").facets.water == "biological"
    assert read_discharge("people toss the husks in the catch basin").facets.water == "trash"
    assert first_answer("poquott", "can i sweep the walnut husks off the driveway into the storm drain")[1] == "prohibited"
