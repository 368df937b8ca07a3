"""What a signed Twilio form must also look like (stormwater.intake.sms_webhook)."""
import pytest

from stormwater.intake.sms_webhook import form_problem, is_twilio_field

SID = "SM" + "0123456789abcdef" * 2
ACCOUNT = "AC" + "f" * 32


def form(**extra):
    found = {"MessageSid": SID, "AccountSid": ACCOUNT, "From": "+15165550199", "To": "+15165550100",
             "Body": "hi", "NumMedia": "0"}
    found.update(extra)
    return found


def test_a_genuine_form_passes():
    assert form_problem(form()) is None
    assert form_problem(form(SmsSid=SID, SmsMessageSid=SID, MediaUrl0="u", MediaContentType0="image/png"), ACCOUNT) is None
    assert form_problem({k: [v] for k, v in form().items()}) is None


@pytest.mark.parametrize("changes, problem", [
    ({"MessageSid": SID + "NumMedia0"}, "message_sid"),
    ({"MessageSid": SID.upper()}, "message_sid"),
    ({"SmsSid": "SM" + "1" * 32}, "message_sid"),
    ({"AccountSid": "AC123"}, "account_sid"),
    ({"Evil": "1", "Body2": "x"}, "field:Body2,Evil"),
])
def test_what_a_re_split_or_made_up_form_gets(changes, problem):
    assert form_problem(form(**changes)) == problem


def test_a_missing_message_sid_or_a_field_sent_twice_is_refused():
    without = form()
    del without["MessageSid"]
    assert form_problem(without) == "message_sid"
    assert form_problem({**{k: [v] for k, v in form().items()}, "NumMedia": ["0", "1"]}) == "field:NumMedia"


def test_the_configured_account_must_match():
    assert form_problem(form(), account_sid="AC" + "1" * 32) == "account_sid"
    without = form()
    del without["AccountSid"]
    assert form_problem(without, account_sid=ACCOUNT) == "account_sid"


@pytest.mark.parametrize("name, known", [
    ("MediaUrl9", True), ("MediaContentType10", True), ("ReferralCtwaClid", True), ("FromZip", True),
    ("MediaUrl", False), ("MediaUrl123", False), ("messagesid", False), ("", False),
])
def test_twilio_field_names(name, known):
    assert is_twilio_field(name) is known
