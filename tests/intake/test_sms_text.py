"""SMS text: GSM-7 only, numbered choices for buttons, parts that fit Twilio's limits."""
import pytest
from hypothesis import given, strategies as st

from stormwater.intake.sms_outbound import FakeSender, TwilioSender, send_text
from stormwater.intake.sms_text import (
    GSM7,
    choice_payload,
    gsm7_septets,
    split_for_sms,
    to_gsm7,
    with_numbered_choices,
)

BUTTONS = [{"title": "Yes", "payload": "yes"}, {"title": "No, someone else", "payload": "no"}, {"title": "Not sure", "payload": "not sure"}]


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("It\u2019s \u201callowed\u201d \u2014 see \u00a7 63A-5\u2026", 'It\'s "allowed" - see \u00a7 63A-5...'),
        ("call\u00a0911", "call 911"),
        ("caf\u00e9 na\u00efve se\u00f1or \u00ea", "caf\u00e9 naive se\u00f1or e"),
        ("pool \U0001F3CA water \U0001F44D\U0001F3FD ok", "pool water ok"),
        ("family \U0001F468\u200D\U0001F469\u200D\U0001F467!", "family !"),
        ("\u6c34 water", "water"),
        ("\ufb01ne \u2460", "fine 1"),
        ("line one\r\nline two", "line one\nline two"),
        ("plain ASCII [ok] {x} ~ | ^ \\ \u20ac", "plain ASCII [ok] {x} ~ | ^ \\ \u20ac"),
    ],
)
def test_to_gsm7(raw, expected):
    assert to_gsm7(raw) == expected


@given(st.text())
def test_to_gsm7_output_is_only_gsm7(text):
    out = to_gsm7(text)
    assert set(out) <= GSM7
    gsm7_septets(out)  # raises on anything outside GSM-7
    assert to_gsm7(out) == out  # idempotent


def test_gsm7_septets_counts_extension_characters_twice():
    assert gsm7_septets("a{b}") == 6
    with pytest.raises(ValueError):
        gsm7_septets("\u2019")


def test_with_numbered_choices():
    text = with_numbered_choices("Are you responsible for it?", BUTTONS)
    # A choice with a comma in it stays one choice: the separator is not a comma.
    assert text == "Are you responsible for it?\nReply 1 for Yes / 2 for No, someone else / 3 for Not sure."
    assert with_numbered_choices("Hello", []) == "Hello"
    assert with_numbered_choices("Q?", BUTTONS[:1], lead="Text", item="{number}={title}") == "Q?\nText 1=Yes."
    assert with_numbered_choices("Q?", BUTTONS[:2], item="{number} {title}", separator="\n") == "Q?\nReply 1 Yes\n2 No, someone else."
    assert with_numbered_choices("Hi", [{"title": "Can I drain my pool?"}]) == "Hi\nReply 1 for Can I drain my pool?"


@pytest.mark.parametrize("reply, payload", [("1", "yes"), (" 2 ", "no"), ("#3", "not sure"), ("3.", "not sure"), ("4", None), ("0", None), ("12", None), ("yes", None), ("1 2", None)])
def test_choice_payload(reply, payload):
    assert choice_payload(reply, BUTTONS) == payload


def test_choice_payload_without_buttons():
    assert choice_payload("1", []) is None


def test_split_short_text_is_one_part():
    assert split_for_sms("Hello there.") == ["Hello there."]
    assert split_for_sms("   ") == []


def test_split_prefers_sentence_ends():
    text = " ".join(f"Sentence number {i} is here." for i in range(40))
    parts = split_for_sms(text, limit=160)
    assert all(len(p) <= 160 for p in parts)
    assert all(p.endswith(".") for p in parts)
    assert " ".join(parts) == text


def test_split_truncates_to_1600_with_overflow_note():
    text = "word " * 1000
    parts = split_for_sms(text, limit=320, overflow="... More: call (516) 555-0104.")
    assert sum(len(p) for p in parts) <= 1600
    assert parts[-1].endswith("... More: call (516) 555-0104.")
    assert all(len(p) <= 320 for p in parts)


def test_split_exactly_1600_chars_is_not_cut():
    text = ("x" * 9 + " ") * 160
    parts = split_for_sms(text.strip())
    assert "".join(parts).count("x") == 1440
    assert not parts[-1].endswith("...")


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=3000), st.integers(min_value=20, max_value=400))
def test_split_limits_hold(text, limit):
    parts = split_for_sms(text, limit=limit, overflow="...")
    assert all(0 < len(p) <= limit for p in parts)
    assert sum(len(p) for p in parts) <= 1600
    if len(text.strip()) <= 1600:
        # nothing lost but white space where the text was cut
        assert "".join("".join(parts).split()) == "".join(text.split())


def test_fake_sender_records_gsm7_parts():
    sender = FakeSender()
    sids = send_text(sender, "+15165550199", "+15165550100", "Your report \u201cBAY-7K3Q9P\u201d is filed \U0001F44D")
    assert sids == ["SMFAKE" + "0" * 25 + "1"]
    assert sender.sent == [{"to": "+15165550199", "from": "+15165550100", "body": 'Your report "BAY-7K3Q9P" is filed'}]


def test_twilio_sender_needs_credentials_and_is_lazy():
    with pytest.raises(ValueError):
        TwilioSender("", "")
    sender = TwilioSender("AC" + "0" * 32, "not-a-real-token")
    assert sender._client is None  # no client (and no network) until something is sent
