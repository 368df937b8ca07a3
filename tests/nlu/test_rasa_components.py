"""The custom Rasa components, on real messages, without a trained model."""
import numpy as np
import pytest
from rasa.shared.nlu.constants import ENTITIES, INTENT, TEXT
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from nlu_components.discharge_meaning import DischargeMeaningExtractor
from nlu_components.minilm_featurizer import MINILM_ALIAS, MiniLMFeaturizer
from stormwater.law.meaning_classifier import discharge_questions, train_classifier


@pytest.fixture(scope="module")
def featurizer(encoder):
    return MiniLMFeaturizer(MiniLMFeaturizer.get_default_config(), "minilm_featurizer")


@pytest.fixture(scope="module")
def extractor(encoder):
    classifier = train_classifier(encoder.encode, discharge_questions(), threshold=0.6)
    return DischargeMeaningExtractor({"intents": ["ask_discharge"], "threshold": 0.6}, None, None, classifier)


def message(text, intent=None, entities=()):
    m = Message(data={TEXT: text})
    if intent:
        m.set(INTENT, {"name": intent, "confidence": 0.9})
    m.set(ENTITIES, list(entities))
    return m


def test_featurizer_adds_one_sentence_vector_per_text(featurizer, encoder):
    messages = [message("can my roof leaders be piped to the street"), Message(data={})]
    featurizer.process(messages)
    sequence, sentence = messages[0].get_dense_features(TEXT)
    assert sequence is None
    assert sentence.features.shape == (1, 384)
    assert [f.origin for f in messages[0].features] == [MINILM_ALIAS]
    assert np.allclose(sentence.features[0], encoder.encode(["can my roof leaders be piped to the street"])[0], atol=1e-4)
    assert messages[1].features == []  # no text, no features


def test_featurizer_featurizes_training_data(featurizer):
    data = TrainingData([Message(data={TEXT: "hello", INTENT: "greet"})])
    featurizer.process_training_data(data)
    assert data.training_examples[0].get_dense_features(TEXT)[1].features.shape == (1, 384)


def entities_of(extractor, featurizer, m):
    featurizer.process([m])
    extractor.process([m])
    return [(e["entity"], e["value"], e.get("extractor")) for e in m.get(ENTITIES)]


def test_discharge_named_by_meaning_for_a_discharge_question(extractor, featurizer):
    m = message("can my roof leaders be piped to the street", "ask_discharge")
    assert entities_of(extractor, featurizer, m) == [("discharge", "rainwater", "DischargeMeaningExtractor")]


def test_nothing_added_when_the_phrase_list_names_a_discharge(extractor, featurizer):
    m = message("can I drain my pool", "ask_discharge")
    assert entities_of(extractor, featurizer, m) == []


def test_nothing_added_when_a_discharge_entity_exists(extractor, featurizer):
    m = message("can my roof leaders be piped to the street", "ask_discharge",
                [{"entity": "discharge", "value": "rainwater", "start": 7, "end": 19}])
    assert entities_of(extractor, featurizer, m) == [("discharge", "rainwater", None)]  # unchanged


def test_nothing_added_for_other_intents(extractor, featurizer):
    m = message("can my roof leaders be piped to the street", "ask_connection_permits")
    assert entities_of(extractor, featurizer, m) == []


def test_nothing_forced_below_the_threshold(extractor, featurizer):
    m = message("is it ok to drain my fish tank into the gutter", "ask_discharge")
    assert entities_of(extractor, featurizer, m) == []


def test_scaled_features_still_meet_the_meaning_classifier_at_unit_length(extractor, encoder):
    scaled = MiniLMFeaturizer({**MiniLMFeaturizer.get_default_config(), "scale": 10.0}, "minilm_featurizer")
    m = message("can my roof leaders be piped to the street", "ask_discharge")
    scaled.process([m])
    assert np.linalg.norm(m.features[0].features) == pytest.approx(10.0, rel=1e-3)
    extractor.process([m])
    assert [(e["value"], e["extractor"]) for e in m.get(ENTITIES)] == [("rainwater", "DischargeMeaningExtractor")]
    assert m.get(ENTITIES)[0]["confidence"] < 1.0  # a probability from a unit vector, not saturated by the scale
