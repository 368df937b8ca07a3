"""Out of scope, unless the message answers the clarifying question just asked (issue 27)."""
from actions.out_of_scope import ActionOutOfScope
from tests.actions.conftest import make_tracker
from tests.actions.test_law_actions import asked, badges, slot


def test_a_typed_answer_read_as_out_of_scope_answers_the_question(run):
    state = {"clarify": "car_wash_owner", "clarify_key": "car_wash_residential", "asked": "car wash in the lot?", "tries": 1}
    text = "the youth soccer team is raising money"
    messages, events = run(ActionOutOfScope(), make_tracker(text, "out_of_scope", [], "bayville", slots={"clarifying": state}, events=asked("car_wash_owner", text)))
    assert badges(messages) == [("car_wash_commercial", "prohibited")]
    assert slot(events, "clarifying") == [None]


def test_out_of_scope_with_no_question_waiting_says_what_the_desk_does(run):
    messages, events = run(ActionOutOfScope(), make_tracker("when is garbage pickup", "out_of_scope", [], "bayville"))
    assert [m["response"] for m in messages] == ["utter_out_of_scope"]
    assert slot(events, "clarifying") == []
