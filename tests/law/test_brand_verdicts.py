"""A brand's verdict is its kind's (issue 27): "clorox" is bleach, in both villages."""
from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.meaning import read_question


def test_the_verdict_follows_the_kind():
    for village in load_villages().values():
        brand = answer_discharge(village, read_question("can i dump a bottle of clorox in the drain").key, "")
        kind = answer_discharge(village, read_question("can i dump a bottle of bleach in the drain").key, "")
        assert brand.verdict == kind.verdict == "prohibited"
