"""The law answers that depend on what came before, as turns."""
import pytest

from stormwater.dialogue.law_followups import instead_of_answer, someone_elses, topic_question, topic_turn, what_instead
from stormwater.dialogue.law_questions import discharge_question
from stormwater.dialogue.law_turns import answer
from stormwater.law.villages import get_village

BAYVILLE = get_village("bayville")


def _answered(text):
    """The events of a conversation whose bot just answered the discharge question ``text``."""
    turn = answer(BAYVILLE, discharge_question(text), with_note=True)
    bot = [{"event": "bot", "data": {"custom": r.custom}} for r in turn.replies if r.custom]
    return [{"event": "user", "text": text}] + bot


def _refused():
    """A conversation whose last discharge answer was "Not allowed" under a rule with alternatives."""
    for text in ("can I dump motor oil in the storm drain", "can I hose paint into the drain"):
        events = _answered(text)
        custom = events[-1]["data"]["custom"] if len(events) > 1 else {}
        if custom.get("verdict") == "prohibited" and custom.get("basis") == "rule":
            return events
    raise AssertionError("no refused discharge to follow up")


def test_what_is_allowed_instead_follows_a_refusal_only():
    events = _refused()
    turn = what_instead(BAYVILLE, "how do I get rid of it then?", events)
    assert turn is not None and turn.slots == [("pending_question", None)] and not turn.noted
    assert what_instead(BAYVILLE, "how do I get rid of it then?", []) is None
    assert what_instead(BAYVILLE, "thanks", events) is None


def test_someone_elses_discharge_keeps_the_rule_and_offers_to_report_it():
    events = _answered("can I drain my pool into the street")
    turn = someone_elses(BAYVILLE, "no it's my neighbor's", events, with_note=True)
    assert turn is not None and turn.noted and dict(turn.slots)["offer"].startswith("report:")
    assert someone_elses(BAYVILLE, "no it's my neighbor's", [], with_note=True) is None
    assert someone_elses(BAYVILLE, "can I wash my car", events, with_note=True) is None


def test_a_bare_no_to_a_question_no_longer_open_gets_the_fallback():
    question = {"kind": "discharge", "keys": [], "bare_denial": True}
    turn = instead_of_answer(BAYVILLE, question, "no", [])
    assert [r.response for r in turn.replies] == ["utter_fallback"] and turn.slots == []
    assert instead_of_answer(BAYVILLE, discharge_question("can I drain my pool"), "can I drain my pool", []) is None


def test_a_topic_question_is_the_topic_unless_a_verdict_comes_first():
    named = discharge_question("what is the fine")
    assert topic_question("penalties", named, BAYVILLE) == {"kind": "topic", "topic": "penalties"}
    assert topic_turn(BAYVILLE, "no_such_topic", named, with_note=True) is None
    topic = next(iter(BAYVILLE.topics))
    assert topic_turn(BAYVILLE, topic, named, with_note=True).replies


def test_a_fines_question_about_washing_a_work_truck_at_home_gets_the_car_wash_verdict_then_the_fines():
    from stormwater.dialogue.law_followups import topic_turn
    from stormwater.dialogue.law_questions import discharge_question
    from stormwater.law.villages import get_village

    named = discharge_question("i take the company truck home at night. can i get fined for washing it in my driveway?")
    turn = topic_turn(get_village("poquott"), "penalties", named, True)
    customs = [r.custom or {} for r in turn.replies]
    answers = [c for c in customs if c.get("type") == "discharge_answer"]
    assert [(a["discharge"], a["verdict"]) for a in answers] == [("car_wash_residential", "allowed")]
    assert customs[-1].get("type") == "law_answer" and customs[-1].get("topic") == "penalties"


