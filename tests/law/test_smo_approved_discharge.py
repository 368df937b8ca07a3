"""A discharge no exemption covers, said to be approved in writing by the SMO to protect life or
property, gets the texts' own exception (Bayville § 63A-5B(2); Poquott, Discharge prohibitions,
Subsection A(2)): allowed only as the approval says, for its time and on its conditions (issue
27: an approval the resident names is read, not ignored). Wording is this file's own."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import get_village
from stormwater.understanding.discharge_reader import read_facets


def answered(slug, text):
    question = discharge_question(text)
    key = (question["keys"] or [None])[0]
    answer = answer_discharge(get_village(slug), key, text)
    return answer.discharge, answer.verdict, " ".join(passage.quote for passage in answer.passages)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "the creek backed up into our garage and the SMO signed off in writing on pumping it to the catch basin for two days. we're good?",
    "water main broke under the house, the village gave us written permission to pump the crawlspace out to the gutter drain, fine?",
])
def test_a_written_approval_of_the_smo_gets_the_texts_exception(slug, text):
    discharge, verdict, quote = answered(slug, text)
    assert (discharge, verdict) == ("smo_approved_discharge", "conditional")
    assert "approved in writing by the SMO" in quote


@pytest.mark.parametrize("text", [
    "my landlord gave us a written ok to pump the flooded garage into the street drain",  # not the SMO
    "the village wrote us that we may not pump the garage into the street drain",  # no approval word
    "do we need written approval from the smo to pump the garage out to the street?",  # asked for
    "the smo never gave us written approval, can we pump the garage to the street",  # denied
])
def test_no_approval_of_the_smo_is_read_where_none_is_said_held(text):
    assert "emergency_approval" not in read_facets(text).permits


def test_the_approval_is_read_only_where_the_smo_or_village_is_in_its_sentence():
    said = "the stormwater officer came out. he gave us a written ok for the pump hose to run to the drain"
    assert "emergency_approval" not in read_facets(said).permits
    assert "emergency_approval" in read_facets("the stormwater officer gave us a written ok to run the hose to the drain").permits
