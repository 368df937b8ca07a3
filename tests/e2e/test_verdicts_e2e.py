"""A quality floor: held-out resident questions get their village's verdict from the real services.

The full set (tests/verdict_questions/, 150+ per village) is measured by bench/verdicts.py;
here a fixed sample of it guards against a model or data change that breaks understanding.
"""
import pytest

from bench.verdicts import ask_all, load_questions, sample

pytestmark = pytest.mark.services

SAMPLE_PER_VILLAGE = 30
ACCURACY_FLOOR = 0.95


@pytest.mark.parametrize("village", sorted(load_questions()))
def test_sampled_questions_get_the_ordinance_verdict(base_url, village):
    questions = sample(load_questions(), SAMPLE_PER_VILLAGE)[village]
    outcomes = ask_all(base_url, questions, concurrency=2)
    misses = [(o.question.text, o.question.discharge, o.question.verdict, o.got, o.reply) for o in outcomes if not o.right]
    accuracy = 1 - len(misses) / len(outcomes)
    assert len(outcomes) == SAMPLE_PER_VILLAGE
    assert accuracy >= ACCURACY_FLOOR, misses
