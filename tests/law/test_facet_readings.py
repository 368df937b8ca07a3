"""Issue 33 findings 2, 3, 4 and 9, read as facets (issue 27): the village's rule table
(`facet_rules` in data/villages/*.yml) decides from what the message says about the thing
discharged, and each answer rests on the ordinance's own words, quoted here.

Each of these questions got a firm badge before: street wash from a restaurant "Allowed", a bare
trench drain "Not allowed", pumping out a basement the sump-pump exemption, contaminated lawn
watering and rising groundwater "Not allowed" in Bayville.
"""
import pytest

from stormwater.understanding.catalogue import load_catalogue
from stormwater.law.knowledge import answer_discharge
from stormwater.understanding.meaning import read_question
from stormwater.dialogue.meaning_replies import answer_replies, not_named_notes
from stormwater.law.villages import load_villages
from stormwater.law.facet_rules import facet_rules


def fold(text):
    return " ".join(text.replace("\u2019", "'").split())


@pytest.fixture(scope="module")
def villages():
    return load_villages()


def answered(village, text):
    reading = read_question(text)
    assert reading.clarify is None, f"{text!r} asked {reading.clarify}"
    answer = answer_discharge(village, reading.key, text)
    return answer.discharge, answer.verdict


def quoted(village, text):
    """The ordinance's own words, checked to be in the village's text."""
    assert fold(text) in fold(village.ordinance_text()), text
    return text


# ---- finding 2: "residential street wash water" ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "can I hose down the street in front of my restaurant?",
        "our deli washes the street out front every night, is that allowed",
    ],
)
def test_street_wash_from_a_business_is_not_the_residential_exemption(villages, text):
    for village in villages.values():
        quoted(village, "residential street wash water")
        assert answered(village, text) == ("street_wash_business", "not_named")
        replies, offers_person = answer_replies(village, read_question(text).key, text)
        assert offers_person  # the general rule alone: a person can confirm
        assert "residential street wash water" in replies[1].values["source"]


def test_street_wash_at_home_keeps_the_exemption(villages):
    for village in villages.values():
        assert answered(village, "can i hose down the street in front of my house") == ("street_wash", "allowed")


# ---- finding 3: trench drains -----------------------------------------------------------------


def test_a_bare_trench_drain_is_not_named_in_either_village(villages):
    text = "our trench drain empties to the gutter, legal?"
    bayville, poquott = villages["bayville"], villages["poquott"]
    # Bayville prohibits only trench drains at building entrances; other connections need a permit
    quoted(bayville, "The connection of interior floor drains and trench drains at the entrances to buildings or other structures is prohibited.")
    assert quoted(bayville, "Any connection to the Village's MS4 requires a permit issued by the SMO.") == not_named_notes(bayville)["trench_drain"].quote
    # Poquott names "indoor drains and sinks"
    quoted(poquott, "any connections to the storm drain system from indoor drains and sinks")
    for village in (bayville, poquott):
        assert answered(village, text) == ("trench_drain", "not_named")


def test_a_trench_drain_at_a_building_entrance_is_prohibited_in_bayville_only(villages):
    text = "the trench drain at the garage entrance drains to the storm drain, ok?"
    assert answered(villages["bayville"], text) == ("floor_drain", "prohibited")
    # Poquott names indoor drains and sinks, not entrances
    assert answered(villages["poquott"], text) == ("trench_drain", "not_named")


@pytest.mark.parametrize("text", [
    "our trench drain in the shop empties to the gutter, legal?",
    # a building's bay for vehicles is inside it
    "the trench drain in the service bay at the dealership runs out to the storm drain, legal?",
    "the new firehouse will have trench drains in the apparatus bay piped to the storm sewer, can they do that",
])
def test_a_trench_drain_indoors_is_an_indoor_drain_in_both(villages, text):
    for village in villages.values():
        assert answered(village, text) == ("floor_drain", "prohibited")


