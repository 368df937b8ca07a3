"""Whether a message asks for a verdict, and when "fire" is only part of a name (issue 27)."""
import pytest

from stormwater.understanding.asking import asks, asks_verdict, emergency_word_is_a_name, plain


@pytest.mark.parametrize(
    "text",
    [
        "my AC drips on the driveway, problem?",
        "thats just water right",
        "any issue with either one",
        "can I get fined for draining the spa",
        "is it ok if the hose water goes in the gutter",
        "wondering whether the pool can go to the street",
        "my dehumidifier empties onto the patio, is that polluting the bay",
        "the coffee goes out the window at the light, am I breaking a rule",
        "the bike rack got dumped in the catch basin. is leaving it there against anything",
        "the mower wash goes to the drain, against any regulations",
        "we sweep the pine needles into the gutter every fall. any rule against that",
        "the kids rinse their cleats at the curb, is there any law about it",
        # a sentence opened by "is" asks, whatever its subject; the rules named with words between
        "the drip hose floods the walk all night. is driveway runoff really against the village stormwater rules",
        # advice on what one means to do is asked: the verdict, then what to do instead
        "i was about to tip the old aquarium water into the gutter. better idea?",
        "is there a safer way to get rid of the paint thinner than the catch basin",
        "what about the dehumidifier hose running out to the curb",
    ],
)
def test_verdict_questions_without_a_question_mark_are_read_as_asking(text):
    assert asks_verdict(text)


@pytest.mark.parametrize(
    "text",
    [
        "some soapy water went into the storm drain",
        "oil is pouring into the drain right now",
        "my neighbour said no.",
        "I spilled antifreeze in the driveway",
        "the gas station is polluting the storm drain",
        "theres oil all over the lot, is running into the drain and polluting it",  # a gerund after a comma is told
        "the truck took the other way around the block and dumped gravel by the drain",
    ],
)
def test_statements_are_not_questions(text):
    assert not asks_verdict(text)
    assert not asks(text)


@pytest.mark.parametrize(
    "text, word, is_name",
    [
        ("annual fire sprinkler test today", "fire", True),
        ("fire hydrant flushing on our street", "fire", True),
        ("the sewer smoke test", "smoke", True),
        ("there is a fire in the garage", "fire", False),
        ("the fire is spreading", "fire", False),
        ("the house is on fire", "fire", False),
        ("smoke coming out of the drain", "smoke", False),
    ],
)
def test_an_emergency_word_followed_by_a_noun_is_a_name(text, word, is_name):
    words = plain(text)
    start = words.index(word)
    assert emergency_word_is_a_name(words, start, start + len(word)) is is_name


@pytest.mark.parametrize("text, asking", [
    ("after the storm can we stack the ruined sheetrock by the catch basin", True),
    ("may I leave the mattress next to the drain till pickup", True),
    ("so that we can", False),
    ("we did all we can", False),
])
def test_asking_leave_to_do_something_is_asking_permission(text, asking):
    from stormwater.understanding.asking import asks_permission

    assert asks_permission(text) is asking


@pytest.mark.parametrize("text, start_word, denied", [
    ("is that ok since its not a fire", "fire", True),
    ("no real danger here", "danger", True),
    ("nobody was hurt", "hurt", True),
    ("the garage is on fire", "fire", False),
    ("not sure if it is dangerous", "dangerous", False),
])
def test_an_emergency_word_denied_just_before_it(text, start_word, denied):
    from stormwater.understanding.asking import emergency_word_denied

    assert emergency_word_denied(text, text.index(start_word)) is denied


@pytest.mark.parametrize("text, vouched", [
    ("its just tap water and ice", True),
    ("only water, no soap", True),
    ("nothing but clean water", True),
    ("the water is cloudy with resin", False),
    ("it's just a little oil", False),
])
def test_the_resident_vouching_that_it_is_only_water(text, vouched):
    from stormwater.understanding.asking import vouches_for_water

    assert vouches_for_water(text) is vouched


@pytest.mark.parametrize(
    "text",
    [
        "the crew hoses the gull droppings off the pier into the drain. isn't that pollution?",
        "they rinse the paint trays at the curb every day, is that not pollution",
        "isn't this water pollution, the stuff going in the catch basin?",
    ],
)
def test_asking_whether_it_is_pollution_asks_the_verdict(text):
    assert asks_verdict(text)


@pytest.mark.parametrize("text, asked", [
    ("the county dumped leftover brine in the ditch, can they just do that?", True),
    ("are they even supposed to do that", True),
    ("isn't that a health problem?", True),
    ("wouldn't that be a safety hazard for the kids?", True),
    ("can you do this for me?", False),
    ("the truck came and did that yesterday.", False),
])
def test_whether_someone_may_do_it_or_a_kind_of_trouble_asks_the_verdict(text, asked):
    assert asks_verdict(text) is asked


@pytest.mark.parametrize("text, asked", [
    ("the basement took on a foot of water. can it be pumped out to the street drain?", True),
    ("if we rent a trash pump, can that go into the catch basin", True),
    ("could the water just drain to the curb once it stops raining", True),
    ("can they do anything about the flooding", False),
])
def test_asking_leave_for_the_water_itself_asks_permission(text, asked):
    from stormwater.understanding.asking import asks_permission

    assert asks_permission(text) is asked


def test_whether_the_rules_apply_to_someone_asks_a_verdict():
    from stormwater.understanding.asking import asks_verdict
    assert asks_verdict("the highway crew hosed the salt shed out into the catch basin. do the rules even apply to the state?")
    assert not asks_verdict("the rules apply to everyone, the crew hosed the salt shed out into the catch basin")
