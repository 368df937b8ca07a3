"""A message the classifier abstained on that tells of a discharge seen starts the report."""
import pytest

from stormwater.dialogue.unheard_report import names_a_discharge, tells_of_a_discharge


@pytest.mark.parametrize("text", [
    "somebody dumped a bunch of paint cans by the catch basin on Elm St and theyre leaking",
    "theres oily water flowing out of the body shop on Oak Rd into the gutter",
    "a guy is draining something blue into the storm drain behind the library",
])
def test_a_discharge_seen_with_a_place_is_a_report(text):
    assert tells_of_a_discharge(text)


@pytest.mark.parametrize("text", [
    "blorp", "thanks a lot", "what are the penalties",
    "can I dump my mop water in the drain on Elm St?",
    "my neighbor keeps dumping leaves in the drain, is that legal",
    "the drain on Elm St is clogged with leaves",  # a blocked drain: no discharge told
    "the gutter is leaking at my house",  # a fixture's own leak: a repair
    "someone is dumping stuff",  # nothing says where
])
def test_other_unclear_messages_are_not_reports(text):
    assert not tells_of_a_discharge(text)


def test_a_discharge_the_vocabulary_names_is_answered():
    assert names_a_discharge("a plumber's dye test") and not names_a_discharge("blorp")