# ---- finding 4: basement water is not a sump pump discharge -------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "can I pump out my basement into the street",
        "is basement water ok in the street",
        "we are pumping out our basement with a rented pump, ok?",
    ],
)
def test_pumping_out_a_basement_is_the_files_basement_flood_water(villages, text):
    for village in villages.values():
        assert answered(village, text) == ("basement_flood_water", "not_named")
        # the file's own note: the SMO's written approval to protect life or property
        note = not_named_notes(village)["basement_flood_water"]
        assert quoted(village, "Discharges approved in writing by the SMO to protect life or property from imminent harm or damage") == note.quote


def test_a_sump_pump_said_keeps_the_sump_pump_exemption(villages):
    quoted(villages["bayville"], "uncontaminated crawl space or basement sump pump discharges")
    quoted(villages["poquott"], "crawl space or basement sump pumps")
    text = "my basement sump pump runs to the street, allowed?"
    assert answered(villages["bayville"], text) == ("sump_pump", "conditional")
    assert answered(villages["poquott"], text) == ("sump_pump", "allowed")


# ---- finding 9: exemptions listed without "uncontaminated" --------------------------------------


@pytest.mark.parametrize(
    "text, case, bayville_words, poquott_words",
    [
        ("my lawn watering runoff has fertilizer in it, can it go to the storm drain?", "contaminated_lawn_watering",
         "uncontaminated landscape irrigation, lawn watering", "landscape irrigation or lawn watering"),
        ("rising groundwater in my yard has oil in it, can it go to the street?", "contaminated_rising_groundwater",
         "rising groundwater, uncontaminated groundwater infiltration", "rising ground water, uncontaminated ground water infiltration"),
    ],
)
def test_an_unqualified_exemption_with_a_contaminant_is_not_named_in_both_villages_alike(villages, text, case, bayville_words, poquott_words):
    for village, words in ((villages["bayville"], bayville_words), (villages["poquott"], poquott_words)):
        quoted(village, words)  # listed without "uncontaminated"
        assert answered(village, text) == (case, "not_named")
        note = not_named_notes(village)[case]
        assert "uncontaminated" in note.summary and quoted(village, note.quote)


def test_a_qualified_exemption_with_a_contaminant_stays_prohibited_in_bayville(villages):
    quoted(villages["bayville"], "uncontaminated landscape irrigation")
    assert answered(villages["bayville"], "my irrigation system washes fertilizer into the street, is that allowed") == (
        "contaminated_irrigation", "prohibited")


# ---- the tables themselves --------------------------------------------------------------------


def test_every_facet_rule_quotes_its_text_and_leads_to_a_case_the_village_answers(villages):
    catalogue = load_catalogue()
    for village in villages.values():
        rules = facet_rules(village)
        assert rules, village.slug
        notes = not_named_notes(village)
        for rule in rules:
            quoted(village, rule.quote)
            # the citation is one the file uses for its rules (a whole label, not cut at a comma)
            assert rule.citation.startswith("§") or rule.citation.startswith("Discharge prohibitions, Subsection A"), rule.citation
            assert all(k in catalogue or k in ("nothing", "any", "exempt", "unexempted") for k in rule.about)
            if rule.case != "nothing":
                assert rule.case in catalogue
                assert rule.case in village.rules or rule.case in notes, f"{village.slug}: {rule.case}"


# ---- a discharge nobody listed gets its category's rule -----------------------------------------


def test_a_thing_nobody_listed_with_a_pollutant_in_it_is_not_the_catch_all_exemption(villages):
    text = "can the rinse water from degreasing my boat lift motor go down the storm drain?"
    for village in villages.values():
        quoted(village, "any other water source not containing pollutants")
        assert answered(village, text) == ("polluted_water", "prohibited")
    # nothing said to be in it: the honest "not named"
    for village in villages.values():
        assert answered(village, "can the rinse water from my boat lift go down the storm drain?") == (None, "not_named")