def test_its_salt_water_after_a_pool_answer_answers_the_pool_again_with_salt_not_named():
    events = _answered("can I drain my pool to the street")
    for slug, verdict in (("bayville", "conditional"), ("poquott", "prohibited")):
        turn = what_instead(get_village(slug), "its salt water", events)
        assert turn is not None
        answers = [r.custom for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
        assert [(a["discharge"], a["verdict"]) for a in answers] == [("pool_water", verdict)]
        notes = [r for r in turn.replies if r.response == "utter_not_named_note"]
        assert notes and "salt" in notes[0].values["note"]
    # a message that names a discharge of its own is a new question, not a follow-up
    assert what_instead(BAYVILLE, "what about motor oil", events) is None


def test_asking_whether_a_release_breaks_the_law_gets_its_verdict_before_the_remedies():
    # heard as the remedies topic ("any condition that violates ... is a public nuisance"), but
    # it asks whether this discharge is allowed: the reader's verdict first, by category
    named = discharge_question("a wall of foam from the hangar's suppression system ran down the storm drains, isn't that a violation?")
    customs = [r.custom or {} for r in topic_turn(BAYVILLE, "remedies", named, True).replies]
    assert customs[0].get("type") == "discharge_answer" and customs[0]["verdict"] == "prohibited"
    assert any(c.get("type") == "law_answer" and c.get("topic") == "remedies" for c in customs)
    # a remedies question that asks no verdict stays the remedies
    plain = discharge_question("what can the village do about a violation")
    assert topic_question("remedies", plain, BAYVILLE) == {"kind": "topic", "topic": "remedies"}


def test_asking_leave_to_pile_flood_debris_on_a_drain_gets_the_solid_waste_verdict_first():
    named = discharge_question("after the storm can we stack the ruined sheetrock on the catch basin till pickup?")
    customs = [r.custom or {} for r in topic_turn(BAYVILLE, "remedies", named, True).replies]
    assert customs[0].get("type") == "discharge_answer" and (customs[0]["discharge"], customs[0]["verdict"]) == ("trash", "prohibited")


def test_a_fines_or_emergency_question_about_what_the_reader_finds_gets_its_verdict_first():
    POQUOTT = get_village("poquott")
    gritty = discharge_question("we swept the roof and the grit from the shingles washed into the catch basin, can we get fined?")
    customs = [r.custom or {} for r in topic_turn(POQUOTT, "penalties", gritty, True).replies]
    assert (customs[0].get("discharge"), customs[0].get("verdict")) == ("sediment", "prohibited")  # § 132-3 "rock, sand"
    assert any(c.get("topic") == "penalties" for c in customs)
    flooded = discharge_question("the garage took on floodwater, may I pump it out to the road?")
    customs = [r.custom or {} for r in topic_turn(BAYVILLE, "emergency_discharges", flooded, True).replies]
    assert customs[0].get("type") == "discharge_answer" and customs[0]["verdict"] != "prohibited"
    # the law's own word is no material: the topic answers
    for text in ("what counts as an emergency discharge?", "is an emergency discharge allowed without approval?"):
        assert topic_question("emergency_discharges", discharge_question(text), BAYVILLE)["kind"] == "topic"


def test_a_fact_denied_after_an_answer_answers_that_discharge_again():
    # "no chlorine in it" adds what is not in the water: read with the discharge just answered
    events = _answered("can I empty my hot tub onto the road")
    turn = what_instead(BAYVILLE, "it sat out all week so there's no chlorine left", events)
    assert turn is not None
    answers = [r.custom for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
    assert [a["discharge"] for a in answers] == ["hot_tub_water"]
    # a long message is a question of its own, not a fact added
    long = "it sat out all week so there's no chlorine left, and the cover has been on it the whole month long too"
    assert what_instead(BAYVILLE, long, events) is None


def test_a_fact_denied_after_a_discharge_refused_by_name_says_the_answer_stands():
    # "no chemicals" after motor oil (an inform, not a question, on the live desk): no fallback
    events = _answered("can i pour used motor oil in the storm drain")
    for said in ("no chemicals", "theres no soap in it tho"):
        turn = what_instead(BAYVILLE, said, events)
        assert turn is not None and [r.response for r in turn.replies] == ["utter_denial_changes_nothing"], said
        assert "oil" in turn.replies[0].values["label"]
    # a fact that is in the water is read with it as before, and a question of its own is not this
    assert what_instead(BAYVILLE, "can i drain my pool", events) is None
    # a water refused for what is in it ("chlorinated" pool water): its absence may change the answer
    shocked = _answered("can i drain my pool to the street, i just shocked it")
    assert any((e.get("data") or {}).get("custom", {}).get("discharge") == "chlorinated_pool_water" for e in shocked)
    turn = what_instead(BAYVILLE, "ok no chlorine in it now", shocked)
    answers = [r.custom for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
    assert [(a["discharge"], a["verdict"]) for a in answers] == [("pool_water", "allowed")]  # dechlorinated: exempt
    turn = what_instead(get_village("poquott"), "ok no chlorine in it now", shocked)
    answers = [r.custom for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
    assert [(a["discharge"], a["verdict"]) for a in answers] == [("pool_water", "prohibited")]  # § 132-3 "pool water"


def _verdicts_and_topics(turn):
    return [(r.custom.get("discharge") or r.custom.get("topic"), r.custom.get("verdict")) for r in turn.replies if r.custom]


def test_a_permit_question_about_a_named_pipe_gets_its_verdict_then_the_permit_rules():
    # "can we keep using it?" asks whether that water may go; the permit rules follow in both villages
    text = "our new house has the footing drain piped into the storm sewer, may we keep it that way or do we need our own permit?"
    bayville = _verdicts_and_topics(topic_turn(BAYVILLE, "connection_permits", discharge_question(text), True))
    assert bayville[0][1] in ("conditional", "not_named") and bayville[-1] == ("connection_permits", None), bayville
    poquott = _verdicts_and_topics(topic_turn(get_village("poquott"), "connection_permits", discharge_question(text), True))
    assert poquott[0][1] is not None and poquott[-1] == ("connection_permits", None), poquott


def test_a_permit_question_that_names_no_discharge_gets_the_permit_rules_alone():
    text = "how long does it take the village to approve a connection to the storm sewer?"
    assert _verdicts_and_topics(topic_turn(BAYVILLE, "connection_permits", discharge_question(text), True)) == [("connection_permits", None)]


@pytest.mark.parametrize("text", [
    "our plumber is going to pour some green tracer dye down the yard drain to find where it comes out, do we have to tell somebody?",
    "i'd like to run dye through the basement sump line to see if it ends up at the curb. need permission?",
    "the contractor will flush fluorescent dye into the downspout tomorrow to trace it, anything we have to do first",
])
def test_a_dye_test_told_as_done_or_planned_gets_the_dye_test_verdict(text):
    for slug in ("bayville", "poquott"):
        turn = topic_turn(get_village(slug), "dye_testing", discharge_question(text), True)
        answers = [r.custom for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
        assert [(a["discharge"], a["verdict"]) for a in answers] == [("dye_test", "conditional")], slug


@pytest.mark.parametrize("text", ["what is a dye test?", "whats dye testing", "how does dye testing work"])
def test_asking_what_a_dye_test_is_still_gets_the_topics_passage(text):
    turn = topic_turn(BAYVILLE, "dye_testing", discharge_question(text), True)
    customs = [r.custom or {} for r in turn.replies]
    assert not [c for c in customs if c.get("type") == "discharge_answer"]
    assert any(c.get("type") == "law_answer" and c.get("topic") == "dye_testing" for c in customs)


@pytest.mark.parametrize("text", ["can i dump leftover tie dye in the drain?", "we tint the pond and drain it after, would that count as dye testing?"])
def test_dye_that_is_no_test_gets_no_dye_test_badge(text):
    turn = topic_turn(BAYVILLE, "dye_testing", discharge_question(text), True)
    answers = [r.custom for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
    assert all(a["discharge"] != "dye_test" for a in answers)


def test_a_fact_added_after_a_not_named_answer_reads_the_question_again():
    """The lead's trial: "no chemicals" after a "not named" got "Sorry, I'm not sure I understood"."""
    events = _answered("we wash the kids toys on the lawn and it runs to the drain, ok?")
    assert events[-1]["data"]["custom"]["discharge"] is None
    turn = what_instead(BAYVILLE, "no chemicals", events)
    assert turn is not None
    answers = [r.custom for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"]
    assert [a["verdict"] for a in answers] == ["not_named"]  # the text still names no such water
    # nothing answered before: nothing to read again
    assert what_instead(BAYVILLE, "no chemicals", [{"event": "user", "text": "hello"}]) is None


@pytest.mark.parametrize("text", ["what about boiling water from the canner", "how about 170 degree water, just water", "and what about the hot water from the urn"])
def test_what_about_a_thing_no_list_names_is_a_new_question_not_what_the_last_one_holds(text):
    # after paint refused, "what about boiling water" asks about the hot water, not paint with heat in it
    assert what_instead(get_village("poquott"), text, _answered("can I hose paint into the drain")) is None


def test_what_if_it_holds_something_still_follows_the_last_answer():
    turn = what_instead(BAYVILLE, "what if its salt water", _answered("can I drain my pool to the street"))
    assert turn is not None
    assert [r.custom["discharge"] for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"] == ["pool_water"]


@pytest.mark.parametrize("text", ["what about if its dechlorinated", "how about with no chlorine in it"])
def test_what_about_a_fact_of_the_last_water_still_follows_the_last_answer(text):
    turn = what_instead(BAYVILLE, text, _answered("can I drain my pool to the street"))
    assert turn is not None
    assert [r.custom["discharge"] for r in turn.replies if (r.custom or {}).get("type") == "discharge_answer"] == ["pool_water"]
