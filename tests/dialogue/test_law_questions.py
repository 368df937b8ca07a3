"""A message read as a question about the law, and the decisions around it."""
from stormwater.dialogue.law_questions import (
    MAX_OTHERS_OFFERED, discharge_question, just_asked, verdict_first,
)
from stormwater.law.villages import get_village


def test_a_discharge_question_names_its_discharges_and_at_most_a_few_others():
    question = discharge_question("can I drain my pool into the street")
    assert question["kind"] == "discharge" and question["keys"][:1] == ["pool_water"]
    listed = discharge_question("pool water, car wash water, oil, paint, grass clippings and dog poop")
    assert len(listed["keys"]) <= 1 + MAX_OTHERS_OFFERED


def test_a_bare_denial_asks_nothing():
    assert discharge_question("no chemicals").get("bare_denial") is True


def test_the_verdict_comes_first_for_the_fines_of_a_named_discharge_and_not_for_a_topic_alone():
    bayville = get_village("bayville")
    named = discharge_question("what's the fine for pouring oil in the drain")
    assert verdict_first("penalties", named, bayville)
    assert not verdict_first("appeals", named, bayville)
    assert not verdict_first("penalties", {"kind": "topic", "topic": "penalties"}, bayville)


def test_a_clarifying_question_counts_only_when_it_was_the_bots_last_words():
    asked = {"event": "bot", "metadata": {"utter_action": "utter_clarify_pool"}}
    assert just_asked([_user("pool"), asked, _user("yes")], "pool")
    assert not just_asked([asked, _user("report"), {"event": "bot", "metadata": {}}, _user("yes")], "pool")


def _user(text):
    return {"event": "user", "text": text}


def test_an_emergency_pumping_question_gets_the_waters_verdict_first():
    bayville = get_village("bayville")
    oily = discharge_question("our basement flooded and the oil tank leaked into the water. can we pump it out into the street?")
    assert verdict_first("emergency_discharges", oily, bayville)
    # the emergency rule alone, when no water is asked about
    assert not verdict_first("emergency_discharges", discharge_question("what counts as an emergency discharge?"), bayville)


def test_a_fines_question_about_a_category_nobody_listed_gets_that_categorys_verdict_first():
    bayville = get_village("bayville")
    named = discharge_question("i take the company truck home at night. can i get fined for washing it in my driveway?")
    assert named["keys"] == []
    assert verdict_first("penalties", named, bayville)
    assert not verdict_first("penalties", discharge_question("how much is the fine?"), bayville)


def test_an_entity_found_by_meaning_alone_yields_to_the_category_the_reader_finds():
    # the meaning classifier may name car washing for a car's AC drip; the words say condensate
    text = "the AC of my car drips water on the street while I park, is that polluting?"
    assert discharge_question(text, ["car_wash_residential"])["keys"] == []
    # a discharge the words name stays
    assert discharge_question("can I drain my pool", ["pool_water"])["keys"] == ["pool_water"]


def test_a_question_about_a_business_s_habit_is_about_someone_else_s_discharge():
    habit = discharge_question("can a diner hose its floor mats out back? the one on Shore Rd does it every night into the drain")
    assert habit.get("about_others") is True
    assert not discharge_question("can I hose my floor mats into the drain").get("about_others")


def test_water_said_to_be_pumped_out_gets_a_verdict_before_the_emergency_passage():
    bayville = get_village("bayville")
    # nothing the law's list names, but something is pumped out: the general rule first
    named = discharge_question("after the downpour the store across the street is pumping its flooded loading area out onto the road, allowed?")
    assert verdict_first("emergency_discharges", named, bayville)
    assert not verdict_first("emergency_discharges", discharge_question("what does the law say about emergencies?"), bayville)


def test_something_told_as_poured_into_the_drain_gets_its_verdict_before_the_topic():
    # issue 27 round 10: whatever it was, told as put into the MS4 and asked about, the general
    # rule answers first; the connections passage alone would not say whether it was allowed
    from stormwater.dialogue.law_questions import discharge_question, verdict_first
    from stormwater.law.villages import get_village

    text = "a man tipped something orange down the storm drain and the town had to flush the pipe. illegal even if unknown?"
    assert verdict_first("illicit_connections", discharge_question(text), get_village("poquott"))
    told = "is it illegal to have an old pipe connected to the storm drain?"  # the connection itself: the topic
    assert not verdict_first("illicit_connections", discharge_question(told), get_village("poquott"))


def test_asking_whether_a_dye_test_was_allowed_gets_the_verdict_before_the_passage():
    from stormwater.dialogue.law_questions import discharge_question, verdict_first
    from stormwater.law.villages import get_village

    bayville = get_village("bayville")
    asked = "the water authority did a dye test in the culvert and the brook went bright green, were they allowed to do that?"
    assert verdict_first("dye_testing", discharge_question(asked), bayville)
    assert not verdict_first("dye_testing", discharge_question("what is a dye test?"), bayville)


def test_a_permit_question_telling_of_a_drain_joined_to_the_storm_sewer_gets_the_verdict_first():
    # issue 27: whether the connection may be made is what is asked; the permit rules follow
    bayville = get_village("bayville")
    for text in (
        "the excavator will hook the new foundation drain tile directly into the catch basin, what do we need from the village?",
        "we plan to connect the perimeter drain of our addition to the storm drain in the street, anything to file first?",
        "the mason wants to pipe the footing drains into the village storm sewer, is there paperwork for that?",
    ):
        assert verdict_first("connection_permits", discharge_question(text), bayville), text
    # the permit rules alone: no connection told, or one denied
    for text in (
        "how do I apply for a connection permit?",
        "the footing drain is not connected to the storm drain, what permits exist?",
    ):
        assert not verdict_first("connection_permits", discharge_question(text), bayville), text


def test_a_permit_question_about_a_discharge_named_with_its_held_permit_gets_the_verdict_first():
    """A named discharge said to run under the discharger's SPDES permit: the texts' exception
    (allowed only with the permit and written approval) comes before the permit passage."""
    bayville = get_village("bayville")
    asked = ("the sand pit says they hold a state discharge permit for the sandy wash water from their pond, "
             "so they want to pump it to the road drain. does the permit cover that?")
    named = discharge_question(asked)
    assert named["kind"] == "discharge" and named["keys"] == ["sediment"]
    assert verdict_first("spdes_permits", named, bayville)
    unheld = discharge_question("does the sand pit need a state permit to pump sandy wash water to the road drain?")
    assert unheld["keys"] == ["sediment"] and not verdict_first("spdes_permits", unheld, bayville)


def test_a_state_permit_held_for_water_to_be_tied_into_the_storm_drain_gets_the_permit_verdict_first():
    from stormwater.dialogue.law_questions import verdict_first
    from stormwater.law.villages import get_village
    text = ("our fish farm holds a state discharge permit for its tank water. the old outfall broke, so we want to tie it "
            "into the village storm drain. is the state permit enough?")
    assert verdict_first("spdes_permits", discharge_question(text), get_village("bayville"))


def test_a_permit_asked_about_with_no_discharge_told_gets_the_passage():
    from stormwater.dialogue.law_questions import verdict_first
    from stormwater.law.villages import get_village
    assert not verdict_first("spdes_permits", discharge_question("what is an spdes permit?"), get_village("bayville"))


def test_an_entity_the_nlu_found_is_kept_for_a_thing_thrown_that_no_word_names():
    question = discharge_question("is it ok to toss my dog's waste down the storm drain?", ["pet_waste"])
    assert question["keys"][:1] == ["pet_waste"]
