"""Issue 32: one concise filed message: the reference, then the notice and the letter in the
order the resident must do them, deadlines said as "today" or "tomorrow" where true, the
letter's link once."""
from datetime import date

import pytest
import yaml

from stormwater.law.deadline_words import day_words
from stormwater.dialogue.replies import report_replies
from stormwater.dialogue.guided_report import Assessment
from stormwater.reports.ticket_store import file_ticket
from stormwater.store.paths import REPO_ROOT

RESPONSES = yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text())["responses"]


@pytest.mark.parametrize(
    "today, said",
    [
        (date(2026, 12, 1), "today, Tuesday, December 1, 2026"),
        (date(2026, 11, 30), "tomorrow, Tuesday, December 1, 2026"),
        (date(2026, 11, 27), "Tuesday, December 1, 2026"),
        (None, "Tuesday, December 1, 2026"),
    ],
)
def test_a_deadline_today_or_tomorrow_says_so(today, said):
    assert day_words("Tuesday, December 1, 2026", date(2026, 12, 1), today) == said


def test_the_filed_message_is_one_with_the_steps_in_order_and_the_letter_once(db, bayville):
    ticket = file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=False, fields={},
                         location="12 Main St", notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4))
    assessment = Assessment((), False, ticket.notify_by, ticket.written_by, False)
    replies = report_replies(bayville, ticket, assessment, "", lambda token: f"https://help.example.org/letters/{token}",
                             today=date(2026, 11, 30))
    assert [r.response for r in replies] == ["utter_report_filed_steps"]
    text = RESPONSES["utter_report_filed_steps"][0]["text"].format(**replies[0].values)
    assert text.startswith(f"Your report is filed. Reference: {ticket.reference}, check code {ticket.status_check}.")
    assert "1. Notify the Stormwater Management Officer (SMO)" in text and "no later than tomorrow, Tuesday, December 1, 2026" in text
    assert text.index("does not replace the notice") < text.index("1. Notify") < text.index("2. After") < text.index("/letters/")
    assert text.count("/letters/") == 1 and replies[0].custom["reference"] == ticket.reference


def test_a_bystanders_hazardous_filing_says_only_what_applies_to_them(db, bayville):
    ticket = file_ticket(db, village="bayville", kind="illicit_discharge", channel="web", hazardous=True, fields={},
                         location="Main St")
    replies = report_replies(bayville, ticket, Assessment(("paint",), True, None, None, False), "the spill rules",
                             lambda token: token)
    assert [r.response for r in replies] == ["utter_report_filed", "utter_report_hazardous_seen"]
    said = RESPONSES["utter_report_hazardous_seen"][0]["text"]
    assert "911" in said and "1-800-457-7362" in said and "record" not in said