def test_a_word_that_names_where_the_water_goes_gives_no_badge(villages):
    # "rainwater downpipe" is where the laundry water goes: the only word the list knows is no
    # reading of the thing discharged, so the answer is the general rule, never "Allowed"
    for village in villages.values():
        answer = answer_discharge(village, "rainwater", "Can the water from the tub go into the rainwater downpipe?")
        assert (answer.discharge, answer.verdict) == (None, "not_named")
        assert answer_discharge(village, "rainwater", "can rainwater from the downpipe go to the street?").verdict == "allowed"


def test_a_facet_rule_whose_citation_yaml_split_at_a_comma_is_refused(tmp_path):
    from stormwater.law.facet_rules import _rules
    (tmp_path / "x.yml").write_text(
        "slug: x\nfacet_rules:\n  - about: street_wash\n    when: {who: business}\n    case: street_wash_business\n"
        "    because: {citation: Discharge prohibitions, Subsection A(1), quote: \"residential street wash water\"}\n")
    with pytest.raises(ValueError, match="exactly a citation and a quote"):
        _rules(str(tmp_path), "x")


# ---- issue 27 round 7: an exemption's water with what is not its own in it --------------------


@pytest.mark.parametrize(
    "text",
    [
        "after the street fair there's spilled food and sticky soda everywhere, can we hose the street into the drain afterwards?",
        "we hose down our block after the chili cookoff, it's mostly rotting leftovers, is that ok?",
    ],
)
def test_street_wash_carrying_food_is_not_the_street_wash_exemption(villages, text):
    for village in villages.values():
        quoted(village, "residential street wash water")
        assert answered(village, text)[1] == "not_named"


def test_a_plain_street_wash_and_a_car_washed_with_soap_keep_their_exemptions(villages):
    for village in villages.values():
        assert answered(village, "can I hose down the street in front of my house?") == ("street_wash", "allowed")
        # soap is the car washing's own water (own_contents in data/facets.yml)
        assert answered(village, "can I wash my car with soap in my driveway?")[1] != "not_named"


@pytest.mark.parametrize(
    "text",
    [
        "the volunteer fire company held a training burn down the block and their foam ran into the storm drain, allowed?",
        "firefighters from the fire district sprayed foam at a practice burn and it washed into the catch basin. ok?",
    ],
)
def test_a_fire_services_foam_at_a_fire_fought_or_trained_for_is_its_firefighting_waters_own(villages, text):
    for village in villages.values():
        assert answered(village, text) == ("firefighting_water", "allowed")


@pytest.mark.parametrize(
    "text",
    [
        "fire dept ran a demo at the school lot w foam, it all went down the drains. legal??",
        "the firehouse is giving the kids a bubble party with their old firefighting foam in the lot, the foam goes in the drain. ok?",
    ],
)
def test_a_fire_services_foam_with_no_fire_fought_is_not_named_never_a_badge(villages, text):
    for village in villages.values():
        # no fire fought nor trained for: whether it is a firefighting activity the words leave open
        assert answered(village, text)[1] == "not_named"
    assert answered(villages["bayville"], "the fire department hosed down the road and it ran into the catch basin, ok?") == ("firefighting_water", "allowed")


def test_water_that_put_out_a_fire_is_never_badged_by_another_word(villages):
    text = "my barbecue caught fire and I hosed it until it was out; the black water ran to the gutter. was that ok?"
    for village in villages.values():
        # "black water" is a holding tank's word too: the readings disagree, no firm "Not allowed"
        assert answered(village, text)[1] in ("allowed", "not_named")
        assert answered(village, "I put out the fire in my fire pit with the hose and it drained to the street, ok?") == ("firefighting_water", "allowed")


