"""The knowledge lookup, checked against the ordinances as read independently of the data files.

Expected verdicts below come from reading ``shared/ordinances/`` (and ``shared/GUIDE.md``'s
table of differences), not from the village files they test.
"""
import pytest

from stormwater.understanding.catalogue import load_catalogue
from stormwater.law.knowledge import answer_discharge, answer_topic

# Every exemption in each village's text, with the verdict its wording gives.
BAYVILLE_EXEMPT = {
    "pool_water": "conditional",  # "dechlorinated swimming pool discharges"
    "sump_pump": "conditional",  # "uncontaminated crawl space or basement sump pump discharges"
    "footing_drain": "conditional",  # "uncontaminated pumped groundwater from foundation or footing drains"
    "ac_condensate": "allowed",
    "water_line_flushing": "allowed",
    "car_wash_residential": "allowed",
    "street_wash": "allowed",
    "firefighting_water": "allowed",
    "rainwater": "allowed",
    # the once-combined items, each with its own words
    "lawn_watering": "allowed",  # "lawn watering"
    "landscape_irrigation": "conditional",  # "uncontaminated landscape irrigation", "uncontaminated irrigation water"
    "groundwater": "allowed",  # "rising groundwater"
    "groundwater_infiltration": "conditional",  # "uncontaminated groundwater infiltration to storm drains"
    "springs_and_wetland_flows": "allowed",  # "springs", "natural riparian habitat or wetland flows"
    "diverted_stream_flows": "conditional",  # "existing diverted stream flows"
}
POQUOTT_EXEMPT = {
    "sump_pump": "allowed",  # "crawl space or basement sump pumps": no "uncontaminated"
    "footing_drain": "allowed",  # "foundation or footing drains"
    "ac_condensate": "allowed",
    "lawn_watering": "allowed",  # "landscape irrigation or lawn watering"
    "landscape_irrigation": "allowed",  # the same words, and "irrigation water": no "uncontaminated"
    "groundwater": "allowed",  # "rising ground water"
    "groundwater_infiltration": "conditional",  # "uncontaminated ground water infiltration to storm drains"
    "springs_and_wetland_flows": "allowed",  # "springs", "natural riparian habitat or wetland flows"
    "diverted_stream_flows": "conditional",  # "existing diverted stream flows"
    "water_line_flushing": "allowed",
    "car_wash_residential": "allowed",
    "street_wash": "allowed",
    "firefighting_water": "allowed",
    "rainwater": "allowed",
}
PROHIBITED_BOTH = [
    "washing_machine", "sewage", "floor_drain", "car_wash_commercial", "motor_oil", "antifreeze",
    "paint", "solvents", "pesticides", "detergent", "grease", "pet_waste", "yard_waste", "sediment", "trash",
]


@pytest.mark.parametrize("key,verdict", sorted(BAYVILLE_EXEMPT.items()))
def test_bayville_exemptions(bayville, key, verdict):
    answer = answer_discharge(bayville, key)
    assert (answer.basis, answer.verdict) == ("rule", verdict)
    assert answer.passages[0].citation.startswith("§ 63A-5")


@pytest.mark.parametrize("key,verdict", sorted(POQUOTT_EXEMPT.items()))
def test_poquott_exemptions(poquott, key, verdict):
    answer = answer_discharge(poquott, key)
    assert (answer.basis, answer.verdict) == ("rule", verdict)


@pytest.mark.parametrize(
    "key,qualifier",
    [("groundwater_infiltration", "uncontaminated"), ("landscape_irrigation", "uncontaminated"), ("diverted_stream_flows", "existing")],
)
def test_bayville_qualified_items_are_conditional_on_their_own_word(bayville, key, qualifier):
    # "uncontaminated groundwater infiltration", "uncontaminated landscape irrigation", "existing
    # diverted stream flows": the condition is the text's own word
    answer = answer_discharge(bayville, key)
    assert answer.verdict == "conditional"
    assert qualifier in " ".join(answer.conditions).lower()
    assert qualifier in answer.passages[0].quote


@pytest.mark.parametrize("key", ["groundwater", "lawn_watering", "springs_and_wetland_flows"])
def test_items_listed_without_a_qualifier_carry_none(villages, key):
    # "rising groundwater", "lawn watering", "springs": a natural spring or a lawn sprinkler
    # never badges "conditional" because a neighbouring item of the list has a condition
    for village in villages.values():
        answer = answer_discharge(village, key)
        assert (answer.verdict, answer.conditions) == ("allowed", ()), village.slug
        assert not any(q in answer.passages[0].quote for q in ("uncontaminated", "existing")), village.slug


@pytest.mark.parametrize("village_name", ["bayville", "poquott"])
@pytest.mark.parametrize("key", PROHIBITED_BOTH)
def test_prohibited_in_both(villages, village_name, key):
    answer = answer_discharge(villages[village_name], key)
    assert (answer.basis, answer.verdict) == ("rule", "prohibited")
    assert answer.conditions == ()


