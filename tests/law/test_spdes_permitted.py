"""A discharge no exemption covers, said to run under a state SPDES permit the discharger holds,
gets the texts' own exception (Bayville § 63A-5B(4); Poquott, Discharge prohibitions,
Subsection A(4)): allowed only in full compliance and with written approval, never a plain "not
allowed" that ignores the permit (issue 27: "a named DEC permit went unused")."""
import pytest

from stormwater.dialogue.law_questions import discharge_question
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import get_village


def answered(slug, text):
    question = discharge_question(text)
    key = (question["keys"] or [None])[0]
    answer = answer_discharge(get_village(slug), key, text)
    return answer.verdict, " ".join(passage.quote for passage in answer.passages)


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize("text", [
    "the fish farm cleans its tanks and the dirty water full of fish waste goes to the ditch. they say they have a state permit, ok?",
    "the plant dumps its process water in the storm drain, they hold a SPDES permit for it, is that legal?",
    # the permit by its name spelled out
    "the concrete plant has a state discharge permit for its washout water, can it go to the road drain now?",
    "their rinse water is covered under the state pollutant discharge elimination system, so the storm drain is fine?",
])
def test_a_held_permit_gets_the_texts_exception(slug, text):
    verdict, quote = answered(slug, text)
    assert verdict == "conditional"
    assert "SPDES permit" in quote and "written approval" in quote


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_a_permit_asked_about_changes_nothing(slug):
    asked = answered(slug, "do they need a state permit to dump process water in the storm drain?")
    plain = answered(slug, "can they dump process water in the storm drain?")
    assert asked[0] == plain[0]


def test_a_permit_does_not_replace_an_exemptions_own_condition():
    # Bayville lets dechlorinated pool water through: the permit changes nothing of that rule
    verdict, quote = answered("bayville", "can i drain my pool into the street, i have a dec permit")
    assert verdict == "conditional" and "dechlorinated" in quote
