"""Issue 28, round 10: a house number pointed at after its street is kept, a vehicle kept on a
street is not the place, a spot named by its own name is a place without a street, someone else
pointed at is someone else's, and a part of a mixture is not the amount released. Our own words."""
from stormwater.understanding.answer_words import yes_no
from stormwater.understanding.field_values import find_amount, find_landmark
from stormwater.understanding.named_places import named_place
from stormwater.understanding.place_spans import is_vague_place, place_span


def test_a_house_number_pointed_at_after_the_street_is_kept():
    assert place_span("the grate on Elm St across from 52 Elm St") == "the grate on Elm St across from 52 Elm St"
    assert place_span("the catch basin on Oak Ln in front of 7 Oak Ln, saw it at noon") == \
        "the catch basin on Oak Ln in front of 7 Oak Ln"
    assert not is_vague_place(place_span("the grate on Elm St across from 52 Elm St"))


def test_a_house_number_said_near_its_street_is_kept():
    assert place_span("the drain on Birch Rd near number 31") == "the drain near 31 Birch Rd"


def test_a_vehicle_kept_on_a_street_is_not_the_place():
    place = place_span("a boat trailer parked on Elm St leaked into the drain")
    assert place == "Elm St" and is_vague_place(place)  # where on Elm St is still asked
    assert place_span("the food truck sitting on Oak Ln dumped its tank") == "Oak Ln"
    # a spot with its own words is still a spot
    assert place_span("the abandoned building on Elm St has a pipe") == "the abandoned building on Elm St"


def test_a_spot_named_by_its_own_name_is_a_place():
    assert named_place("a van that parks in the Harbor Light lot dumped its tank") == "the Harbor Light lot"
    assert named_place("i work nights at Tonys Bagels and we hosed the bins") == "Tonys Bagels"
    assert find_landmark("somebody poured paint in the Sandy Point lot") == "the Sandy Point lot"
    assert not is_vague_place("the Harbor Light lot")


def test_days_months_villages_and_common_spots_are_not_named_places():
    assert named_place("it happened in Bayville on Sunday") is None
    assert named_place("we saw it at Friday Market") is None  # a day's name is no spot
    assert named_place("at the parking lot") is None
    assert named_place("i shop at Costco") is None  # one word, no landmark noun: not sure it is a spot


def test_someone_else_pointed_at_is_someone_elses():
    assert yes_no("its the landscaping truck, the green one", "responsible") == "no"
    assert yes_no("that plumber from down the road", "responsible") == "no"
    assert yes_no("the truck is mine", "responsible") == "yes"
    assert yes_no("its the house", "responsible") is None  # may be the resident's own: asked again
    assert yes_no("its the cafe where i work", "responsible") is None


def test_a_part_of_a_mixture_is_not_the_amount():
    assert find_amount("no, rinse water and a little cornmeal") is None
    assert find_amount("soap with a bit of wax") is None
    assert find_amount("just a little") == "a little"
    assert find_amount("a bucket and a little more") == "a bucket"


def test_a_camper_doing_it_is_someone_elses_and_just_opened_is_now():
    from stormwater.understanding.said_words import just_now, whose_from_words
    assert whose_from_words("an rv on elm st emptied its tank into the drain") == "no"
    assert whose_from_words("my camper leaked into the drain") != "no"  # the resident's own camper
    assert just_now("the van on Oak Ln just opened its drain valve") == "just now"
    assert just_now("they just let it run down the street") is None  # "just" as "simply"


def test_a_named_spot_keeps_the_one_it_is_pointed_from():
    assert named_place("grease running from behind Tonys Bagels across from Sandy Point into the drain") == \
        "Tonys Bagels across from Sandy Point"
    assert named_place("at Tonys Bagels next to the Harbor Dock, sunday") == "Tonys Bagels next to the Harbor Dock"
    assert named_place("at Tonys Bagels by Friday") == "Tonys Bagels"  # a day is no spot


def test_a_named_park_or_beach_alone_is_too_wide_to_find_a_drain_in():
    assert named_place("someone dumped paint into the drain down by Sandy Point Park") is None
    assert named_place("in the Sandy Point Beach lot") == "the Sandy Point Beach lot"  # a lot in it is a spot
    assert named_place("behind Tonys Bagels across from Sandy Point Beach") == "Tonys Bagels across from Sandy Point Beach"
