"""'This number': a texter asking to be called back on the phone they text from."""
import pytest

from stormwater.understanding.own_number import means_own_number


@pytest.mark.parametrize("text", [
    "this number", "Yes this number", "ya this one", "same #", "the one im texting from",
    "use this", "yes", "yep pls", "my cell", "this one is fine", "you can use this number thanks",
])
def test_the_number_texted_from_is_meant(text):
    assert means_own_number(text)


@pytest.mark.parametrize("text", [
    "516-555-1234", "none", "no", "not this number", "call my wife at 5165550199",
    "this number is my work phone, use 516 555 0101", "don't call me", "",
])
def test_another_number_or_none_is_not(text):
    assert not means_own_number(text)