# ---- issue 27 round 7: an exempt water piped into the MS4 ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "the drain line from our central air is hooked into the catch basin out front, is that allowed",
        "my a/c condensate pipe is tied into the storm sewer, problem?",
    ],
)
def test_an_exempt_water_piped_into_the_ms4_needs_bayvilles_connection_permit(villages, text):
    bayville, poquott = villages["bayville"], villages["poquott"]
    quoted(bayville, "Connections to the Village's MS4 without a permit are prohibited.")
    quoted(bayville, "Any connection to the Village's MS4 requires a permit issued by the SMO.")
    assert answered(bayville, text) == ("piped_exempt_water", "conditional")
    # Poquott's illicit connections convey an illegal discharge: condensate is not one
    assert answered(poquott, text) == ("piped_exempt_water_home", "not_named")  # § 132-3 definition A leaves a home's pipe open


def test_an_exempt_water_let_out_overland_keeps_its_plain_exemption(villages):
    for village in villages.values():
        assert answered(village, "the AC drips out onto my driveway and runs to the street, ok?") == ("ac_condensate", "allowed")


@pytest.mark.parametrize(
    "text",
    [
        "the leaders off my roof are piped under the lawn into the storm drain, is that legal?",
        "my downspouts connect to the storm sewer, is that ok?",
        "i ran a pipe from my downspout to the curb drain, ok?",
        "we got tired of the puddles so we connected the rain water straight to the storm drain, the pipe is buried. fine?",
    ],
)
def test_stormwater_piped_into_the_ms4_needs_bayvilles_connection_permit(villages, text):
    # Bayville § 63A-12: "Any connection to the Village's MS4 requires a permit issued by the
    # SMO." Stormwater may enter the MS4, but a pipe tied into it is a connection, whatever water
    # it carries (this expected a plain "rainwater" answer before issue 27 round 9)
    bayville, poquott = villages["bayville"], villages["poquott"]
    quoted(bayville, "Any connection to the Village's MS4 requires a permit issued by the SMO.")
    assert answered(bayville, text) == ("piped_stormwater", "conditional")
    # Poquott's illicit connections convey a discharge that is not stormwater: rain keeps its answer
    assert answered(poquott, text) == ("rainwater", "allowed")


@pytest.mark.parametrize(
    "text",
    [
        "my downspouts go onto the lawn and the runoff reaches the storm drain, ok?",
        "the downspout is not connected to the storm drain, it just drains on the lawn, ok?",
        "our downspout is piped next to the storm drain, but it empties on the lawn. fine?",
    ],
)
def test_stormwater_let_out_overland_keeps_its_plain_answer(villages, text):
    for village in villages.values():
        assert answered(village, text) == ("rainwater", "allowed")


def test_a_fire_hose_spraying_dyed_water_for_a_party_is_no_firefighting_exemption(villages):
    text = "my cousin is a firefighter and wants to spray pink dyed water from a fire hose for the party, it runs to the drain. ok?"
    for village in villages.values():
        assert answered(village, text)[1] != "allowed"


# ---- issue 27 round 10: Poquott's illicit connections from a commercial land use ---------------


def test_an_exempt_water_piped_into_the_ms4_from_a_business_needs_the_connection_on_record_in_poquott(villages):
    poquott = villages["poquott"]
    text = "the ac condensate from our office building's rooftop units is piped straight into the storm drain, is that fine?"
    assert answered(poquott, text) == ("piped_exempt_water", "conditional")
    rule = poquott.rules["piped_exempt_water"]
    for passage in rule.passages:
        quoted(poquott, passage.quote)
    assert "commercial or industrial land use" in rule.passages[0].quote
    # from a home the text names no such connection; let out onto the lot it is plain condensate
    assert answered(poquott, "my ac condensate line is piped into the storm drain, is that fine?") == ("piped_exempt_water_home", "not_named")
    assert answered(poquott, "the ac condensate at our shop drips onto the parking lot, is that fine?") == ("ac_condensate", "allowed")
