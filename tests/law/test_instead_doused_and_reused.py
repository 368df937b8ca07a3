"""Issue 27: what is used "instead of" a thing is not that thing; a fire the resident put out gets
no badge of what burned (its water is firefighting's, the burned thing no discharge of its own); exempt
water put to a use ("use it to mop") is not the exemption's water any more; a car wash business
is no residential car washing; rain standing with mosquito wigglers is not plain rain. Wording is
this file's own, not the test sets'."""
import pytest

from tests.law.answers import verdicts


def test_what_is_used_instead_of_a_pollutant_is_not_it(bayville):
    got = verdicts(bayville, "instead of bleach i scrub the patio with vinegar and hot water, it runs off to the gutter. fine?")
    assert ("solvents", "prohibited") not in got and all(d != "solvents" for d, _ in got), got


def test_the_pollutant_itself_is_still_read(bayville):
    got = verdicts(bayville, "can i pour the leftover bleach into the storm drain instead of the sink?")
    assert got and got[0][1] == "prohibited"


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_fire_the_resident_put_out_gets_no_badge_of_what_burned(request, village):
    text = "the leaf pile we burned flared up so i hosed it down till it was out, the black water ran to the storm drain. isnt putting out a fire allowed?"
    got = verdicts(request.getfixturevalue(village), text)
    assert got and all(v == "not_named" for _, v in got), got


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_question_about_water_from_putting_out_fires_keeps_the_exemption(request, village):
    got = verdicts(request.getfixturevalue(village), "is water from putting out a fire allowed to go in the storm drain?")
    assert got[:1] == [("firefighting_water", "allowed")]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_exempt_water_put_to_a_use_gets_no_exempt_badge(request, village):
    text = "we catch the dehumidifier and ac drip water in a pail and use it to wash the porch, then dump it at the curb. ok since its ac water?"
    got = verdicts(request.getfixturevalue(village), text)
    assert got and all(v not in ("allowed", "conditional") for _, v in got), got


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_a_car_wash_business_draining_its_reclaim_tank_is_commercial(request, village):
    got = verdicts(request.getfixturevalue(village), "i saw the self serve car wash empty its reclaim tank into the storm drain out back. allowed?")
    assert got[:1] == [("car_wash_commercial", "prohibited")]


@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_rain_standing_with_wigglers_is_not_plain_rain(request, village):
    got = verdicts(request.getfixturevalue(village), "the kiddie wagon filled with rainwater and now its full of wigglers, ok to tip it into the gutter?")
    assert ("rainwater", "allowed") not in got, got


def test_rather_as_a_word_of_degree_denies_nothing(bayville):
    # "rather oily" says oil; only "rather than" puts a thing in another's place
    got = verdicts(bayville, "the basement sump water is rather oily today, can it go out to the curb?")
    assert got and all(v not in ("allowed", "conditional") for _, v in got), got
