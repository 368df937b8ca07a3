"""Issue 32: someone else's discharge told as it happens starts the report at once, with
safety, then the village's verdict in one line inside the report (no lesson before it)."""
import pytest
import yaml

from stormwater.dialogue import seen_report
from stormwater.understanding.meaning import read_question
from stormwater.dialogue.spill_route import ANSWER, REPORT, happening_now, route
from stormwater.understanding.source_words import source_from_answer, source_from_opening

from stormwater.store.paths import REPO_ROOT

RESPONSES = yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text())["responses"]
SMS_WORDING = yaml.safe_load((REPO_ROOT / "data/messages.yml").read_text())["sms_wording"]


def rendered(reply):
    return RESPONSES[reply.response][0]["text"].format(**reply.values)


@pytest.mark.parametrize(
    "text",
    [
        "someone is dumping paint into the storm drain on Main St",
        "my neighbor is pumping his pool into the street right now",
        "some guy dumpin paint in the drain on main st rn",
        "landscapers r blowing leaves into the storm drain on shore rd",
    ],
)
def test_someone_elses_discharge_going_on_now_starts_the_report(text):
    assert happening_now(text)
    assert route(text, read_question(text)) == REPORT


@pytest.mark.parametrize(
    "text",
    [
        "my neighbour dumps grease in the storm drain every night",
        "somebody keeps throwing grass clippings into the catch basin by the park",
        "the neighbor drained his pool into the street yesterday",
        "my neighbor was hosing paint into the gutter on Main St",
        "my neighbor is pumping his pool into the street, is that legal?",
    ],
)
def test_a_habit_a_past_discharge_or_a_question_gets_the_answer_first(text):
    assert route(text, read_question(text)) == ANSWER


def test_the_verdict_is_one_line_with_its_section_and_the_not_legal_advice_words(bayville, poquott):
    text = "someone is dumping paint into the storm drain on Main St"
    line = rendered(seen_report.start_reply(bayville, text))
    assert line.startswith("That is not allowed in Bayville: Bayville Code ch. 63A, § 63A-5A")
    assert "not legal advice" in line and "\n" not in line and "never mind" in line
    pool = rendered(seen_report.start_reply(bayville, "my neighbor is pumping his pool into the street right now"))
    assert pool.startswith("That is allowed in Bayville only if the pool water has been dechlorinated: "
                           "Bayville Code ch. 63A, § 63A-5B(1)")
    assert rendered(seen_report.start_reply(poquott, text)).startswith("That is not allowed in Poquott: Poquott Code ch. 132")


def test_nothing_named_gets_only_the_reports_start(bayville):
    assert seen_report.start_reply(bayville, "someone is dumping something in the drain").response == "utter_report_start"


def test_one_safety_message_carries_the_state_hotline_when_hazardous():
    paint = seen_report.safety_reply("someone is dumping paint into the storm drain")
    assert paint.response == "utter_spill_safety_seen_hazardous"
    assert "call 911" in RESPONSES[paint.response][0]["text"] and "1-800-457-7362" in RESPONSES[paint.response][0]["text"]
    assert seen_report.safety_reply("my neighbor is pumping his pool into the street").response == "utter_spill_safety"


def test_every_verdict_has_its_line_on_the_web_and_by_sms():
    for response in seen_report.VERDICT_RESPONSES.values():
        assert "not legal advice" in RESPONSES[response][0]["text"] and "not legal advice" in SMS_WORDING[response]


@pytest.mark.parametrize(
    "text, who",
    [
        ("my neighbor is pumping his pool into the street right now", "my neighbor"),
        ("the contractor at the hardware store is washing out concrete", "the contractor at the hardware store"),
        ("landscapers r blowing leaves into the drain", "landscapers"),
        ("someone is dumping paint into the storm drain on Main St", None),
        ("some guy dumpin paint in the drain", None),
        ("there is oil running down the gutter", None),
    ],
)
def test_the_opening_names_the_suspected_source_unless_it_is_nobody_in_particular(text, who):
    assert source_from_opening(text) == who


@pytest.mark.parametrize(
    "text, kept",
    [
        ("I think it's the contractor painting the hardware store", "I think it's the contractor painting the hardware store"),
        ("yes", None),
        ("no", None),
        ("not sure", None),
        ("yes it is", None),
    ],
)
def test_an_answer_about_the_site_keeps_the_residents_own_words(text, kept):
    assert source_from_answer(text) == kept


@pytest.mark.parametrize("text", ["no, it's a private home", "yes, a business", "nope its just a house"])
def test_an_answer_naming_only_the_kind_of_site_keeps_nothing(text):
    assert source_from_answer(text) is None


@pytest.mark.parametrize(
    "text, said",
    [
        ("I think it's the contractor painting the hardware store", True),
        ("probably the deli on Main St", True),
        ("a few gallons", False),
        ("not sure", False),
    ],
)
def test_the_source_said_at_any_question_is_recognised(text, said):
    from stormwater.understanding.source_words import says_who

    assert (says_who(text) == text) is said


@pytest.mark.parametrize(
    "text, now",
    [
        ("someone is dumping paint into the storm drain on Main St right now", True),
        ("some guy dumpin paint in the drain on main st rn", True),
        # going on, but since when is not said: the resident may have watched it since yesterday
        ("someone is dumping paint into the storm drain on Main St", False),
        ("landscapers r blowing leaves into the storm drain", False),
        ("I want to report someone dumping motor oil, it's coming out of a pipe", False),
        ("somebody keeps throwing grass clippings into the catch basin", False),
    ],
)
def test_only_words_saying_it_goes_on_this_moment_make_it_discovered_just_now(text, now):
    from stormwater.dialogue.spill_route import discovered_now

    assert discovered_now(text) is now
