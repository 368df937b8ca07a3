"""A question about the law answered as a turn, and the answer to a clarifying question."""
from stormwater.dialogue.law_questions import discharge_question
from stormwater.dialogue.law_turns import LawTurn, answer, clarified
from stormwater.law.villages import get_village

BAYVILLE = get_village("bayville")


def test_a_discharge_answer_ends_with_the_legal_note_and_may_offer_a_person():
    turn = answer(BAYVILLE, discharge_question("can I drain my pool into the street"), with_note=True)
    assert turn.noted and turn.replies and [k for k, _ in turn.slots] == ["offer"]


def test_someone_elses_discharge_leaves_the_offer_to_report_it():
    question = {**discharge_question("my neighbor is draining his pool into the street"), "about_others": True}
    turn = answer(BAYVILLE, question, with_note=True)
    assert dict(turn.slots)["offer"].startswith("report:")


def test_a_topic_the_village_file_lacks_gets_the_default_reply_without_the_note():
    turn = answer(BAYVILLE, {"kind": "topic", "topic": "no_such_topic"}, with_note=True)
    assert [r.response for r in turn.replies] == ["utter_default"] and not turn.noted


def test_a_clarifying_question_waits_in_the_slot_and_is_answered_by_a_choice():
    turn = answer(BAYVILLE, discharge_question("car wash"), with_note=True)
    state = dict(turn.slots)["clarifying"]
    assert state["tries"] == 1 and state["clarify"] == "car_wash_owner" and not turn.noted
    asked = {"event": "bot", "metadata": {"utter_action": "utter_clarify_car_wash_owner"}}
    events = [{"event": "user", "text": "car wash"}, asked, {"event": "user", "text": "purple"}]
    again = clarified(state, "purple", events)
    assert isinstance(again, LawTurn) and dict(again.slots)["clarifying"]["tries"] == 2
    assert clarified({**state, "tries": 2}, "purple", events) is None  # asked twice: read afresh
    assert clarified(None, "yes", []) is None


def test_nothing_is_clarified_when_the_question_was_not_the_bots_last_words():
    state = {"clarify": "car_wash_owner", "clarify_key": "car_wash_residential", "tries": 1}
    assert clarified(state, "yes", [{"event": "user", "text": "yes"}]) is None


def test_can_i_get_fined_for_it_asked_as_a_discharge_question_gets_the_verdict_then_the_fines_once():
    from stormwater.dialogue.law_followups import topic_turn
    from stormwater.dialogue.law_questions import discharge_question
    from stormwater.law.villages import get_village

    bayville = get_village("bayville")
    question = discharge_question("could we be fined for hosing motor oil off the driveway into the drain?")
    kinds = [(r.custom or {}).get("type") for r in answer(bayville, question, True).replies]
    assert kinds[0] == "discharge_answer" and kinds.count("law_answer") == 1 and kinds[-1] == "law_answer"
    # asked with the penalties intent, the fines still come once
    kinds = [(r.custom or {}).get("type") for r in topic_turn(bayville, "penalties", question, True).replies]
    assert kinds.count("law_answer") == 1
    assert "law_answer" not in [(r.custom or {}).get("type") for r in answer(bayville, discharge_question("can I drain my pool"), True).replies]


def test_a_pollutant_in_a_pool_does_not_show_the_pools_only_if_badge_beside_its_not_allowed():
    from stormwater.dialogue.meaning_replies import answer_replies
    from stormwater.understanding.meaning import read_question

    text = "they scrubbed the pool walls with muriatic acid, can the acid rinse water go to the street?"
    reading = read_question(text)
    replies, _ = answer_replies(get_village("bayville"), reading.key, text, reading.keys[1:4])
    verdicts = [r.custom["verdict"] for r in replies if (r.custom or {}).get("type") == "discharge_answer"]
    assert verdicts and "conditional" not in verdicts and verdicts[0] == "prohibited"


def test_no_question_when_what_is_in_the_water_gives_every_choice_the_same_verdict():
    from stormwater.dialogue.law_questions import discharge_question
    from stormwater.law.villages import get_village

    # air conditioner or furnace: with a biocide in it neither exemption is the answer (§ 63A-5B(1)
    # "unless they are subsequently determined to be substantial contributors of pollutants")
    treated = discharge_question("the hvac tech put an algaecide in the condensate pan, the line drains to the street, ok?")
    assert treated.get("clarify") == "condensate_source"
    plain = discharge_question("the hvac condensate line drips on the driveway, ok?")
    for slug in ("bayville", "poquott"):
        village = get_village(slug)
        customs = [r.custom for r in answer(village, treated, with_note=True).replies if r.custom]
        assert customs[0]["type"] == "discharge_answer" and customs[0]["verdict"] == "not_named"
        # nothing said in the water: the appliance decides (AC condensate exempt, a furnace's not named)
        turn = answer(village, plain, with_note=True)
        assert turn.replies[0].response == "utter_clarify_condensate_source"


def _asked(question):
    return [{"event": "bot", "metadata": {"utter_action": f"utter_clarify_{question}"}}, {"event": "user", "text": "x"}]


def test_a_deciding_fact_typed_answers_the_clarifying_question():
    state = {"clarify": "water_contents", "clarify_key": "sump_pump", "asked": "the sump pump water smells funny", "tries": 1}
    assert clarified(state, "we add a little bleach", _asked("water_contents"))["keys"] == ["contaminated_sump_pump"]
    owner = {"clarify": "car_wash_owner", "clarify_key": "car_wash_residential", "asked": "car wash in the lot?", "tries": 1}
    assert clarified(owner, "its the shop's truck", _asked("car_wash_owner"))["keys"] == ["car_wash_commercial"]


def test_a_new_question_typed_at_the_clarifying_question_is_read_afresh():
    state = {"clarify": "water_contents", "clarify_key": "sump_pump", "asked": "the sump pump water smells funny", "tries": 1}
    assert clarified(state, "can i drain my pool?", _asked("water_contents")) is None
    # nothing decided: the question again, with its buttons
    again = clarified(state, "hmm what", _asked("water_contents"))
    assert isinstance(again, LawTurn) and again.replies[0].buttons
