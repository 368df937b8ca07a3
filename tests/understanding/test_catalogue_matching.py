"""Phrases are found in a message by plain substring search, exactly as a regular expression per phrase found them."""
import re

import pytest

from stormwater.understanding.catalogue import Mention, _matches, _phrase_index, find_mentions, normalize


def regex_matches(text, folder=None):
    """The former implementation: one ``re.finditer`` per phrase."""
    padded = f" {normalize(text)} "
    found, taken = [], [False] * len(padded)
    for phrase, key in _phrase_index(folder):
        for match in re.finditer(re.escape(f" {phrase} "), padded):
            start, end = match.start() + 1, match.end() - 1
            if any(taken[start:end]):
                continue
            for i in range(start, end):
                taken[i] = True
            found.append(Mention(start - 1, end - 1, key, phrase))
    return sorted(found, key=lambda m: m.start)


PHRASES = [phrase for phrase, _ in _phrase_index(None)]


@pytest.mark.parametrize("text", [
    "can I drain my pool into the street?",
    "pool water pool water pool water",
    "my sump pump hose and my sump pump both go to the gutter",
    "car wash, car washing, washing my car, car wash water",
    "is it ok to dump used motor oil and motor oil down the storm drain",
    "",
    "   ",
    " ".join(PHRASES[:40]),
    " ".join(PHRASES[-40:]),
    " ".join(p for p in PHRASES[::7]) + " " + " ".join(p for p in PHRASES[::7]),
])
def test_the_same_mentions_as_a_regular_expression_per_phrase(text):
    assert _matches(text, None) == regex_matches(text)


def test_every_phrase_is_found_in_a_sentence_of_its_own():
    for phrase in PHRASES[:: max(1, len(PHRASES) // 60)]:
        assert _matches(f"is {phrase} allowed?", None) == regex_matches(f"is {phrase} allowed?")
        assert any(m.phrase == phrase or phrase in m.phrase for m in _matches(f"is {phrase} allowed?", None)), phrase


# ---- loose phrases: another determiner, describing words, a coordinated first word -------

from stormwater.understanding.catalogue import find_discharges  # noqa: E402


@pytest.mark.parametrize("text, key", [
    ("I wash my new car in the driveway", "car_wash_residential"),       # a describing word
    ("washing our old truck at home", "car_wash_residential"),           # another determiner too
    ("can we wash their little red car here", "car_wash_residential"),   # two describing words
    ("may I hose the whole driveway", "driveway_wash"),
    ("is street or sidewalk wash water ok", "street_wash"),             # "<word> or <word>"
    ("street and sidewalk wash water", "street_wash"),
    ("can I hose down the street out front", "street_wash"),             # the first word in another form
    ("we rinse the driveway into the gutter", "driveway_wash"),
    ("I washed my car on the lawn", "car_wash_residential"),
])
def test_a_phrase_said_with_other_small_words_is_still_found(text, key):
    assert find_discharges(text) == [key]


@pytest.mark.parametrize("text", [
    "wash my hands then the car",          # "then" starts another part of the sentence
    "I wash my dog in the yard, the car stays in the garage",
    "wash my very big old car",            # more describing words than a resident's "new red"
    "street or the sidewalk",
])
def test_loose_phrases_do_not_reach_across_a_sentence(text):
    assert "car_wash_residential" not in find_discharges(text)
    assert "street_wash" not in find_discharges(text)


def test_only_a_phrases_first_word_may_take_another_form():
    # the loose matcher changes no later word ("downs"; the typo reading may still find it); a
    # last word's plural is the phrase's own form (phrase_forms.plural), not the loose matcher's
    assert _matches("hosing downs the street", None) == []
    assert [m.key for m in _matches("hosing down the streets", None)] == ["street_wash"]
    assert find_discharges("springing water") == []  # "spring water": "springing" is not "spring"


def test_words_an_exact_phrase_took_are_not_taken_again_by_a_loose_one():
    # "oil" is named exactly; the loose "hose the ... driveway" may not swallow it
    assert find_discharges("hose the oil driveway") == ["motor_oil"]


def test_an_exact_phrase_is_found_as_before():
    assert [m.phrase for m in _matches("wash my car", None)] == ["wash my car"]


@pytest.mark.parametrize("text", [
    "the deck guy scrubs with a wire brush and hoses the boards, it runs to the drain",
    "there was a brush fire by the tracks and the runoff went in the catch basin",
])
def test_a_brush_the_tool_or_a_brush_fire_is_no_yard_waste(text):
    assert "yard_waste" not in {m.key for m in find_mentions(text)}
    assert "yard_waste" in {m.key for m in find_mentions("can i dump the cut brush in the storm drain")}
