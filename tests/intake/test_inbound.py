"""Cleaning residents' messages and hashing their ids before anything reaches Rasa."""
import unicodedata

import pytest
from hypothesis import given, strategies as st

from stormwater.intake.inbound import MessageTooLong, clean_message, sender_key


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("  Can I drain my pool?  ", "Can I drain my pool?"),
        ("pool\nwater\r\n\tok", "pool water ok"),
        ("a\x00b\x07c\x1bd", "abcd"),
        ("a\u00a0\u2003 \u2028b", "a b"),
        ('/greet{"x":1}', 'greet{"x":1}'),
        ('  / /  //restart', "restart"),
        ("\u202e/greet", "greet"),
        ("\ufeffhello", "hello"),
        ("is 1/2 a fraction / ok", "is 1/2 a fraction / ok"),
        ("e\u0301t\u00e9", "\u00e9t\u00e9"),
        ("e\x00\u0301", "\u00e9"),
        ("\ud800oops", "oops"),
    ],
)
def test_clean_message(raw, expected):
    assert clean_message(raw, 100) == expected


@pytest.mark.parametrize("raw", ["", "   ", "\n\t\r", "/", " / // ", "\x00\x01"])
def test_clean_message_empty(raw):
    assert clean_message(raw, 100) == ""


def test_clean_message_keeps_emoji_and_scripts():
    text = "Pool 🏊\u200d♀\ufe0f drain? 水はどこへ مرحبا Привет नमस्ते"
    assert clean_message(text, 100) == unicodedata.normalize("NFC", text)


def test_clean_message_limit_counts_cleaned_text():
    assert clean_message("a" * 10, 10) == "a" * 10
    assert clean_message("  " + "a" * 10 + "\n\n", 10) == "a" * 10
    with pytest.raises(MessageTooLong) as info:
        clean_message("a" * 11, 10)
    assert isinstance(info.value, ValueError)
    assert info.value.limit == 10 and info.value.length == 11
    assert "10" in str(info.value)


def test_clean_message_rejects_non_str():
    with pytest.raises(TypeError):
        clean_message(None, 10)


@given(st.text(), st.integers(min_value=0, max_value=50))
def test_clean_message_properties(text, limit):
    try:
        out = clean_message(text, limit)
    except MessageTooLong as exc:
        assert exc.length > limit
        return
    assert len(out) <= limit
    assert not out.strip().startswith("/")
    assert out == out.strip()
    assert "  " not in out
    assert unicodedata.is_normalized("NFC", out)
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in out)
    assert clean_message(out, limit) == out


def test_sender_key_is_stable_hex_and_keyed():
    key = sender_key(b"secret", "web", "bayville", "browser-123")
    assert key == sender_key("secret", "web", "bayville", "browser-123")
    assert len(key) == 32 and all(c in "0123456789abcdef" for c in key)
    assert key != sender_key(b"other", "web", "bayville", "browser-123")
    assert key != sender_key(b"secret", "web", "poquott", "browser-123")
    assert "browser-123" not in key


def test_sender_key_parts_are_unambiguous():
    assert sender_key(b"s", "ab", "c") != sender_key(b"s", "a", "bc")
    assert sender_key(b"s", "web", "", "x") != sender_key(b"s", "web", "x", "")


def test_sender_key_matches_hmac_sha256():
    import hashlib
    import hmac

    mac = hmac.new(b"k", digestmod=hashlib.sha256)
    for part in (b"web", b"+15165550100"):
        mac.update(len(part).to_bytes(8, "big") + part)
    assert sender_key(b"k", "web", "+15165550100") == mac.hexdigest()[:32]


def test_sender_key_needs_a_secret():
    with pytest.raises(ValueError):
        sender_key(b"", "web", "x")
    with pytest.raises(ValueError):
        sender_key("", "web", "x")


def test_without_reordering_drops_only_bidi_controls():
    from stormwater.store.stored_text import without_reordering

    assert without_reordering("call \u202e9910-555-615\u202c \u2067x\u2069") == "call 9910-555-615 x"
    assert without_reordering("👩\u200d👩 café") == "👩\u200d👩 café"  # ZWJ sequences stay


@pytest.mark.parametrize("char", ["\u200b", "\u2060", "\u3164", "\u115f", "\u1160", "\uffa0", "\u00ad", "\u180e",
                                  "\u034f", "\u2061", "\u2062", "\u2063", "\u2064", "\u17b4", "\u206f"])
def test_invisible_characters_are_dropped_on_the_way_in(char):
    # Issue 29: only bidi controls were stripped; these showed as nothing to staff.
    assert clean_message(f"12{char} Main{char}St 516{char}555{char}0199", 100) == "12 MainSt 5165550199"
    from stormwater.store.stored_text import without_reordering

    assert without_reordering(f"Pat{char}Doe") == "PatDoe"
