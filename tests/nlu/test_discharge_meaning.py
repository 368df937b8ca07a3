"""Discharges by meaning: the phrase list first, then a calibrated classifier that never forces a rule."""
import numpy as np
import pytest

from stormwater.law import meaning_classifier as discharge_meaning
from stormwater.law.meaning_classifier import (
    MeaningClassifier, discharge_questions, labelled_examples, match_discharge, rule_texts, texts_fingerprint,
)


def test_rule_texts_hold_label_aliases_summaries_and_quotes(bayville):
    pairs = rule_texts()
    texts = {t for k, t in pairs if k == "pool_water"}
    assert "swimming pool water" in texts  # the vocabulary's label
    assert "drain my pool" in texts  # an alias
    assert bayville.rules["pool_water"].passages[0].quote in texts
    # the village's name is taken off the summary: it says nothing about the discharge
    assert not any(t.startswith("In Bayville") for k, t in pairs)


def test_fingerprint_changes_with_the_words():
    pairs = [("pool_water", "pool water")]
    assert texts_fingerprint(pairs) != texts_fingerprint(pairs + [("sump_pump", "sump")])


def test_questions_are_labelled_only_when_the_phrase_list_names_one_discharge():
    labelled = labelled_examples(["can I drain my pool", "pool and sump pump water", "hello there"])
    assert labelled == [(0, "pool_water")]


def test_discharge_questions_come_from_the_nlu_file_without_markup():
    questions = discharge_questions()
    assert len(questions) > 100
    assert not any("](" in q for q in questions)


def _toy_classifier(threshold):
    vectors = np.array([[1, 0, 0], [0.9, 0.1, 0], [0, 1, 0], [0.1, 0.9, 0]], dtype=np.float32)
    return MeaningClassifier.fit(vectors, ["a", "a", "b", "b"], threshold=threshold)


def test_classifier_names_a_discharge_only_above_the_threshold():
    clf = _toy_classifier(0.6)
    assert clf.match(np.array([1, 0, 0]))[0] == "a"
    # halfway between the two: neither is forced
    assert clf.match(np.array([0.7, 0.7, 0])) is None
    probabilities = dict(clf.probabilities(np.array([0, 1, 0])))
    assert probabilities["b"] > probabilities["a"]
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_classifier_round_trips_through_a_file(tmp_path):
    clf = _toy_classifier(0.6)
    clf.fingerprint = "abc"
    clf.save(tmp_path / "c.npz")
    again = MeaningClassifier.load(tmp_path / "c.npz", threshold=0.7)
    assert again.classes == clf.classes and again.fingerprint == "abc" and again.threshold == 0.7
    assert np.allclose(again.coef, clf.coef)


def test_phrase_list_answers_first_without_the_encoder():
    def no_encoder(texts):
        raise AssertionError("the phrase list should have answered")

    assert match_discharge("can I drain my pool into the street", encode=no_encoder) == ["pool_water"]
    assert match_discharge("   ", encode=no_encoder) == []
    # a fish tank is in the vocabulary now (aquarium_water, which neither ordinance names)
    assert match_discharge("is it ok to drain my fish tank into the gutter", encode=no_encoder) == ["aquarium_water"]


@pytest.fixture(scope="module")
def trained(encoder):
    return discharge_meaning.train_classifier(encoder.encode, discharge_questions())


@pytest.mark.parametrize(
    "text, key",
    [
        ("the school's fundraiser is washing vehicles in the parking lot, water goes to the drain", "car_wash_commercial"),
        ("can my roof leaders be piped to the street", "rainwater"),
        ("can I blow my lawn cuttings into the street", "yard_waste"),
    ],
)
def test_residents_own_words_find_the_rule(encoder, trained, text, key):
    assert match_discharge(text, classifier=trained, encode=encoder.encode) == [key]


@pytest.mark.parametrize(
    "text",
    [
        "can I pour leftover coffee down the storm drain",
        "what time does the village hall open",
    ],
)
def test_unknown_discharges_are_not_forced_onto_a_rule(encoder, trained, text):
    assert match_discharge(text, classifier=trained, encode=encoder.encode) == []
