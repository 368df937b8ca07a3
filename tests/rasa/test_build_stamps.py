"""ops.build rebuilds the spaCy pipeline only when what it is built from changed."""
import shutil

import pytest

import ops.build
from ops.build import PIPELINE_INPUTS, save_pipeline, training_seconds_path
from stormwater.law.nlp_pipeline import DEFAULT_OUTPUT
from stormwater.store.paths import REPO_ROOT


class FakePipeline:
    def to_disk(self, out):
        (out / "config.cfg").write_text("built\n")


@pytest.fixture
def root(tmp_path):
    for item in PIPELINE_INPUTS:
        source, target = REPO_ROOT / item, tmp_path / item
        target.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if source.is_dir() else shutil.copy)(source, target)
    return tmp_path


@pytest.fixture
def builds(monkeypatch):
    calls = []
    monkeypatch.setattr(ops.build, "build_pipeline", lambda: calls.append(1) or FakePipeline())
    return calls


def test_pipeline_is_built_once_then_reused(root, builds):
    out = save_pipeline(root)
    assert out == root / DEFAULT_OUTPUT and (out / "config.cfg").exists() and len(builds) == 1
    save_pipeline(root)
    assert len(builds) == 1


def test_pipeline_is_rebuilt_when_a_knowledge_file_changes_or_when_forced(root, builds):
    save_pipeline(root)
    discharges = root / "data/discharges.yml"
    discharges.write_text(discharges.read_text() + "\n# a new synonym would go here\n")
    save_pipeline(root)
    assert len(builds) == 2
    save_pipeline(root, force=True)
    assert len(builds) == 3


def test_training_seconds_are_kept_beside_the_model(tmp_path):
    assert training_seconds_path(tmp_path) == tmp_path / "models" / "helpdesk.train_seconds"