def test_pool_water_differs(bayville, poquott):
    bay = answer_discharge(bayville, "pool_water")
    poq = answer_discharge(poquott, "pool_water")
    assert bay.verdict == "conditional" and "dechlorinated" in " ".join(bay.conditions)
    assert "dechlorinated swimming pool discharges" in bay.passages[0].quote
    assert poq.verdict == "prohibited"
    assert any("§ 132-3" in p.citation and "pool water" in p.quote for p in poq.passages)


@pytest.mark.parametrize("village_name", ["bayville", "poquott"])
def test_springs_exempt_but_diverted_stream_flows_only_existing_ones(villages, village_name):
    assert answer_discharge(villages[village_name], "springs_and_wetland_flows").verdict == "allowed"
    diverted = answer_discharge(villages[village_name], "diverted_stream_flows")
    assert diverted.verdict == "conditional" and "existing" in " ".join(diverted.conditions)


def test_pool_backwash_is_a_pollutant_in_poquott_and_undecided_in_bayville(bayville, poquott):
    assert answer_discharge(poquott, "pool_backwash").verdict == "prohibited"
    bay = answer_discharge(bayville, "pool_backwash")
    assert bay.basis == "general_rule" and bay.offers_person
    assert "pool_water" in [r.key for r in bay.closest]


def test_washing_machine_is_listed_as_a_pollutant_in_poquott(poquott):
    answer = answer_discharge(poquott, "washing_machine")
    assert any("washing machine discharge" in p.quote for p in answer.passages)


def test_sump_pump_conditions_differ(bayville, poquott):
    assert "uncontaminated" in " ".join(answer_discharge(bayville, "sump_pump").conditions)
    assert answer_discharge(poquott, "sump_pump").conditions == ()


def test_plan_for_reducing_pollutants(bayville, poquott):
    bay = " ".join(c.passages[0].quote for c in answer_discharge(bayville, "sump_pump").caveats)
    poq = " ".join(c.passages[0].quote for c in answer_discharge(poquott, "sump_pump").caveats)
    assert "When deemed appropriate by the SMO" in bay
    assert "Such exempt discharges shall be made in accordance with an appropriate plan" in poq


def test_prohibited_answers_carry_no_exemption_caveats(bayville):
    assert answer_discharge(bayville, "paint").caveats == ()


def test_undecided_discharge_gets_general_rule_closest_exemptions_and_a_person(bayville, poquott):
    for village in (bayville, poquott):
        answer = answer_discharge(village, "hot_tub_water", "can I drain my hot tub")
        # Not named is not "prohibited": that verdict is said only where the text prohibits it.
        assert answer.basis == "general_rule" and answer.verdict == "not_named"
        assert answer.passages == village.general_rule.passages
        assert answer.offers_person
    assert [r.key for r in answer_discharge(bayville, "hot_tub_water").closest][:1] == ["pool_water"]


def test_unknown_discharge_gets_general_rule(bayville):
    answer = answer_discharge(bayville, None, "can I put melted snow cone syrup in the drain")
    assert answer.discharge is None and answer.basis == "general_rule"
    payload = answer.payload()
    assert payload["type"] == "discharge_answer" and payload["discharge"] is None
    assert payload["citation"] == "Bayville Code ch. 63A, § 63A-5A"


def test_payload_shape(bayville):
    payload = answer_discharge(bayville, "pool_water").payload()
    assert payload == {
        "type": "discharge_answer",
        "village": "bayville",
        "discharge": "pool_water",
        "verdict": "conditional",
        "conditions": list(bayville.rules["pool_water"].conditions),
        "citation": "Bayville Code ch. 63A, § 63A-5B(1)",
        "quote": bayville.rules["pool_water"].passages[0].quote,
        "basis": "rule",
        "closest_exemptions": [],
        "disclaimer": "General information from the Bayville village code, not legal advice: "
        "please confirm with the Stormwater Management Officer, (516) 555-0101.",
    }


def test_every_rule_key_is_in_the_vocabulary(villages):
    keys = set(load_catalogue())
    for village in villages.values():
        assert set(village.rules) <= keys


def topic_text(village, key):
    topic = answer_topic(village, key).topic
    return topic.summary + " " + " ".join(p.quote for p in topic.passages)


def test_penalties(bayville, poquott):
    bay, poq = topic_text(bayville, "penalties"), topic_text(poquott, "penalties")
    for amount in ("$2,000", "$5,000", "$10,000", "15 days"):
        assert amount in bay
    for amount in ("$350", "$700", "$1,000", "six months", "misdemeanors"):
        assert amount in poq
    for text in (bay, poq):
        assert "Each week's continued violation" in text


