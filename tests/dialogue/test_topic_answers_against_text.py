"""Issue 33, "The law, exactly, round 2": each finding, the text's own words beside the answer a
resident reads. Every test quotes the ordinance (checked verbatim against data/ordinances/) and
fails on the answers as they were before the issue."""
import re

import pytest
import yaml

from stormwater.law.knowledge import answer_topic
from stormwater.dialogue.meaning_replies import someone_elses_replies
from stormwater.dialogue.replies import topic_replies
from stormwater.store.paths import REPO_ROOT

RESPONSES = yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text())["responses"]
MESSAGES = yaml.safe_load((REPO_ROOT / "data/messages.yml").read_text())


def fold(text):
    return " ".join(text.replace("’", "'").split())


def render(reply):
    if reply.text is not None:
        return reply.text
    return RESPONSES[reply.response][0]["text"].format(**reply.values)


def topic_text(village, key):
    """The topic's answer as the resident reads it, folded."""
    return fold(" ".join(render(r) for r in topic_replies(answer_topic(village, key))))


def quoted(village, key):
    return [fold(p.quote) for p in village.topics[key].passages]


def says(village, words):
    """``words`` are the ordinance's own: the test's premise is the text, not the data."""
    assert fold(words) in fold(village.ordinance_text()), words
    return fold(words)


# ---- finding 5: Bayville's six septic failure conditions ------------------------------------------

def test_bayville_septic_failures_are_all_six_with_structural_failure(bayville):
    says(bayville, "A failing individual sewage treatment system is one which has one or more of the following conditions:")
    structural = says(bayville, "Structural failure of any components of the individual sewage treatment system "
                                "that could lead to any of the other failure conditions as noted above in this section.")
    text = topic_text(bayville, "septic")
    assert "six conditions" in text and "for example" not in text
    assert "structural failure that could lead to any of the other conditions" in text
    assert structural in quoted(bayville, "septic")


# ---- low: septic's two kinds of "avoid", and "to a location not previously approved" -----------------

def test_bayville_septic_excessive_quantities_and_items_avoided_outright(bayville):
    excessive = says(bayville, "Avoid the disposal of excessive quantities of detergents, kitchen wastes, laundry wastes, and household chemicals.")
    outright = says(bayville, "Avoid the disposal of cigarette butts, disposable diapers, sanitary napkins, trash, and other such items.")
    text = topic_text(bayville, "septic")
    assert "excessive quantities of detergents, kitchen wastes, laundry wastes and household chemicals;" in text
    assert "cigarette butts, disposable diapers, sanitary napkins, trash and other such items at all" in text
    assert "excessive detergents, kitchen or laundry wastes, household chemicals, cigarette butts" not in text
    assert {excessive, outright} <= set(quoted(bayville, "septic"))


def test_bayville_design_professional_for_a_location_not_previously_approved(bayville):
    line = says(bayville, "Relocating or extending an absorption area to a location not previously approved for such.")
    text = topic_text(bayville, "septic")
    assert "relocated or extended to a location not previously approved for such" in text
    assert line in quoted(bayville, "septic")


# ---- finding 6: Bayville's connection permits ------------------------------------------------------

def test_bayville_connection_permits_name_on_site_bmps_and_additional_practices(bayville):
    bmps = says(bayville, "Before approving a connection, the Village may require that applicants use on-site BMPs to handle "
                          "stormwater and other authorized nonstormwater discharges to the maximum extent practicable.")
    more = says(bayville, "The SMO may assess the adequacy of the applicant's on-site stormwater disposal BMPs and require "
                          "additional practices if he/she deems it advisable.")
    text = topic_text(bayville, "connection_permits")
    assert "the Village may require applicants to use on-site BMPs" in text
    assert "the SMO may assess the adequacy of the applicant's on-site stormwater disposal BMPs and require additional practices" in text
    assert {bmps, more} <= set(quoted(bayville, "connection_permits"))


def test_bayville_risk_is_assumed_by_making_a_connection_not_by_applying(bayville):
    risk = says(bayville, "By making a connection, the owner and the applicant, if different from the owner, assume all of the "
                          "risk and liability to their premises that may arise from their connection to the Village's MS4.")
    text = topic_text(bayville, "connection_permits")
    assert "by making a connection they assume all of the risk" in text and "By applying" not in text
    assert risk in quoted(bayville, "connection_permits")


