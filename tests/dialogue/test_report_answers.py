"""One message while the report form waits: what it fills, what is said back, the retries."""
from datetime import datetime
from zoneinfo import ZoneInfo

from stormwater.dialogue.report_answers import ANSWER_QUESTION, STEP_ASIDE, FormState, confirm_answer, read_answer
from stormwater.dialogue.guided_report import MAX_ANSWER_CHARS, questions_for
from stormwater.dialogue.report_filing import ticket_fields

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))


def state(asked, retry=None, **filled):
    return FormState(asked, "spill", {s: filled.get(s) for s in questions_for("spill")}, retry)


def said(turn):
    return [r.response for r in turn.replies]


def test_an_answer_fills_its_field_and_ends_a_retry():
    turn = read_answer(state("amount", retry="amount"), "about 5 gallons", "inform", NOW)
    assert dict(turn.slots)["amount"] and ("report_retry", None) in turn.slots and turn.then is None


def test_an_unclear_answer_is_asked_again_once_then_kept_as_said():
    first = read_answer(state("responsible"), "purple", "inform", NOW)
    assert ("responsible", None) in first.slots and ("report_retry", "responsible") in first.slots and said(first) == []
    second = read_answer(state("responsible", retry="responsible"), "purple", "inform", NOW)
    assert ("responsible", "unsure") in second.slots and ("report_retry", None) in second.slots
    assert said(second) == ["utter_kept_as_said"] and second.replies[0].values["value"] == "not sure"


def test_the_read_back_answers_file_or_ask_which_field_to_change():
    assert confirm_answer("yes", None) == [("confirm", "yes"), ("report_retry", None)]
    assert confirm_answer("yes", "confirm_change") == [("confirm", None), ("report_retry", None)]
    assert confirm_answer("no", None) == [("confirm", None), ("report_retry", "confirm_change")]
    assert confirm_answer(None, None) == [("confirm", None), ("report_retry", "confirm")]
    assert confirm_answer(None, "confirm") == [("confirm", None), ("report_retry", "confirm_change")]


def test_dont_contact_me_takes_the_phone_off_and_keeps_the_answer_given_with_it():
    turn = read_answer(state("reporter_name"), "Pat Lee, please don't contact me", "inform", NOW)
    slots = dict(turn.slots)
    assert said(turn) == ["utter_no_contact_noted"]
    assert slots["reporter_phone"] == "none" and slots["no_contact"] is True and slots["reporter_name"] == "Pat Lee"


def test_leave_my_name_off_and_dont_call_me_answers_the_name_question_once():
    """The name question came back after each such answer, until the form gave up (found
    scoring the third blind typed set): "leave" is no yard waste, the refusal is the answer."""
    turn = read_answer(state("reporter_name", material="wet wood ash", hazard="no"),
                       "leave my name off and please dont call me", "inform", NOW)
    slots = dict(turn.slots)
    assert said(turn) == ["utter_no_contact_noted"]
    assert slots["reporter_name"] == "anonymous" and slots["reporter_phone"] == "none" and "material" not in slots


def test_too_long_an_answer_is_refused_with_the_limit():
    turn = read_answer(state("location"), "word " * MAX_ANSWER_CHARS, "inform", NOW)
    assert said(turn) == ["utter_answer_too_long"] and turn.slots == [("location", None)]


def test_a_question_mid_form_is_answered_or_left_to_its_rule():
    assert read_answer(state("amount"), "is it legal to drain my pool?", "ask_discharge", NOW).then == ANSWER_QUESTION
    assert read_answer(state("amount"), "what are the penalties?", "ask_penalties", NOW).then == STEP_ASIDE


def test_no_name_twice_files_without_a_name_and_still_asks_the_phone():
    """"idk" to the name question twice was kept and read back as the reporter's name."""
    second = read_answer(state("reporter_name", retry="reporter_name"), "idk", "inform", NOW)
    slots = dict(second.slots)
    assert slots["reporter_name"] == "not given" and second.replies[0].values["value"] == "not given"
    assert "reporter_phone" not in slots  # unlike "anonymous", the callback number is still asked
    odd_but_real = read_answer(state("reporter_name", retry="reporter_name"), "xq", "inform", NOW)
    assert dict(odd_but_real.slots)["reporter_name"] == "xq"  # a name the reader does not know is still kept


def test_no_twice_at_the_place_question_is_no_place():
    """Found trying the desk as a resident: "no" to "Where is it?" twice was noted as the place "no"."""
    second = read_answer(state("location", retry="location"), "no", "deny", NOW)
    assert dict(second.slots)["location"] == "not given" and second.replies[0].values["value"] == "not given"
    kept = read_answer(state("location", retry="location"), "the grate past the big oak", "inform", NOW)
    assert dict(kept.slots)["location"] != "not given"


def test_a_name_not_given_is_filed_as_no_name():
    class Assessed:
        hazardous, discharges, notify_by, written_by = False, (), None, None
    fields = ticket_fields("spill", {"reporter_name": "not given", "reporter_phone": "(516) 555-0101"}, Assessed, None, [])
    assert fields["reporter_name"] is None and fields["reporter_phone"] == "(516) 555-0101"


def test_other_fields_typed_at_the_business_question_are_no_suspected_source():
    """Trying the desk as a resident: "like a gallon" and "anonymous" typed at the business
    question were filed as who is doing it and as the business answer."""
    amount = read_answer(state("commercial", material="paint"), "like a gallon", "inform", NOW)
    assert dict(amount.slots)["amount"] == "like a gallon" and "suspected_source" not in dict(amount.slots)
    assert ("commercial", None) in amount.slots
    anonymous = read_answer(state("commercial", material="paint"), "anonymous", "inform", NOW)
    slots = dict(anonymous.slots)
    assert slots["reporter_name"] == "anonymous" and slots["commercial"] is None and "suspected_source" not in slots


def test_not_mine_at_the_hazard_question_leaves_the_hazard_open():
    turn = read_answer(state("hazard", material="paint", responsible="no"), "not mine", "inform", NOW)
    assert dict(turn.slots).get("hazard") is None
    oily = read_answer(state("hazard", material="some liquid", responsible="no"), "not mine but its oil", "inform", NOW)
    assert dict(oily.slots)["hazard"] == "yes"
