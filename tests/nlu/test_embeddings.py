"""The pretrained encoder: offline, hash-checked, and meaningful."""
import os

import numpy as np
import pytest

from stormwater.understanding import embeddings
from stormwater.understanding.embeddings import MODEL_SHA256, ModelIntegrityError, model_dir, verify


def test_packaged_weights_are_the_published_file():
    assert verify().name == "model.safetensors"
    assert embeddings.sha256_of(model_dir() / "model.safetensors") == MODEL_SHA256


def test_other_weights_are_refused(tmp_path):
    (tmp_path / "model.safetensors").write_bytes(b"not the published weights")
    with pytest.raises(ModelIntegrityError, match="expected 53aa5117"):
        verify(tmp_path)


def test_missing_weights_are_refused(tmp_path):
    with pytest.raises(ModelIntegrityError, match="missing"):
        verify(tmp_path)


def test_verify_command_fails_loudly_on_a_mismatch(monkeypatch, tmp_path):
    (tmp_path / "model.safetensors").write_bytes(b"x")
    monkeypatch.setattr(embeddings, "model_dir", lambda: tmp_path)
    with pytest.raises(SystemExit, match="FAILED"):
        embeddings.main(["--verify"])


def test_encoder_forces_the_hub_offline(encoder):
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    assert os.environ["TRANSFORMERS_OFFLINE"] == "1"


def test_encoder_is_loaded_once(encoder):
    assert embeddings.get_encoder() is encoder


def test_embeddings_are_unit_vectors_and_batch_independent(encoder):
    texts = ["can I drain my pool?", "hello", "who do I call about a spill on Main Street"]
    together = encoder.encode(texts)
    assert together.shape == (3, embeddings.DIMENSIONS)
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-4)
    alone = encoder.encode([texts[2]])[0]
    assert np.allclose(together[2], alone, atol=1e-4)  # padding in a batch changes nothing
    assert encoder.encode([]).shape == (0, embeddings.DIMENSIONS)


def test_similar_meanings_are_close_and_unrelated_ones_far(encoder):
    own_car, rule, unrelated = encoder.encode(
        ["washing my own car at home", "individual residential car washing", "water line flushing"]
    )
    assert float(own_car @ rule) > 0.7
    assert float(own_car @ unrelated) < 0.4


def test_rasa_processes_run_offline_and_retrain_when_a_component_changes(tmp_path):
    from ops.build import TRAINING_INPUTS, rasa_env, training_hash

    env = rasa_env()
    assert env["HF_HUB_OFFLINE"] == "1" and env["TRANSFORMERS_OFFLINE"] == "1"
    assert "nlu_components" in TRAINING_INPUTS
    for item in TRAINING_INPUTS:
        if item.endswith(".yml"):
            (tmp_path / item).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / item).write_text("x: 1\n")
        else:
            (tmp_path / item).mkdir(parents=True, exist_ok=True)
    component = tmp_path / "nlu_components" / "c.py"
    component.write_text("A = 1\n")
    before = training_hash(tmp_path)
    (tmp_path / "nlu_components" / "__pycache__").mkdir()
    (tmp_path / "nlu_components" / "__pycache__" / "c.cpython-310.pyc").write_bytes(b"bytecode")
    assert training_hash(tmp_path) == before  # a bytecode cache is not a change
    component.write_text("A = 2\n")
    assert training_hash(tmp_path) != before


def test_a_knowledge_edit_retrains_and_a_comment_does_not(tmp_path):
    """The texts the by-meaning classifier is fit on are a training input: a model trained before
    an edit of them would refit at every start and hold a second copy of its vectors."""
    import shutil

    from ops.build import TRAINING_INPUTS, training_hash
    from stormwater.store.paths import REPO_ROOT

    def copy(name: str, edit=None):
        root = tmp_path / name  # a root per version: the data files are read once per folder
        for item in TRAINING_INPUTS:
            (root / item).parent.mkdir(parents=True, exist_ok=True)
            (root / item).write_text("x: 1\n") if item.endswith(".yml") else (root / item).mkdir(exist_ok=True)
        for folder in ("villages", "ordinances"):
            shutil.copytree(REPO_ROOT / "data" / folder, root / "data" / folder)
        for file in ("discharges.yml", "facets.yml"):
            shutil.copy(REPO_ROOT / "data" / file, root / "data" / file)
        if edit:
            path, old, new = edit
            (root / path).write_text((root / path).read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        return training_hash(root)

    before = copy("before")
    assert copy("comment", ("data/villages/poquott.yml", "\n", "\n# a comment\n")) == before
    assert copy("label", ("data/discharges.yml", "label: hot water", "label: very hot water")) != before


@pytest.fixture(scope="module")
def both_encoders(tmp_path_factory):
    """The Keras graph, and its TensorFlow Lite conversion made the way ``ops.build`` makes it."""
    from stormwater.understanding.embeddings import SentenceEncoder, compiled_path, save_compiled

    compiled = compiled_path() if compiled_path().is_file() else save_compiled(tmp_path_factory.mktemp("minilm") / "m.tflite")
    return SentenceEncoder(compiled=False), SentenceEncoder(compiled=compiled)


def test_the_converted_model_gives_the_same_vectors(both_encoders):
    graph, lite = both_encoders
    assert graph.compiled is None and lite.compiled is not None
    texts = ["can I drain my pool into the street?", "hello", "12 Main St", "", "ñandú 🙂", "word " * 300,
             "I spilled a bucket of soapy water and it went into the storm drain"]
    for text in texts:  # one at a time, as a resident's message is parsed
        assert np.abs(lite.encode([text]) - graph.encode([text])).max() < 1e-5
    assert np.abs(lite.encode(texts * 6) - graph.encode(texts * 6)).max() < 1e-5  # batches, as in training


def test_the_build_step_converts_once_and_writes_the_file_whole(tmp_path, monkeypatch):
    from stormwater.understanding.embeddings import save_compiled

    target = tmp_path / "m.tflite"
    target.write_bytes(b"already converted")
    assert save_compiled(target) == target and target.read_bytes() == b"already converted"
    assert not list(tmp_path.glob("*.partial"))


def test_batches_keep_within_the_token_budget_and_cover_every_text():
    lengths = [128, 5, 7, 128, 40, 6, 128, 128, 128, 128, 128, 128, 9]
    batches = embeddings.token_batches(lengths, budget=300, most=4)
    assert sorted(i for batch in batches for i in batch) == list(range(len(lengths)))
    for batch in batches:
        assert len(batch) <= 4
        assert len(batch) == 1 or len(batch) * max(lengths[i] for i in batch) <= 300


def test_long_and_short_texts_together_give_each_its_own_vector(encoder):
    long_quote = "No person shall discharge or cause to be discharged into the MS4 any materials " * 12
    texts = ["pool water", long_quote, "can I wash my car in the driveway?", long_quote[:200], "hi"]
    together = encoder.encode(texts)
    alone = np.concatenate([encoder.encode([t]) for t in texts])
    assert together.shape == (5, 384)
    np.testing.assert_allclose(together, alone, atol=1e-5)
