"""The report form's state read from the conversation, and its question which village."""
from stormwater.dialogue.report_form_state import form_state, petroleum_line_said, village_answer

PETROLEUM = {"event": "bot", "metadata": {"utter_action": "utter_spill_petroleum_state_law"}}


def test_the_state_holds_the_kind_the_answers_so_far_and_the_retry():
    state = form_state("location", {"report_kind": "spill", "location": None, "report_retry": "amount"}, [PETROLEUM])
    assert state.asked == "location" and state.kind == "spill" and state.retry == "amount"
    assert "location" in state.filled and state.petroleum_said
    assert form_state("location", {}, []).kind == "spill" and not form_state("location", {}, []).petroleum_said


def test_the_petroleum_line_counts_only_when_the_bot_said_it():
    assert petroleum_line_said([PETROLEUM])
    assert not petroleum_line_said([{"event": "user", "metadata": {"utter_action": "utter_spill_petroleum_state_law"}}])


def test_a_village_is_read_as_typed_or_from_its_entity_else_the_villages_are_listed():
    assert village_answer("Bayville", []) == ("bayville", [])
    assert village_answer("the one by the water", ["Poquott"]) == ("poquott", [])
    slug, replies = village_answer("Springfield", [])
    assert slug is None and replies[0].response == "utter_unknown_village" and "Bayville" in replies[0].values["village_list"]


def test_the_time_already_given_reaches_the_reader_so_a_later_part_of_that_day_keeps_its_hour():
    slots = {"report_kind": "spill", "discovered": "this morning around 8", "discovered_at": "2026-10-19T08:00:00-04:00"}
    assert form_state("amount", slots, []).filled["discovered_at"] == "2026-10-19T08:00:00-04:00"
    assert "discovered_at" not in form_state("amount", {"report_kind": "spill"}, []).filled