def test_appeals(bayville, poquott):
    bay, poq = topic_text(bayville, "appeals"), topic_text(poquott, "appeals")
    assert "10 calendar days" in bay and "SMO" in bay
    assert "15 days" in poq and "Board of Trustees" in poq


def test_dye_testing_needs_verbal_notice_before(bayville, poquott):
    for village in (bayville, poquott):
        assert "verbal notification to the SMO prior to the time of the test" in topic_text(village, "dye_testing")


def test_spill_rules(bayville, poquott):
    bay, poq = topic_text(bayville, "spill_rules"), topic_text(poquott, "spill_rules")
    assert "Village Police Department" in bay and "Village Clerk" in bay
    for text in (bay, poq):
        assert "next business day" in text
        assert "three business days" in text
        assert "three years" in text
        assert "emergency dispatch" in text


def test_connection_permits_only_in_bayville(bayville, poquott):
    bay = answer_topic(bayville, "connection_permits")
    assert bay.topic.covered and "48 hours" in topic_text(bayville, "connection_permits")
    assert bay.topic.passages[0].citation == "§ 63A-12"
    poq = answer_topic(poquott, "connection_permits")
    assert not poq.topic.covered and poq.payload()["covered"] is False


def test_floor_and_trench_drains(bayville, poquott):
    assert "interior floor drains and trench drains" in topic_text(bayville, "floor_drains")
    assert "indoor drains and sinks" in topic_text(poquott, "floor_drains")


def test_septic(bayville, poquott):
    bay = topic_text(bayville, "septic")
    assert "three inches" in bay and "10 inches" in bay
    assert "sewage" in topic_text(poquott, "septic")


def test_alternative_remedies(bayville, poquott):
    assert "beach, bay, and harbor cleanup" in topic_text(bayville, "alternative_remedies")
    poq = topic_text(poquott, "alternative_remedies")
    assert "River, stream or creek cleanup" in poq and "beach" not in poq.lower()


def test_every_topic_answers_for_every_village(villages):
    from stormwater.law.villages import TOPICS

    for village in villages.values():
        for key in TOPICS:
            payload = answer_topic(village, key).payload()
            assert payload["village"] == village.slug and payload["topic"] == key
            if payload["covered"]:
                assert payload["citation"].startswith(village.ordinance_short)


def test_unknown_discharge_is_named_plainly(bayville):
    from stormwater.dialogue.replies import discharge_replies

    replies = discharge_replies(answer_discharge(bayville, None, "can I pour maple syrup in the drain"))
    assert replies[0].values["label"] == "that"
    assert replies[-1].response == "utter_offer_person"


def test_a_decoy_phrase_hides_the_discharge_word_inside_it():
    from stormwater.understanding.catalogue import find_discharges, load_decoys

    assert "pool guy" in load_decoys()
    assert find_discharges("my pool guy backwashes the filter into the street, is that legal") == ["pool_backwash"]
    assert find_discharges("the pool guy drained my pool into the road") == ["pool_water"]


def test_the_entity_ruler_gives_decoys_a_label_rasa_does_not_extract():
    from stormwater.law.nlp_pipeline import build_pipeline

    doc = build_pipeline()("my pool guy backwashes the filter")
    assert [(e.text, e.label_) for e in doc.ents] == [("pool guy", "not_discharge"), ("backwashes the filter", "discharge")]


def test_every_not_allowed_answer_says_what_to_do_instead(villages):
    for village in villages.values():
        for key, rule in village.rules.items():
            answer = answer_discharge(village, key)
            if rule.verdict == "prohibited":
                assert answer.alternatives.startswith("What you may do instead"), (village.slug, key)
                assert "§" in answer.alternatives  # cited
                assert "Stormwater Management Officer" in answer.alternatives
                assert answer.payload()["alternatives"] == answer.alternatives
            else:
                assert answer.alternatives == "" and "alternatives" not in answer.payload()


def test_poquott_pool_water_names_hauling_and_says_the_lawn_is_left_open(villages):
    text = answer_discharge(villages["poquott"], "pool_water").alternatives
    assert "hauled away" in text and "own lawn" in text and "(not named in the ordinance)" in text


@pytest.mark.parametrize("village_name", ["bayville", "poquott"])
@pytest.mark.parametrize("key", ["hot_tub_water", "aquarium_water", "boat_wash", "basement_flood_water", "dust_control_water"])
def test_discharges_neither_text_names_get_not_named_never_a_badge(villages, village_name, key):
    # hot tubs, aquariums, boats, flood water pumped out of a basement, dust control: no rule
    # of either ordinance names them, so the answer is the general rule, not "Not allowed"
    answer = answer_discharge(villages[village_name], key)
    assert (answer.verdict, answer.basis, answer.discharge) == ("not_named", "general_rule", key)
