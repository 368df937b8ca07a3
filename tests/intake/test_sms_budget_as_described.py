"""The "Allowed, as you describe it" answers (issue 27) keep the first text message's budget:
their headline, the 911 line, the offer and the not-legal-advice line fit it."""
import pytest

from stormwater.dialogue.replies import discharge_replies
from stormwater.intake.sms_text import to_gsm7
from stormwater.intake.sms_turns import plan_turn
from stormwater.law.knowledge import answer_discharge
from stormwater.understanding.catalogue import load_catalogue
from tests.intake.test_sms_budget import DOMAIN, MORE, VILLAGES, check_part, fill, realistic_values

# words that vouch for each kind of fact a rule's condition may rest on (a stream's diversion is
# vouched for by its age: "piped decades ago")
VOUCHING = "{label}: the water is clear and clean, nothing in it, and it is dechlorinated, no chlorine"
VOUCHING_OLD_STREAM = "{label}: the brook was piped into the storm sewer decades ago, the water is clear and clean, nothing in it"
VOUCHED = [(slug, key) for slug, village in VILLAGES.items() for key, rule in village.rules.items() if rule.vouched_by]


def test_some_rules_can_be_vouched_for():
    assert len(VOUCHED) >= 3


@pytest.mark.parametrize("slug, key", VOUCHED)
def test_an_answer_as_described_fits_the_first_text(slug, key):
    village = VILLAGES[slug]
    vouching = VOUCHING_OLD_STREAM if ("water", ("existing_stream",)) in village.rules[key].vouched_by else VOUCHING
    replies = discharge_replies(answer_discharge(village, key, vouching.format(label=load_catalogue()[key].label)))
    assert replies[0].custom["verdict"] == "allowed"
    values = dict(realistic_values(village), **replies[0].values)
    verdict = to_gsm7(fill(DOMAIN[replies[0].response][-1]["text"], values))
    safety = to_gsm7(DOMAIN["utter_spill_safety_with_answer"][0]["text"])
    question = "Want village staff to look into it? You can report it.\nReply 1 for Report it."
    turn = plan_turn([verdict, safety], question, more_hint=MORE)
    check_part(turn.text)
    assert turn.text.startswith(values["headline"]) and "as you describe it" in turn.text
    assert "not legal advice" in turn.text
