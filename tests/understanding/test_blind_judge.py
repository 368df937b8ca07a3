"""The blind bench's judge (bench.blind_unusual.judge): a clarifying question counts only where
its buttons are a clarifying question's choices. An offer to report, or a button asking about
another thing named, asks nothing of the discharge, so it makes no abstention right."""
from bench.blind_unusual import Case, judge

CASE = Case("zz001", "bayville", "a question", right=("conditional",), contradicting=("allowed",), clarify_ok=True)
NOT_NAMED = {"custom": {"type": "discharge_answer", "village": "bayville", "discharge": None, "verdict": "not_named"}}
REPORT_OFFER = {"text": "Want village staff to look into it? You can report it.",
                "buttons": [{"title": "Report it", "payload": "I want to report it"}]}
CLARIFY = {"text": "Is anything in the water?", "buttons": [
    {"title": "Yes, something is in it", "payload": "pool water with oil, soap, chemicals or sewage in it"},
    {"title": "No, it's clear water", "payload": "Clear pool water, nothing in it"}]}


def test_an_offer_to_report_is_no_clarifying_question():
    outcome = judge(CASE, [NOT_NAMED, REPORT_OFFER])
    assert not outcome.right and not outcome.contradicting


def test_a_clarifying_question_with_no_firm_verdict_is_right_where_the_item_allows_it():
    assert judge(CASE, [CLARIFY]).right


def test_a_contradicting_badge_beside_a_clarifying_question_is_still_contradicting():
    allowed = {"custom": {"type": "discharge_answer", "village": "bayville", "discharge": "x", "verdict": "allowed"}}
    outcome = judge(CASE, [allowed, CLARIFY])
    assert outcome.contradicting and not outcome.right
