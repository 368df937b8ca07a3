"""Whose doing a question tells of (whose_doing.someone_elses): a word of another person makes
it somebody else's, to report, unless the resident has a stake of their own in it (asks leave
for themselves, plans it, hired the one doing it, or did it). Found trying the desk as a
resident would: "soak them" and "the plumber we hired" offered a report and the 911 line on the
resident's own question."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.understanding.meaning import read_question


@pytest.mark.parametrize("text", [
    "i soak the brushes in thinner and then rinse them at the curb, is that ok?",
    "the plumber we hired is flushing the new water line into the street, is that ok",
    "our landscaper wants to pipe the french drain straight into the storm drain. allowed?",
    "the floor guys refinishing our living room washed their buckets out at the curb, is that a problem?",
    "my dad drains his dehumidifier bucket in the gutter, can we keep doing that?",
    "hired a window cleaner and he lets the rinse water run to the street, fine?",
    "we're planning to let them drain the old heating oil tank water into the storm drain",
])
def test_the_residents_own_question_is_no_report_of_someone_else(text):
    assert not read_question(text).about_others
    assert not discharge_question(text).get("about_others")


@pytest.mark.parametrize("text", [
    "my neighbor is pumping his pool into the street",
    "my neighbor drains his pool into the road, should i report it?",
    "my neighbor drains his pool into the road, can i report him?",
    "they are dumping paint in the drain on main st",
    "the builder next door has a pump in the foundation hole and the hose goes to the drain in front of my house",
    "the landscapers across the street blow all the clippings into the storm drain, can they do that?",
    # "we had" a storm hires no one; "do i need" to act asks no leave to let anything out
    "we had a big storm and my neighbors pool overflowed into the street",
    "my neighbor dumps paint in the drain, do i need to do anything?",
])
def test_someone_elses_discharge_is_still_theirs(text):
    assert read_question(text).about_others
