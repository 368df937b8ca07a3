"""A question about someone else's discharge is answered before any report (issue 12).

Through the real services: the verdict comes first, then the offer to report it; a tap on
"Report it" (or asking to report) starts the report with safety first. A question on fines
or connections that names a discharge gets that discharge's verdict. Wording is this file's
own, not the test sets'.
"""

import pytest

from stormwater.store.paths import REPO_ROOT
from tests.e2e.test_chat_e2e import chat, payloads
from tests.e2e.test_sms_e2e import BAYVILLE_NUMBER, Texter
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services
# the same text as shared/ordinances (tests/law/test_quotes.py compares them)
ORDINANCE = REPO_ROOT / "data" / "ordinances" / "poquott-ch132-illicit-discharges.txt"


def verdicts(response):
    return [(p["discharge"], p["verdict"]) for p in payloads(response)]


def texts(response):
    return [m.get("text") or "" for m in response.json()["messages"]]


def test_someone_pouring_oil_asked_about_gets_the_verdict_the_911_line_and_the_report_button(base_url):
    first, sender = chat(base_url, "some guy keeps pouring used motor oil down the storm drain by the marina, is that even legal", "bayville")
    assert first.status_code == 200, first.text
    assert verdicts(first) == [("motor_oil", "prohibited")]
    said = texts(first)
    assert said[0].startswith("Not allowed in Bayville") and "§ 63A-5A" in said[0] and "not legal advice" in said[0]
    assert any("911" in t for t in said)
    assert "take down the details" not in " ".join(said)  # no report started yet
    offer = first.json()["messages"][-1]
    assert [b["title"] for b in offer["buttons"]] == ["Report it"]
    second, _ = chat(base_url, offer["buttons"][0]["payload"], "bayville", sender)
    started = " ".join(texts(second))
    assert "Safety first" in started and "take down the details" in started


def test_asking_to_report_goes_straight_to_the_report(base_url):
    response, _ = chat(base_url, "I need to report a spill of antifreeze in the street", "poquott")
    said = " ".join(texts(response))
    assert "Safety first" in said and "take down the details" in said
    assert verdicts(response) == []


def test_a_fines_question_naming_motor_oil_gets_the_oil_verdict_and_the_fines(base_url):
    response, _ = chat(base_url, "what is the fine for pouring motor oil in the storm drain", "poquott")
    assert verdicts(response) == [("motor_oil", "prohibited")]
    assert [p["topic"] for p in payloads(response, "law_answer")] == ["penalties"]


def test_a_pure_fines_question_keeps_the_penalties_answer(base_url):
    response, _ = chat(base_url, "what are the penalties for a violation?", "bayville")
    assert verdicts(response) == []
    assert [p["topic"] for p in payloads(response, "law_answer")] == ["penalties"]


def test_by_sms_the_oil_answer_leads_with_the_verdict_and_keeps_the_911_line(base_url, helpdesk):
    phone = Texter(base_url, BAYVILLE_NUMBER, new_phone("+1516555"))
    answer = phone.texts("somebody keeps pouring used motor oil down the storm drain by the marina, is that even legal")
    assert answer.startswith("Not allowed in Bayville"), answer
    assert "911" in answer and "Reply 1 for Report it" in answer
    assert phone.segments[-1] <= 3, answer  # the verdict, the 911 line and the offer; the rest on MORE
    # Three segments hold the verdict, its not-legal-advice line (said once by SMS), the 911
    # line and the offer; the rest of the answer comes on MORE.
    assert "not legal advice" in answer and "MORE" in answer
    assert "petroleum" in answer + phone.texts("MORE")
    started = phone.texts("1")  # "Report it"
    # The report asks its first question: the place ("by the marina") came with the question (issue 28).
    assert "call 911" in started and "When was it discovered" in started and "Where is it" not in started


def test_typed_not_tapped_its_my_neighbours_then_yes_starts_the_report_of_that_discharge(base_url):
    """A resident who types instead of tapping: "no, it's my neighbour's" after the answer on
    their pool question, then "yes" to the offer, and the report opens on pool water."""
    first, sender = chat(base_url, "can I drain my pool?", "poquott")
    assert verdicts(first) == [("pool_water", "prohibited")]
    second, _ = chat(base_url, "no, it's my neighbour's", "poquott", sender)
    said = texts(second)
    assert said[0].startswith('Poquott\'s ordinance sets its rules for any "person", which it defines')
    # the reason is quoted from the ordinance itself, with the not-legal-advice line
    quote = said[0].split('Discharge prohibitions, Subsection A: "', 1)[1].split('"', 1)[0]
    assert quote.startswith("No person shall discharge") and quote in ORDINANCE.read_text()
    assert "not legal advice" in said[0]
    assert [b["title"] for b in second.json()["messages"][-1]["buttons"]] == ["Report it"]
    third, _ = chat(base_url, "yes", "poquott", sender)
    started = " ".join(texts(third))
    assert "Safety first" in started and "take down the details" in started
    # what it is and whose it is came with the offer: not asked again; a neighbour's pool water
    # has its hazard asked first (only its owner knows whether the chlorine went down)
    assert "Could it be one of these, or are you not sure?" in started or "Where is it?" in started
    assert "What was released" not in started and "your own home, business or work" not in started
