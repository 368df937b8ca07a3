"""Every report path by SMS fits: each reply, and each part sent on MORE, is at most three
segments, ends on a whole sentence and carries only absolute links (issue 35).

Played through signed ``POST /sms`` against the real Rasa server, action server and database:
a resident's own spill, someone else's, a hazardous one, petroleum, a failing septic system, a
dye-test notice, an anonymous report, a phone number withdrawn at the read-back, and a report
cancelled midway. Whenever a reply ends with "Reply MORE for the rest.", MORE is texted until
nothing is held back, and each part is checked the same way.
"""
import os

os.environ.setdefault("TWILIO_AUTH_TOKEN", "test-token-not-a-secret")

import re  # noqa: E402
import uuid  # noqa: E402

import pytest  # noqa: E402
import yaml  # noqa: E402

from stormwater.intake.sms_text import TURN_SEGMENTS, sms_segments  # noqa: E402
from stormwater.store.paths import data_dir  # noqa: E402
from tests.e2e.test_reports_e2e import QUESTIONS  # noqa: E402
from tests.e2e.test_sms_e2e import BAYVILLE_NUMBER, POQUOTT_NUMBER, Texter  # noqa: E402
from tests.e2e.phones import new_phone

pytestmark = pytest.mark.services

WORDS = yaml.safe_load((data_dir() / "messages.yml").read_text(encoding="utf-8"))
HINTS = (WORDS["sms_more_hint"], WORDS["sms_law_hint"], WORDS["sms_law_more_hint"])
FILED = re.compile(r"\b(BAY|PQT)-[2346789ABCDEFGHJKMNPQRTVWXYZ]{6}\b")
# A whole sentence ends a text: its last line ends with a full stop, a question or exclamation
# mark, a closing bracket or quote, or is a link, a phone number or an e-mail address (a contact).
WHOLE = re.compile(r"""([.?!)"']|https?://\S+|\S+@\S+\.\w+|\d)$""")
CUT = re.compile(r"(,|;|:| and| or| the| a| of| to| in)$")
RELATIVE = re.compile(r"""(?<![\w/.:-])/(letters|staff)/""")


class Phone(Texter):
    """A texter that reads everything: each reply and every MORE part, all checked."""

    def __init__(self, base_url, to_number):
        super().__init__(base_url, to_number, new_phone("+1516554"))
        self.base_url = base_url
        self.read = []  # every text received, MORE parts included

    def check(self, text):
        assert sms_segments(text) <= TURN_SEGMENTS, (sms_segments(text), text)
        body = text
        for hint in HINTS:
            body = body.replace(hint, "")
        last = body.strip().split("\n")[-1].strip()
        # A whole line is whole too: a "Source: ..." line, a read-back field.
        whole = WHOLE.search(last) or last.startswith(("Source: ", "- "))
        assert last and whole and not CUT.search(last), f"not a whole sentence at the end: {text!r}"
        assert not RELATIVE.search(text), f"a relative link: {text!r}"
        for link in re.findall(r"https?://\S+", text):
            assert link.startswith(self.base_url), link  # the public URL make run set: the address served
        self.read.append(text)

    def says(self, body):
        """The reply to ``body`` (checked), then each MORE part until nothing is held back."""
        text = self.texts(body)
        self.check(text)
        turn = text
        for _ in range(8):
            if WORDS["sms_more_hint"] not in text.rsplit("\n", 1)[-1]:  # the hints close a text
                return turn
            text = self.texts("MORE")
            self.check(text)
        raise AssertionError("MORE never ends")


def asked(text):
    return next((slot for slot, words in QUESTIONS.items() if words in text), None)


def play(phone, first, answers, max_turns=16):
    """Answer whatever is asked from ``answers`` until the report is filed; the filing turn."""
    text = phone.says(first)
    for _ in range(max_turns):
        if FILED.search(text):
            return text
        slot = asked(text)
        assert slot in answers, f"unexpected question {slot}: {text}"
        text = phone.says(answers[slot])
    raise AssertionError(f"never filed: {text}")


SPILL = {
    "responsible": "1", "material": "soapy water", "hazard": "none of these", "location": "12 Main St",
    "discovered": "yesterday morning", "reached_drain": "1", "commercial": "2", "amount": "a bucket",
    "reporter_name": "Pat Lee", "reporter_phone": "516-555-0199", "confirm": "1",
}


