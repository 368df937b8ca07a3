"""A question mid-report: the one list of law intents agrees with bot/rules.yml."""
from pathlib import Path

import yaml

from stormwater.dialogue.report_interruptions import (
    CONTACT, DISCHARGE, LAW_INTENTS, RULE_INTERRUPTIONS, TOPIC, mid_report_answer,
)

RULES = Path(__file__).resolve().parents[2] / "bot" / "rules.yml"
ANSWERING = {"action_answer_discharge", "action_answer_topic", "action_give_contact"}


def _rules():
    return yaml.safe_load(RULES.read_text(encoding="utf-8"))["rules"]


def _steps(rule):
    intents = [s["intent"] for s in rule.get("steps", []) if "intent" in s]
    actions = [s["action"] for s in rule.get("steps", []) if "action" in s]
    return intents, actions


def _mid_report(rule):
    return any(c.get("active_loop") == "report_form" for c in rule.get("condition") or [])


def test_the_law_intents_are_those_the_rules_answer_with_a_law_or_contact_action():
    answered = set()
    for rule in _rules():
        intents, actions = _steps(rule)
        if not _mid_report(rule) and actions and actions[0] in ANSWERING:
            answered.update(intents)
    assert LAW_INTENTS == answered


def test_the_form_steps_aside_exactly_for_the_intents_a_rule_answers_mid_report():
    mid_report = set()
    for rule in _rules():
        intents, actions = _steps(rule)
        if _mid_report(rule) and actions and actions[0] in ANSWERING:
            mid_report.update(intents)
    assert RULE_INTERRUPTIONS == mid_report
    assert RULE_INTERRUPTIONS < LAW_INTENTS


def test_a_question_the_form_answers_itself_goes_to_its_answer():
    assert mid_report_answer("ask_discharge") == DISCHARGE
    assert mid_report_answer("inform") == DISCHARGE  # NLU heard no law question: the words are read as one
    assert mid_report_answer("ask_human") == CONTACT and mid_report_answer("ask_contact") == CONTACT
    assert mid_report_answer("ask_septic") == TOPIC
