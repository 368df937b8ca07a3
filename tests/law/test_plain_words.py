"""Issue 32: law answers say "the storm drain system", not "MS4", and spell out the village's
Stormwater Management Officer the first time; quotes stay verbatim with MS4 explained once."""
import pytest

from stormwater.law.knowledge import answer_discharge, answer_topic
from stormwater.law.plain_words import explained, plain
from stormwater.dialogue.replies import discharge_replies, topic_replies


@pytest.mark.parametrize(
    "text, said",
    [
        ("the ordinance forbids putting it into the Village's MS4, the storm sewer system (§ 63A-5A).",
         "the ordinance forbids putting it into the storm drain system (§ 63A-5A)."),
        ("a connection to the MS4 needs a permit from the SMO, on the SMO's forms.",
         "a connection to the storm drain system needs a permit from the village's Stormwater Management Officer (SMO), "
         "on the SMO's forms."),
        ("The SMO may terminate access.", "The village's Stormwater Management Officer (SMO) may terminate access."),
        ("with the SMO's written approval", "with the village's Stormwater Management Officer's written approval"),
        ("notify the Stormwater Management Officer (SMO), then the SMO", "notify the Stormwater Management Officer (SMO), then the SMO"),
    ],
)
def test_abbreviations_in_a_summary_read_as_words(text, said):
    assert plain(text) == said


def test_a_quote_stays_verbatim_and_gets_ms4_explained_beside_it(bayville):
    answer = answer_discharge(bayville, "paint")
    quote = answer.passages[0].quote
    assert "MS4" in quote and explained(quote).startswith(" (MS4: ")
    [first, *_] = discharge_replies(answer)
    assert f'"{quote}"{explained(quote)}' == first.values["source"].split(": ", 1)[1]
    assert explained("dechlorinated swimming pool discharges") == ""


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_no_answer_summary_says_ms4_outside_a_quote(villages, slug):
    village = villages[slug]
    for key in village.rules:
        values = discharge_replies(answer_discharge(village, key))[0].values
        assert "MS4" not in values["summary"] + values["headline"], key
    for topic in village.topics:
        assert "MS4" not in topic_replies(answer_topic(village, topic))[0].values["summary"], topic
