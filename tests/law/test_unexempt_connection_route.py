"""A pipe or connection into the storm sewer carrying what no exemption names (issue 27): a
prohibited connection in both villages, quoting the connection passage (Bayville § 63A-6, Poquott
§ 132-3's illicit connections); a water that could be exempt keeps its own answer (in
Poquott, a pipe that ties it straight into the MS4 is left open by the text). Wording is
this file's own."""
import pytest

from stormwater.law.knowledge import answer_discharge
from stormwater.law.villages import load_villages
from stormwater.understanding.meaning import read_question

# Poquott: a home's exempt water tied straight into the MS4 is left open by § 132-3's definition A of illicit
# connections ("any conveyances which allow any nonstormwater discharge"): not named, the SMO to ask (round 54)
HOME_PIPE = ("piped_exempt_water_home", "not_named")


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answered(village, text):
    reading = read_question(text)
    return [(a.discharge, a.verdict) for a in (answer_discharge(village, k, text) for k in (reading.keys or (None,)))]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
@pytest.mark.parametrize(
    "text",
    [
        "our bakery has a pipe that takes the mixer rinse water out to the catch basin behind the building, ok?",
        "the grooming table drain at my pet salon is tied into the storm drain, is that allowed?",
        "a pipe from the paint booth at the body shop empties into the catch basin. legal?",
        "we have a pipe that carries process water from the plant to the storm sewer, is that fine?",
        "can i pipe the shampoo water from washing my horses into the storm drain?",
        "the wash rack at the detailing shop drains into the storm drain through an old pipe, legal?",
    ],
)
def test_a_pipe_carrying_no_exempt_water_is_a_prohibited_connection(villages, slug, text):
    assert answered(villages[slug], text) == [("illicit_connection", "prohibited")]


def test_the_answer_quotes_the_connection_passage(villages):
    text = "the wash station drain at our kennel is piped into the storm drain, ok?"
    bayville = answer_discharge(villages["bayville"], None, text)
    assert (bayville.discharge, bayville.verdict) == ("illicit_connection", "prohibited")
    assert "Connections to the Village's MS4 without a permit are prohibited." in " ".join(p.quote for p in bayville.passages)
    poquott = answer_discharge(villages["poquott"], None, text)
    assert (poquott.discharge, poquott.verdict) == ("illicit_connection", "prohibited")
    assert "process wastewater, and wash water to enter the MS4" in " ".join(p.quote for p in poquott.passages)


@pytest.mark.parametrize(
    "text, bayville, poquott",
    [
        ("a pipe from my yard to the storm drain, is that ok?", (None, "not_named"), (None, "not_named")),
        ("can i connect my dehumidifier line to the storm drain?", ("dehumidifier_water", "not_named"), ("dehumidifier_water", "not_named")),
        ("my AC condensate line is tied into the storm drain, ok?", ("piped_exempt_water", "conditional"), HOME_PIPE),
        ("we tied the roof leaders into the storm sewer, was that ok?", ("piped_stormwater", "conditional"), ("rainwater", "allowed")),
        # (round 62: the sump's line into the MS4 is a connection, which § 63A-12's general permit covers)
        ("the sump pump is piped out to the storm drain in the street, allowed?", ("piped_exempt_water", "conditional"), HOME_PIPE),
        ("the downspouts on the horse barn are piped into the storm drain, ok?", ("piped_stormwater", "conditional"), ("rainwater", "allowed")),
    ],
)
def test_a_water_that_could_be_exempt_keeps_its_answer(villages, text, bayville, poquott):
    assert answered(villages["bayville"], text) == [bayville]
    assert answered(villages["poquott"], text) == [poquott]
