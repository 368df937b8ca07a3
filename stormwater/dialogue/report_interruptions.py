"""A question asked in the middle of a report: which intents are questions about the law, which
of them a rule of ``bot/rules.yml`` answers mid-form (the form steps aside), and which answer
the form gives itself to the rest (no Rasa; ``tests/dialogue`` holds the lists to the rules)."""
from __future__ import annotations

LAW_INTENTS = frozenset({
    "ask_discharge", "ask_penalties", "ask_appeals", "ask_dye_testing", "ask_septic", "ask_connection_permits",
    "ask_floor_drains", "ask_illicit_connections", "ask_emergency_discharges", "ask_spdes_permits",
    "ask_alternative_remedies", "ask_spill_rules", "ask_ms4", "ask_smo", "ask_enforcement", "ask_remedies",
    "ask_responsibilities", "ask_definitions", "ask_contact", "ask_human",
})
# These intents have rules that answer them mid-form (bot/rules.yml): the form steps aside.
RULE_INTERRUPTIONS = LAW_INTENTS - {"ask_discharge", "ask_dye_testing", "ask_septic", "ask_floor_drains", "ask_illicit_connections"}

DISCHARGE, CONTACT, TOPIC = "discharge", "contact", "topic"


def mid_report_answer(intent: str) -> str:
    """What answers a question the form itself answers: a discharge question (also whatever
    NLU heard as no question about the law), the contacts, or the law topic of the intent."""
    if intent == "ask_discharge" or intent not in LAW_INTENTS:
        return DISCHARGE
    if intent in ("ask_contact", "ask_human"):
        return CONTACT
    return TOPIC
