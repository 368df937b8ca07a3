"""Issue 14 "Not covered yet": the provisions added as law topics say what each text says, and
every topic is reachable (an intent, a rule to action_answer_topic, and training examples)."""
import re

import pytest
import yaml

from stormwater.law.knowledge import answer_topic
from stormwater.store.paths import REPO_ROOT
from stormwater.law.villages import TOPICS

NEW_TOPICS = ("enforcement", "remedies", "responsibilities", "definitions")


def fold(text):
    return " ".join(text.split())


def topic_text(village, key):
    topic = answer_topic(village, key).topic
    return fold(topic.summary + " " + " ".join(p.quote for p in topic.passages))


def nlu_examples():
    found = {}
    for path in (REPO_ROOT / "data/nlu").glob("*.yml"):
        for block in yaml.safe_load(path.read_text()).get("nlu") or []:
            if "intent" in block:
                found.setdefault(block["intent"], []).extend(
                    line for line in block["examples"].splitlines() if line.strip().startswith("- "))
    return found


def test_every_topic_is_reachable_from_an_intent():
    domain = yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text())
    rules = yaml.safe_load((REPO_ROOT / "bot/rules.yml").read_text())["rules"]
    answered = {r["steps"][0]["intent"] for r in rules
                if "condition" not in r and len(r["steps"]) == 2 and r["steps"][1].get("action") == "action_answer_topic"}
    examples = nlu_examples()
    for key in TOPICS:
        if key in ("hazardous_spill",):  # answered inside the spill guidance, not asked directly
            continue
        intent = f"ask_{key}"
        assert intent in domain["intents"], intent
        assert intent in answered, intent
        minimum = 10 if key in NEW_TOPICS else 5
        assert len(examples.get(intent, [])) >= minimum, intent


def test_new_topic_examples_live_in_their_own_file():
    raw = yaml.safe_load((REPO_ROOT / "data/nlu/law_topics_more.yml").read_text())
    assert {b["intent"] for b in raw["nlu"]} == {f"ask_{k}" for k in NEW_TOPICS}


def test_inspection_access_warrants_and_suspension(bayville, poquott):
    for village in (bayville, poquott):
        text = fold(village.ordinance_text())
        assert "commits an offense if the person denies" in text and "search warrant" in text
        assert "without prior notice, suspend" in text
        answer = topic_text(village, "enforcement")
        for words in ("enter and inspect", "search warrant", "Unreasonable delay", "commits an offense",
                      "without prior notice", "reconsideration and a hearing", "notice of violation"):
            assert words.lower() in answer.lower(), (village.slug, words)
    assert "Village Court" in topic_text(bayville, "enforcement")
    assert "Village Court" not in topic_text(poquott, "enforcement")  # "any court of competent jurisdiction"


def test_nuisance_injunction_abatement_and_cost_recovery(bayville, poquott):
    bay, poq = topic_text(bayville, "remedies"), topic_text(poquott, "remedies")
    assert "public nuisance" in bay and "temporary restraining order" in bay and "lien" in bay
    assert "charged to the violator" in bay and "legal costs" in bay
    assert "summarily abated" in poq and "injunction" in poq and "not exclusive" in poq
    assert "designated governmental agency or a contractor" in poq
    # Remedies not exclusive is Poquott's provision; Bayville's text has no such paragraph.
    assert "remedies listed in this article are not exclusive" not in fold(bayville.ordinance_text())


def test_duty_to_correct_and_pollution_control_practices(bayville, poquott):
    bay, poq = topic_text(bayville, "responsibilities"), topic_text(poquott, "responsibilities")
    assert "immediately take all reasonable and necessary actions to correct" in bay
    assert "jointly and severally" in bay and "tenant" in bay
    assert "take all reasonable actions to correct" in poq
    assert "jointly and severally" not in fold(poquott.ordinance_text())
    assert "does not make owners, tenants and operators jointly and severally responsible" in poq


def test_bayville_connection_permit_terms(bayville):
    text = topic_text(bayville, "connection_permits")
    for words in ("no guarantee", "back up", "indemnif", "transferred with the sale", "change of ownership",
                  "Village road", "not transferable without the approval of the SMO"):
        assert words.lower() in text.lower(), words


def test_bayville_septic_repair_and_replacement(bayville):
    text = topic_text(bayville, "septic")
    for words in ("design professional", "certificate of compliance", "Avoid the use of septic tank additives",
                  "Appendix 75-A"):
        assert words in text, words


def test_poquott_corrective_measures_after_an_appeal(poquott):
    assert "within five business days of the decision of the municipal authority upholding the decision of the SMO" in fold(
        poquott.ordinance_text())
    text = topic_text(poquott, "appeals")
    assert "five business days" in text and "upholds the SMO" in text


def test_poquott_definitions_residents_need(poquott, bayville):
    text = topic_text(poquott, "definitions")
    for words in ("hazardous materials", "owner's agent", "adjacent sidewalks and parking strips", "1/8 of an acre",
                  "clearing and grubbing"):
        assert words in text, words
    assert answer_topic(poquott, "definitions").payload()["citation"].endswith("§ 132-3 (definition of hazardous materials)")
    # Bayville's text (from § 63A-5 on) has no definitions: said so, not invented.
    assert not answer_topic(bayville, "definitions").topic.covered
    assert not re.search(r"^Definitions", bayville.ordinance_text(), flags=re.M)


def test_the_hazardous_materials_definition_is_available_for_the_report(poquott, bayville):
    from stormwater.law.knowledge import hazardous_materials_definition

    found = hazardous_materials_definition(poquott)
    assert found is not None and found.citation == "§ 132-3 (definition of hazardous materials)"
    assert fold(found.quote) in fold(poquott.ordinance_text())
    assert hazardous_materials_definition(bayville) is None