# ---- finding 7: Poquott's undocumented commercial or industrial drain ---------------------------------

def test_poquott_undocumented_commercial_drain_is_an_illicit_connection(poquott):
    line = says(poquott, "Any drain or conveyance connected from a commercial or industrial land use to the MS4 which has not "
                         "been documented in plans, maps, or equivalent records and approved by an authorized enforcement agency.")
    text = topic_text(poquott, "connection_permits")
    assert "has no permit process" in text
    assert ("A drain or conveyance from a commercial or industrial land use to the storm drain system that has not been documented in "
            "plans, maps or equivalent records and approved by an authorized enforcement agency is an illicit connection") in text
    assert line in quoted(poquott, "connection_permits")


# ---- low: who does what in Bayville ------------------------------------------------------------------

def test_bayville_smo_requires_monitoring_equipment_kept_at_the_dischargers_expense(bayville):
    smo = says(bayville, "The SMO has the right to require the facilities subject to this article to install monitoring equipment")
    expense = says(bayville, "The facility's sampling and monitoring equipment shall be maintained at all times in a safe and "
                             "proper operating condition by the discharger at its own expense.")
    text = topic_text(bayville, "enforcement")
    assert "the SMO may require facilities to install monitoring equipment" in text
    assert "the discharger keeps in safe and proper operating condition at its own expense" in text
    assert "the Village may set up monitoring devices and require monitoring equipment" not in text
    assert expense in quoted(bayville, "enforcement")
    assert any(smo in q for q in quoted(bayville, "enforcement"))


def test_bayville_the_village_not_the_smo_seeks_the_court_order(bayville):
    order = says(bayville, "the Village may seek a court order permitting the Village to take any and all measures reasonably "
                           "necessary to abate the violation")
    text = topic_text(bayville, "remedies")
    assert "the Village may seek a court order" in text
    assert "may seek a warrant and a court order" not in text
    assert order in quoted(bayville, "remedies")


# ---- low: "No person shall permit" ------------------------------------------------------------------

def test_bayville_general_rule_binds_any_person_who_permits_not_only_owners(bayville):
    says(bayville, "No person shall permit, tolerate, or allow to be discharged from his/her premises into the Village's MS4")
    summary = fold(bayville.general_rule.summary)
    assert "no person may permit, tolerate or allow anything else to be discharged into it from his or her premises" in summary
    assert "property owners" not in summary
    says(bayville, "No person shall permit, tolerate, or allow an unauthorized connection from his/her premises to the Village's MS4.")
    assert "Owners may not allow" not in topic_text(bayville, "illicit_connections")


# ---- low: Poquott's MS4 is its municipal streets -------------------------------------------------------

def test_poquott_ms4_is_municipal_streets_owned_or_operated_by_the_village(poquott):
    says(poquott, "(including roads with drainage systems, municipal streets, catch basins, curbs, gutters, ditches, "
                  "man-made channels, or storm drains)")
    says(poquott, "Owned or operated by the Incorporated Village of Poquott;")
    alternatives = [fold(poquott.prohibited_alternatives)] + [
        fold(r.alternatives) for r in poquott.rules.values() if r.alternatives and "MS4, which" in r.alternatives]
    assert len(alternatives) >= 3
    for text in alternatives:
        assert "which includes municipal streets" in text and "owned or operated by the Village" in text, text


# ---- low: alternative remedies ---------------------------------------------------------------------------

@pytest.mark.parametrize("slug,line", [
    ("bayville", "The violator cooperated in the investigation and resolution."),
    ("poquott", "The violator cooperated in investigation and resolution."),
])
def test_alternative_remedies_need_cooperation_in_investigation_and_resolution(villages, slug, line):
    village = villages[slug]
    assert says(village, line) in quoted(village, "alternative_remedies")
    assert "cooperated in the investigation and resolution" in topic_text(village, "alternative_remedies")


def test_poquott_delegation_only_as_authorized_by_the_municipality(poquott):
    says(poquott, "may be delegated in writing by the SMO as may be authorized by the municipality.")
    assert "may delegate those powers in writing as may be authorized by the Village" in topic_text(poquott, "smo")


# ---- low: Poquott's plan --------------------------------------------------------------------------------

