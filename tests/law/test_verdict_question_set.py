"""The verdict question set (tests/verdict_questions/) is held out and its answers come from the law."""
import re

import yaml

from bench.verdicts import load_question_file, load_questions, ordinance_verdict
from stormwater.understanding.catalogue import load_catalogue
from stormwater.store.paths import REPO_ROOT
from stormwater.law.villages import load_villages

ANNOTATION = re.compile(r"\[([^\]]*)\](?:\([^)]*\)|\{[^}]*\})")
MIN_QUESTIONS_PER_VILLAGE = 150


def normalised(text):
    return " ".join(text.lower().split())


def training_examples():
    """Every NLU training example in data/nlu/, entity annotations removed."""
    found = set()
    for path in (REPO_ROOT / "data/nlu").glob("*.yml"):
        for block in yaml.safe_load(path.read_text()).get("nlu") or []:
            for line in (block.get("examples") or "").splitlines():
                if line.strip().startswith("- "):
                    found.add(normalised(ANNOTATION.sub(r"\1", line.strip()[2:])))
    return found


def test_annotation_stripping_yields_the_plain_text():
    assert normalised(ANNOTATION.sub(r"\1", "can I [drain my pool](discharge) in [Poquott]{\"entity\": \"village\"}")) == (
        "can i drain my pool in poquott"
    )


def test_no_question_is_a_training_example():
    trained = training_examples()
    assert len(trained) > 500
    asked = {normalised(q.text) for questions in load_questions().values() for q in questions}
    assert not asked & trained, sorted(asked & trained)


def test_each_village_has_enough_distinct_questions_all_plain_text():
    questions = load_questions()
    assert set(questions) == set(load_villages())
    for slug, found in questions.items():
        assert all(isinstance(q.text, str) and q.text.strip() for q in found), slug
        assert len({normalised(q.text) for q in found}) == len(found) >= MIN_QUESTIONS_PER_VILLAGE, slug


def test_expected_verdicts_are_the_village_files_verdicts():
    raw = load_question_file()
    villages = load_villages()
    catalogue = load_catalogue()
    assert set(raw["questions"]) <= set(raw["verdicts"]) <= set(catalogue)
    for key, per_village in raw["verdicts"].items():
        assert set(per_village) == set(villages), key
        for slug, verdict in per_village.items():
            assert verdict == ordinance_verdict(villages[slug], key), (key, slug)


def test_general_rule_stands_for_discharges_a_village_does_not_name():
    bayville = load_villages()["bayville"]
    assert "hot_tub_water" not in bayville.rules
    assert ordinance_verdict(bayville, "hot_tub_water") == "not_named"
    assert ordinance_verdict(bayville, "pool_water") == bayville.rules["pool_water"].verdict == "conditional"
