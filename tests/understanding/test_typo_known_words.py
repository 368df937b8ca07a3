"""A word the help desk knows as itself is no typo of another (issue 27): "garage" was read as
a mistyped "garbage", so a question about a garage floor got the trash answer, "Not allowed"."""
from stormwater.understanding.catalogue import resolve


def test_a_known_word_is_not_read_as_a_typo_of_another():
    assert resolve("the softener backflush runs across the garage floor and out to the gutter") != "trash"


def test_real_typos_are_still_read():
    assert resolve("my sum pomp water goes to the curb") == "sump_pump"
    assert resolve("can I pour detergant down the drain") == "detergent"