def test_poquott_plan_is_asked_of_the_smo_not_said_to_be_known(poquott):
    says(poquott, "Such exempt discharges shall be made in accordance with an appropriate plan for reducing pollutants.")
    # (the plan, not "plans, maps, or equivalent records" of an approved connection)
    headlines = [poquott.headlines["allowed"]] + [r.headline for r in poquott.rules.values() if re.search(r"\bplan\b", r.headline)]
    assert len(headlines) >= 4
    for headline in headlines:
        assert "the ordinance does not say who sets the plan: ask the SMO" in headline
        assert "can tell you which plan" not in headline


# ---- low: the NYSDEC line ---------------------------------------------------------------------------------

def test_nysdec_line_says_immediately_and_no_later_than_two_hours_after_the_discharge():
    # Navigation Law § 175: "immediately ... but in no case later than two hours after discharge".
    lines = [RESPONSES["utter_spill_petroleum_state_law"][0]["text"], *MESSAGES["assistant_unavailable"]]
    petroleum = [line for line in lines if "NYSDEC Spill Hotline" in line]
    assert len(petroleum) == 2
    for line in petroleum:
        assert "immediately, and no later than two hours after the discharge" in line
        assert "within two hours" not in line
    doc = fold((REPO_ROOT / "docs/law-coverage.md").read_text())
    assert "immediately, and no later than two hours after the discharge" in doc and "within two hours" not in doc


# ---- uncovered provisions ------------------------------------------------------------------------------------

def test_bayville_notice_of_violation_may_require_restitution_and_is_posted(bayville):
    posted = says(bayville, "and shall be posted upon the premises.")
    restitution = says(bayville, "Payment of a fine and/or restitution for the damages that have occurred as a result of the "
                                 "violation or failure; and")
    text = topic_text(bayville, "enforcement")
    assert "posted upon the premises" in text and "restitution for the damages caused" in text
    assert "sent by certified mail, return receipt requested, and by first-class mail" in text
    assert {posted, restitution} <= set(quoted(bayville, "enforcement"))


@pytest.mark.parametrize("slug,restored,ignored", [
    ("bayville",
     "Access may be granted by the SMO if he/she finds that the illicit discharge has ceased and the discharger has taken "
     "steps to prevent its recurrence, or that the discharger has obtained proper permission for the connection.",
     "If the violator fails to comply with a suspension order issued in an emergency, the SMO may take such steps as "
     "he/she deems necessary, in his/her sole discretion, to prevent or minimize damage to the environment, persons, "
     "property, or the Village's MS4."),
    ("poquott",
     "Access may be granted by the SMO if he/she finds that the illicit discharge has ceased and the discharger has taken "
     "steps to prevent its recurrence.",
     "If the violator fails to comply with a suspension order issued in an emergency, the SMO may take such steps as "
     "deemed necessary to prevent or minimize damage to the MS4 or to minimize danger to persons."),
])
def test_access_restored_after_a_suspension_and_an_ignored_emergency_order(villages, slug, restored, ignored):
    village = villages[slug]
    assert {says(village, restored), says(village, ignored)} <= set(quoted(village, "enforcement"))
    text = topic_text(village, "enforcement")
    assert "The SMO may grant access again on finding that the illicit discharge has ceased" in text
    assert "if the violator does not comply with a suspension order issued in an emergency" in text


def test_poquott_applicability_unless_explicitly_exempted(poquott):
    line = says(poquott, "This article shall apply to all water entering the MS4 generated on any developed and undeveloped "
                         "lands unless explicitly exempted by an authorized enforcement agency.")
    assert line in quoted(poquott, "ms4")
    assert "unless explicitly exempted by an authorized enforcement agency" in topic_text(poquott, "ms4")


def test_poquott_someone_elses_discharge_says_whom_person_covers(poquott, bayville):
    says(poquott, "Any individual, association, organization, partnership, firm, corporation or other entity recognized "
                  "by law and acting as either the owner or as the owner's agent.")
    text = fold(render(someone_elses_replies(poquott, "pool_water")[0]))
    assert "\"acting as either the owner or as the owner's agent\"" in text
    assert "any person who discharges" not in text
    # Bayville's text, as held, defines no "person": its rule is said in its own words.
    says(bayville, "No person shall discharge or cause to be discharged into the Village's MS4")
    assert "any person who discharges or causes a discharge" in fold(render(someone_elses_replies(bayville, "pool_water")[0]))
