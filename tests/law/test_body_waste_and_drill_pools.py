"""Issue 27: Poquott's § 132-3 categories read from everyday words (vomit and washed-up
jellyfish are biological materials, a bucket toilet holds sewage), pool water an animal swim
fouled is not the dechlorinated pool water Bayville exempts, and the pools a fire company's drill
fills from tankers are its portable tanks, not swimming pools. Wording is this file's own, not
the test sets'."""
import pytest

from tests.law import answers


def verdicts(village, text):
    got = answers.verdicts(village, text)
    assert not got or got[0][0] != "asked", got  # an answer, not a question
    return got


@pytest.mark.parametrize("text", [
    "someone threw up on the steps of the church again, ok if the sexton hoses the vomit into the street drain?",
    "the bay washed up a ton of dead jellyfish on the boat ramp, can the marina shovel them into the catch basin",
])
def test_body_waste_and_dead_sea_animals_are_poquott_s_biological_materials(poquott, text):
    assert verdicts(poquott, text)[:1] == [("listed_pollutant", "prohibited")]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_rinse_of_a_bucket_toilet_is_prohibited(request, village):
    got = verdicts(request.getfixturevalue(village), "we camped with toilet buckets all week, ok to hose them out at the curb into the storm drain?")
    assert got and got[0][1] == "prohibited"


def test_pool_water_after_a_dog_swim_gets_no_dechlorination_condition(bayville):
    got = verdicts(bayville, "the swim club lets dogs swim on closing day, then the pool with all the dog hair gets pumped to the street. ok?")
    assert got and all(v != "conditional" and v != "allowed" for _, v in got)


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_fire_drill_s_portable_pools_are_no_swimming_pool(request, village):
    text = "at the drill the fire company sets up portable pools, tankers fill them from the pond and the engine pumps it through the hoses to the storm drain. ok?"
    got = verdicts(request.getfixturevalue(village), text)
    assert got and all(d != "pool_water" for d, _ in got) and all(v in ("not_named", "allowed") for _, v in got)
