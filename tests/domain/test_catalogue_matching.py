"""Phrases are found in a message by plain substring search, exactly as a regular expression per phrase found them."""
import re

import pytest

from stormwater.law.catalogue import Mention, _matches, _phrase_index, normalize


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
