"""What the water looks like, said of the water and not of another thing, and whether the
resident vouches for it without a hedge (issue 27)."""
import pytest

from stormwater.understanding.catalogue import find_mentions
from stormwater.understanding.discharge_reader import read_discharge
from stormwater.understanding.water_gone import gone_from_water
from stormwater.understanding.water_looks import CLEAR, DISCOLOURED, hedged, something_held, water_look


@pytest.mark.parametrize(
    "text",
    [
        "the water coming off the patio has gone kind of orangey",
        "the rinse from the paint tray is pinkish, can it go in the gutter",
        "it comes out milky for the first few minutes",
        "the puddle by the drain is murky and smells like eggs",
        "there is a rainbow sheen on the runoff",
        "our dehumidifier bucket water stinks",
        "the overflow was foamy when it hit the street",
        "cloudy water from the hot tub filter",
    ],
)
def test_a_look_of_something_picked_up_is_discoloured(text):
    assert water_look(text) == DISCOLOURED


@pytest.mark.parametrize(
    "text",
    [
        "the red brick patio drains toward the street, can i hose it",
        "we have green astroturf by the pool and the rain runs off it",
        "someone sprayed orange paint marks on the curb before the dig",
        "i wear my brown boots when i pump out the window well",
        "the muddy dog got in the kiddie pool",
    ],
)
def test_a_colour_of_an_object_is_not_the_waters_look(text):
    assert water_look(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "the water from the window well pump is crystal clear",
        "it's clean water straight from the ground",
        "its just water, nothing added",
        "the runoff isn't cloudy at all",
        "no smell, no color, just water",
    ],
)
def test_clear_or_a_look_denied_vouches_for_the_water(text):
    assert water_look(text) == CLEAR


@pytest.mark.parametrize(
    "text",
    [
        "i'm pretty sure the water is clean",
        "the pumped water should be clear by now",
        "i guess its clean, it came from the ground",
        "probably clear water, i didn't really look",
    ],
)
def test_a_hedge_vouches_for_nothing(text):
    assert hedged(text)
    assert water_look(text) is None


def test_a_look_of_something_outweighs_a_word_of_clear():
    assert water_look("it runs clear at first but then it turns brownish") == DISCOLOURED
    assert water_look("the water isn't clean") == DISCOLOURED


def test_clean_as_a_verb_is_no_look():
    assert water_look("i clean the filter cartridge and then drain the spa") is None
    assert not hedged("i clean the filter cartridge and then drain the spa")


def test_the_look_is_a_facet_of_the_reading():
    assert read_discharge("my sump pump water is a little yellowish").facets.looks == DISCOLOURED
    assert read_discharge("my sump pump water is clear").facets.looks == CLEAR
    assert read_discharge("can i drain my sump pump to the street").facets.looks is None


@pytest.mark.parametrize(
    "text, held",
    [
        ("our well water has some manganese in it", True),
        ("the hose water with a trace of copper in it", True),
        ("there's algae in the water", True),
        ("the bucket has water in it", False),
        ("with nothing in it at all", False),
        ("no salt in it", False),
    ],
)
def test_something_held_in_the_water(text, held):
    assert something_held(text) is held


CHLORINE = {"chlorine": ("chlorine",), "soap": ("soap",)}


@pytest.mark.parametrize(
    "text, gone",
    [
        ("we let the chlorine go for a week before draining", ("chlorine",)),
        ("waited until the chlorine dissipated", ("chlorine",)),
        ("the chlorine burned off in the sun", ("chlorine",)),
        ("the chlorine is still strong", ()),
        ("i hope the chlorine is gone by now", ()),  # hedged
        ("we let the soap sit on the car", ()),
        # a test reads nothing of it, or a remover took it out
        ("quit putting chlorine in last month and the kit shows 0 now", ("chlorine",)),
        ("the test strip reads zero chlorine this morning", ("chlorine",)),
        ("added a chlorine remover from the hardware store", ("chlorine",)),
        ("the chlorine reads high and the ph reads zero", ()),  # the first reading after it is not nil
        ("the strip reads zero. then i added chlorine again", ()),  # the reading is of another sentence
        ("i think the strip shows zero chlorine", ()),  # hedged
    ],
)
def test_what_has_left_the_water(text, gone):
    assert gone_from_water(text, CHLORINE) == gone


@pytest.mark.parametrize(
    "text, gone",
    [
        ("the chlorine went away over the week", ()),  # "went" may say where a thing went: not tested
        ("the oil went out into the gutter", ()),
        ("the tester is at zero for chlorine now", ("chlorine",)),  # a reading of nil just before it (round 54)
        ("the tester is at zero for ph, chlorine is high", ()),
        ("the tester says chlorine is at zero now", ("chlorine",)),
        ("poured in the chlorine neutralizer", ("chlorine",)),
    ],
)
def test_only_a_test_or_a_remover_says_it_left_when_tested_only(text, gone):
    assert gone_from_water(text, {**CHLORINE, "petroleum": ("oil",)}, tested_only=True) == gone


@pytest.mark.parametrize(
    "text",
    ["its clean water, nothing in it", "clean water from the well point", "the sump gives clear water all day"],
)
def test_the_waters_clean_look_names_no_cleaning_water(text):
    assert find_mentions(text) == [] or all(m.key != "detergent" for m in find_mentions(text))


def test_cleaning_water_is_still_cleaning_water():
    assert [m.key for m in find_mentions("can the cleaning water from the floors go outside")] == ["detergent"]
    assert [m.key for m in find_mentions("i cleaned the floors, can the mop water go out")] == ["detergent"]


@pytest.mark.parametrize("text, look", [
    # a water named by a compound ("groundwater", "rainwater") is described as "water" is
    ("just clear groundwater, nothing else goes in the pit", "clear"),
    ("the rainwater in the barrel is murky", "discoloured"),
    ("the groundwater looks muddy", "discoloured"),
])
def test_a_compound_water_word_is_described_like_water(text, look):
    assert water_look(text) == look


def test_the_last_word_on_a_content_says_how_the_water_is_now():
    from stormwater.understanding.water_gone import gone_from_water
    chlorine = {"chlorine": ("chlorine",)}
    assert gone_from_water("we only ever run a little chlorine . the strip now reads 0 chlorine", chlorine, tested_only=True) == ("chlorine",)
    assert gone_from_water("the strip read zero chlorine yesterday but i added chlorine today", chlorine, tested_only=True) == ()
