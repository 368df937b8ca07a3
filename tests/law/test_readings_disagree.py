"""Issue 27, calibrated abstention: when two readings of a message disagree, no firm badge.

- The resident says the water is plain tap water, yet a word names a discharge the village
  prohibits (a "washer" that is a pressure washer, a "garbage can" that only holds the water):
  "not named", the potable-water exemption first among the closest, the prohibition quoted after.
- An exempt water the words also read as a pollutant's water (animal urine on the street that is
  hosed down): "not named", the exemption first among the closest.
- A pollutant the resident names as tap or well water's own (chlorine dosed down a well, the
  sand a well's filter traps): "not named", the potable exemption first among the closest, the
  pollutant's prohibition quoted after; an exemption conditional on clean water named beside it
  gets no firm badge either.
- Negatives: a prohibited discharge with something in it, or with no tap water said, keeps its
  badge; tap water alone keeps the potable exemption, and so does a flushed hydrant's rust.
Wording is this file's own, not the test sets'.
"""
import pytest

from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.law.knowledge import answer_discharge
from stormwater.understanding.meaning import read_question
from tests.law.answers import verdicts


def answered(village, text):
    reading = read_question(text)
    return reading.key, answer_discharge(village, reading.key, text)


@pytest.mark.parametrize(
    "text",
    [
        "the ice rink kit hooks up to my power washer, only tap water goes through it, and the melt runs to the street drain. ok?",
        "my neighbour rigged a fog machine from a pressure washer for the party, just tap water in it, and it drips into the gutter. allowed?",
    ],
)
def test_plain_tap_water_beside_a_prohibited_word_gets_no_firm_badge(bayville, poquott, text):
    for village in (bayville, poquott):
        key, answer = answered(village, text)
        assert key is not None
        assert answer.verdict == "not_named", (village.slug, key)
        assert answer.closest and answer.closest[0].key == "water_line_flushing"
        assert answer.set_aside is not None and answer.set_aside.verdict == "prohibited"


def test_the_set_aside_prohibition_is_quoted_after_the_general_rule(poquott):
    text = "the ice rink kit hooks up to my power washer, only tap water goes through it, and the melt runs to the street drain. ok?"
    reading = read_question(text)
    replies, _ = answer_replies(poquott, reading.key, text, reading.keys[1:4])
    names = [r.response for r in replies]
    assert names[:2] == ["utter_discharge_general_rule", "utter_not_named_note"]
    assert "If what goes down the drain is that" in replies[1].values["note"]


@pytest.mark.parametrize(
    "text",
    [
        "can I drain the washing machine into the street drain?",
        "the garbage cans leak into the catch basin when it rains, is that allowed",
        "we fill a bucket with tap water and dish soap and pour it in the storm drain, ok?",
    ],
)
def test_a_prohibition_with_no_plain_tap_water_said_keeps_its_badge(bayville, text):
    assert verdicts(bayville, text)[0][1] == "prohibited"


@pytest.mark.parametrize(
    "text",
    [
        "we keep tap water in an old garbage can for the kids' water balloons, nothing else in it. can we tip it in the storm drain?",
        "the hose water we catch in a recycling bin during the spigot test, can that go down the storm drain?",
    ],
)
def test_the_kind_of_a_vessel_water_is_kept_in_is_no_discharge(bayville, poquott, text):
    for village in (bayville, poquott):
        got = [v for d, v in verdicts(village, text) if d != "asked"]
        assert got and "prohibited" not in got, (village.slug, got)


def test_emptying_the_vessel_itself_keeps_its_contents(bayville):
    _, answer = answered(bayville, "can we dump the trash bin into the storm drain")
    assert answer.verdict == "prohibited"


def test_tap_water_alone_keeps_the_potable_exemption(bayville):
    _, answer = answered(bayville, "i flushed the outdoor spigot with tap water and it ran into the storm drain, is that ok")
    assert answer.verdict == "allowed"


@pytest.mark.parametrize(
    "text",
    [
        "the goats from the petting zoo peed all over our cul de sac, can i hose the street off into the drain?",
        "after the parade the horses left urine on the road, ok to wash the street down into the catch basin?",
    ],
)
def test_an_exempt_water_read_as_a_pollutant_s_water_gets_no_firm_badge(bayville, text):
    key, answer = answered(bayville, text)
    assert key == "street_wash"
    assert answer.verdict == "not_named"
    assert answer.closest[0].key == "street_wash"  # the exemption quoted first


def test_plain_street_washing_keeps_its_exemption(bayville):
    _, answer = answered(bayville, "can i hose the street in front of my house into the storm drain?")
    assert answer.verdict == "allowed"


@pytest.mark.parametrize(
    "text",
    [
        "we drop chlorine tablets down our well every spring to kill the smell, then pump the well water out to the road drain. allowed?",
        "the iron filter on our well gets flushed every few days and the sand from it runs down the driveway into the catch basin, ok?",
    ],
)
def test_a_pollutant_named_as_well_water_s_own_gets_no_firm_badge(bayville, poquott, text):
    for village in (bayville, poquott):
        key, answer = answered(village, text)
        assert key in ("solvents", "sediment")
        assert answer.verdict == "not_named", (village.slug, key)
        assert answer.closest[0].key == "water_line_flushing"
        assert len({r.key for r in answer.closest}) == len(answer.closest)  # each exemption quoted once
        assert answer.set_aside is not None and answer.set_aside.key == key
        assert answer.set_aside.verdict == "prohibited"
        assert answer.label.startswith("tap or well water holding")


def test_groundwater_named_beside_a_dosed_well_gets_no_firm_badge_either(poquott):
    text = "we poured chlorine down our well before they capped it, now the groundwater gets pumped out to the gutter, fine?"
    got = verdicts(poquott, text)
    assert got, text
    assert all(v == "not_named" for _, v in got), got


@pytest.mark.parametrize(
    "text",
    [
        "the hydrant by my house was flushed and the water ran brown with rust into the drain, is that ok",
        "the water company is flushing the hydrants today, is that allowed into the storm drain",
    ],
)
def test_a_flushed_line_s_own_rust_keeps_the_exemption(bayville, text):
    assert verdicts(bayville, text)[0] == ("water_line_flushing", "allowed")
