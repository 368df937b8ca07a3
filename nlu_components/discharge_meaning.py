"""Adds a ``discharge`` entity by meaning when the phrase list found none.

Runs after the intent classifier: only a message classified as one of ``intents`` (a
question about a discharge) is considered, only when no ``discharge`` entity was extracted
and :func:`stormwater.understanding.catalogue.find_discharges` finds nothing, and only when
:class:`stormwater.law.meaning_classifier.MeaningClassifier` clears its calibrated threshold.
The classifier is trained with the model; if the knowledge files changed since, it is
refitted when the model loads (a few seconds), so the rules' own words are never stale.
"""
from __future__ import annotations

import logging
from typing import Any, Dict, List, Optional, Text, Tuple, Type

import numpy as np
from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.nlu.extractors.extractor import EntityExtractorMixin
from rasa.shared.nlu.constants import (
    ENTITIES, ENTITY_ATTRIBUTE_CONFIDENCE, ENTITY_ATTRIBUTE_END, ENTITY_ATTRIBUTE_START,
    ENTITY_ATTRIBUTE_TYPE, ENTITY_ATTRIBUTE_VALUE, FEATURE_TYPE_SENTENCE, INTENT, TEXT,
)
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from nlu_components.minilm_featurizer import MINILM_ALIAS, MiniLMFeaturizer
from stormwater.understanding.catalogue import find_discharges
from stormwater.law.meaning_classifier import (
    DEFAULT_THRESHOLD, MeaningClassifier, rule_texts, texts_fingerprint, train_classifier,
)
from stormwater.understanding.embeddings import get_encoder

logger = logging.getLogger(__name__)

ENTITY = "discharge"
CLASSIFIER_FILE = "classifier.npz"
QUESTIONS_FILE = "questions.npz"


def _sentence_vector(message: Message) -> Optional[np.ndarray]:
    for feature in message.features:
        if feature.attribute == TEXT and feature.type == FEATURE_TYPE_SENTENCE and feature.origin == MINILM_ALIAS:
            vector = np.asarray(feature.features, dtype=np.float32).reshape(-1)
            norm = float(np.linalg.norm(vector))  # the featurizer may scale it; the classifier wants unit length
            return vector / norm if norm else vector
    return None


@DefaultV1Recipe.register(DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR, is_trainable=True)
class DischargeMeaningExtractor(GraphComponent, EntityExtractorMixin):
    """The fallback from phrases to meaning for discharge questions."""

    @classmethod
    def required_components(cls) -> List[Type]:
        return [MiniLMFeaturizer]

    @staticmethod
    def get_default_config() -> Dict[Text, Any]:
        return {"threshold": DEFAULT_THRESHOLD, "intents": ["ask_discharge"]}

    def __init__(self, config: Dict[Text, Any], model_storage: ModelStorage, resource: Resource,
                 classifier: Optional[MeaningClassifier] = None) -> None:
        self._config = {**self.get_default_config(), **config}
        self._storage, self._resource = model_storage, resource
        self.classifier = classifier

    @classmethod
    def create(cls, config: Dict[Text, Any], model_storage: ModelStorage, resource: Resource,
               execution_context: ExecutionContext) -> GraphComponent:
        return cls(config, model_storage, resource)

    def train(self, training_data: TrainingData) -> Resource:
        """Fits the classifier on the rules' own words and the training data's discharge questions."""
        questions = [m for m in training_data.intent_examples
                     if m.get(INTENT) in self._config["intents"] and m.get(TEXT)]
        texts = [m.get(TEXT) for m in questions]
        vectors = [_sentence_vector(m) for m in questions]
        if any(v is None for v in vectors):
            vectors = list(get_encoder().encode(texts))
        matrix = np.asarray(vectors, dtype=np.float32).reshape(len(texts), -1)
        encoder = get_encoder()
        self.classifier = train_classifier(encoder.encode, texts, matrix, threshold=float(self._config["threshold"]))
        with self._storage.write_to(self._resource) as folder:
            self.classifier.save(folder / CLASSIFIER_FILE)
            np.savez(folder / QUESTIONS_FILE, texts=np.array(texts, dtype=str), vectors=matrix)
        return self._resource

    @classmethod
    def load(cls, config: Dict[Text, Any], model_storage: ModelStorage, resource: Resource,
             execution_context: ExecutionContext, **kwargs: Any) -> GraphComponent:
        config = {**cls.get_default_config(), **config}
        threshold = float(config["threshold"])
        try:
            with model_storage.read_from(resource) as folder:
                classifier = MeaningClassifier.load(folder / CLASSIFIER_FILE, threshold)
                if classifier.fingerprint != texts_fingerprint(rule_texts()):
                    logger.info("Knowledge files changed since training: refitting discharges by meaning.")
                    with np.load(folder / QUESTIONS_FILE, allow_pickle=False) as stored:
                        texts, vectors = [str(t) for t in stored["texts"]], stored["vectors"]
                    classifier = train_classifier(get_encoder().encode, texts, vectors, threshold=threshold)
        except (ValueError, FileNotFoundError):
            logger.warning("No classifier for discharges by meaning in this model; the phrase list alone is used.")
            classifier = None
        return cls(config, model_storage, resource, classifier)

    def process(self, messages: List[Message]) -> List[Message]:
        """Adds at most one ``discharge`` entity per message, by meaning."""
        for message in messages:
            found = self._match(message)
            if found:
                key, probability = found
                text = message.get(TEXT) or ""
                entity = {
                    ENTITY_ATTRIBUTE_TYPE: ENTITY, ENTITY_ATTRIBUTE_VALUE: key,
                    ENTITY_ATTRIBUTE_START: 0, ENTITY_ATTRIBUTE_END: len(text),
                    ENTITY_ATTRIBUTE_CONFIDENCE: round(float(probability), 4),
                }
                message.set(ENTITIES, message.get(ENTITIES, []) + self.add_extractor_name([entity]), add_to_output=True)
        return messages

    def _match(self, message: Message) -> Optional[Tuple[str, float]]:
        text = message.get(TEXT) or ""
        intent = (message.get(INTENT) or {}).get("name")
        if self.classifier is None or not text.strip() or intent not in self._config["intents"]:
            return None
        if any(e.get(ENTITY_ATTRIBUTE_TYPE) == ENTITY for e in message.get(ENTITIES, [])) or find_discharges(text):
            return None
        vector = _sentence_vector(message)
        if vector is None:  # a pipeline without the featurizer's alias: embed here (same cached model)
            vector = get_encoder().encode([text])[0]
        return self.classifier.match(vector)