def filed_text_holds_reference_deadline_and_letter(filed, base_url):
    first_text = filed  # the turn itself, before any MORE
    assert FILED.search(first_text) and "no later than" in first_text
    assert re.search(re.escape(base_url) + r"/letters/[A-Za-z0-9_-]+", first_text), first_text


def test_own_spill(base_url, helpdesk):
    phone = Phone(base_url, BAYVILLE_NUMBER)
    filed = play(phone, "I spilled a bucket of soapy water and it went into the storm drain", SPILL)
    filed_text_holds_reference_deadline_and_letter(filed, base_url)
    assert "Can we text you" in filed  # the question comes with the filing, whole
    phone.says("2")


def test_someone_elses_discharge(base_url, helpdesk):
    phone = Phone(base_url, POQUOTT_NUMBER)
    answers = dict(SPILL, responsible="2", location="14 Shore Rd", material="grey soapy water")
    filed = play(phone, "I want to report someone else dumping into the storm drain", answers)
    assert "no later than" not in filed  # not the reporter's release: no deadline


def test_hazardous_spill(base_url, helpdesk):
    phone = Phone(base_url, BAYVILLE_NUMBER)
    opening = phone.says("I need to report a spill of pool chemicals going into the catch basin")
    assert "911" in opening and asked(opening)
    filed = play(phone, "yes, it's mine", dict(SPILL, material="pool chemicals, chlorine"))
    assert "911" in filed


def test_petroleum_spill(base_url, helpdesk):
    phone = Phone(base_url, POQUOTT_NUMBER)
    opening = phone.texts("there is gasoline spilling into the storm drain on Shore Rd")
    # The hazardous opening: 911, the two-hour NYSDEC line and the question, in one text.
    assert "911" in opening and "1-800-457-7362" in opening and asked(opening), opening
    phone.check(opening)
    assert opening.endswith(WORDS["sms_more_hint"] + " " + WORDS["sms_law_hint"])
    rest = phone.says("MORE")  # the village's rule and the start of the report, then LAW
    assert "Poquott" in rest
    law = phone.texts("LAW")
    phone.check(law)
    assert "emergency dispatch services" in law
    play(phone, "no, it's not mine", dict(SPILL, responsible="2", material="gasoline"))


def test_failing_septic_system(base_url, helpdesk):
    phone = Phone(base_url, BAYVILLE_NUMBER)
    answers = {"material": "sewage coming up in the yard", "location": "3 Bay Ave", "reporter_name": "Pat Lee",
               "reporter_phone": "516-555-0199", "confirm": "1"}
    play(phone, "I want to report a failing septic system", answers)


def test_dye_test_notice(base_url, helpdesk):
    phone = Phone(base_url, POQUOTT_NUMBER)
    answers = {"location": "14 Shore Rd", "test_when": "next Tuesday at 10am", "reporter_name": "Dana Cruz",
               "reporter_phone": "631-555-0142", "confirm": "1"}
    play(phone, "I need to give notice of a dye test", answers)


def test_anonymous_report(base_url, helpdesk):
    phone = Phone(base_url, BAYVILLE_NUMBER)
    answers = dict(SPILL, responsible="2", reporter_name="anonymous", reporter_phone="none")
    play(phone, "I want to report someone else dumping paint into the storm drain", answers)


def test_contact_withdrawn_at_the_read_back(base_url, helpdesk):
    phone = Phone(base_url, BAYVILLE_NUMBER)
    answers = dict(SPILL, confirm="please take my number off the report")
    text = phone.says("I spilled a bucket of soapy water and it went into the storm drain")
    for _ in range(14):
        if asked(text) == "confirm":
            break
        text = phone.says(answers[asked(text)])
    withdrawn = phone.says("please take my number off the report")
    # Whatever the form makes of it, the reply fits; then the report is filed.
    assert withdrawn
    for _ in range(4):
        if FILED.search(withdrawn):
            break
        withdrawn = phone.says("1" if asked(withdrawn) == "confirm" else answers.get(asked(withdrawn), "yes"))
    assert FILED.search(withdrawn), withdrawn


def test_a_report_cancelled_midway(base_url, helpdesk):
    phone = Phone(base_url, POQUOTT_NUMBER)
    opening = phone.says("I need to report a spill")
    assert "911" in opening and asked(opening)
    cancelled = phone.says("never mind")
    assert "nothing was filed" in cancelled and "911" in cancelled
