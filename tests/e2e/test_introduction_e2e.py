"""A newcomer's first question (issue 34), in the web chat and by SMS, against the real services.

"help", "what can you do?", "what is this?", "menu", "who are you?" get the help desk's
introduction (bot/domain.yml utter_introduction): what it answers, what it cannot do, and the
buttons to report and to reach a person; by SMS in two segments at most. Something else out
of scope is still told so, after what the help desk does.
"""
import os

os.environ.setdefault("TWILIO_AUTH_TOKEN", "test-token-not-a-secret")  # before the web process starts

import uuid  # noqa: E402

import pytest  # noqa: E402
import requests  # noqa: E402
import yaml  # noqa: E402

from stormwater.store.paths import REPO_ROOT  # noqa: E402
from tests.e2e.test_sms_e2e import BAYVILLE_NUMBER, POQUOTT_NUMBER, Texter  # noqa: E402
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services

FIRST_QUESTIONS = ["help", "what can you do?", "what is this?", "menu", "who are you?", "Help", "What can you help me with?"]
# GSM-7 characters that take two septets (the escape and the character).
DOUBLE_SEPTETS = set("^{}\\[~]|€")


def domain_response(name):
    return yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text())["responses"][name][0]


INTRODUCTION = domain_response("utter_introduction")


def septets(text):
    return sum(2 if c in DOUBLE_SEPTETS else 1 for c in text)


def chat(base_url, message, village="bayville"):
    response = requests.post(
        f"{base_url}/api/chat", json={"sender": uuid.uuid4().hex, "message": message, "village": village}, timeout=30,
    )
    assert response.status_code == 200, response.text
    return response.json()["messages"]


def test_the_introduction_says_what_the_help_desk_does_and_does_not_and_offers_report_and_person():
    text = INTRODUCTION["text"]
    assert "storm drain" in text and "report a spill" in text
    assert "can't give legal advice" in text and "other village business" in text
    assert [b["title"] for b in INTRODUCTION["buttons"]] == ["Can I drain my pool?", "Report a spill", "Talk to a person"]


@pytest.mark.parametrize("message", FIRST_QUESTIONS)
@pytest.mark.parametrize("village", ["bayville", "poquott"])
def test_first_questions_in_the_chat_get_the_introduction(base_url, village, message):
    messages = chat(base_url, message, village)
    assert len(messages) == 1, messages
    assert messages[0]["text"] == INTRODUCTION["text"]
    assert messages[0]["buttons"] == INTRODUCTION["buttons"]


@pytest.mark.parametrize("message", FIRST_QUESTIONS + ["HELP", "info"])
def test_first_questions_by_sms_get_the_introduction_in_two_segments(base_url, message):
    phone = Texter(base_url, BAYVILLE_NUMBER, new_phone("+1516555"))
    reply = phone.texts(message)  # Texter itself checks GSM-7 and the two segments
    assert reply.startswith(INTRODUCTION["text"]), reply
    assert "Reply 1 for Can I drain my pool? / 2 for Report a spill / 3 for Talk to a person." in reply
    assert septets(reply) <= 2 * 153, (septets(reply), reply)


def test_by_sms_the_introductions_choices_lead_to_a_report_and_to_a_person(base_url):
    phone = Texter(base_url, POQUOTT_NUMBER, new_phone("+1631555"))
    phone.texts("what can you do?")
    person = phone.texts("3")
    assert "Stormwater Management Officer" in person or "Clerk" in person, person
    phone.texts("what is this?")
    report = phone.texts("2")
    assert "call 911" in report, report  # the spill report starts with safety first


def test_out_of_scope_says_what_the_help_desk_does_first(base_url):
    [reply] = chat(base_url, "when is garbage pickup on my street")
    answer = reply["text"]
    does, cannot = answer.index("storm drain"), answer.index("can't help")
    assert does < cannot and "Village Clerk" in answer[cannot:]
    assert answer == domain_response("utter_out_of_scope")["text"]
