"""Build what the help desk runs on: the spaCy pipeline, then the Rasa model when its inputs changed.

``python -m ops.build`` is idempotent: a model is retrained only when the hash of everything
it is trained from differs from the hash saved beside it.
"""
from __future__ import annotations

import argparse
import hashlib
import logging
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path
from typing import Iterable, List, Optional

from ops.console import HarmlessAbslWarnings, start_pump
from stormwater.understanding.embeddings import save_compiled
from stormwater.law.meaning_classifier import rule_texts, texts_fingerprint
from stormwater.law.nlp_pipeline import DEFAULT_OUTPUT, build_pipeline
from stormwater.store.file_modes import private_folder
from stormwater.store.paths import REPO_ROOT
from stormwater.store.settings import environment, instance_folder, set_library_defaults, start_process

MODEL_DIR = Path("models")
MODEL_NAME = "helpdesk"
# The entity ruler built from data/discharges.yml and data/villages/ is loaded at run time
# from build/spacy_pipeline, so editing the knowledge files needs no retraining.
# nlu_components/ holds the custom Rasa components the model is trained with.
TRAINING_INPUTS = ("bot/config.yml", "bot/domain.yml", "bot/rules.yml", "data/nlu", "nlu_components")
# What the saved spaCy pipeline is built from: rebuilding it imports spaCy and, through
# thinc, TensorFlow (5-15 s on 2 cores), so `make run` skips it when none of these changed.
PIPELINE_INPUTS = (
    "data/discharges.yml", "data/villages", "stormwater/law/nlp_pipeline.py", "stormwater/understanding/catalogue.py",
    "stormwater/law/villages.py",
)
PIPELINE_STAMP = ".inputs.sha256"


def model_path(root: Path = REPO_ROOT) -> Path:
    """Where the trained model lives."""
    return root / MODEL_DIR / f"{MODEL_NAME}.tar.gz"


def training_seconds_path(root: Path = REPO_ROOT) -> Path:
    """Where the last training's duration is kept (read by ``bench/cost.py``)."""
    return model_path(root).with_suffix("").with_suffix(".train_seconds")


def _files(root: Path, inputs: Iterable[str]) -> List[Path]:
    found = []
    for item in inputs:
        path = root / item
        # Python's bytecode caches (nlu_components/__pycache__) change on import, not with the code.
        found.extend(
            sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
            if path.is_dir() else [path]
        )
    return found


def _inputs_hash(root: Path, inputs: Iterable[str], package: str) -> str:
    """SHA-256 over the inputs' names and contents and the installed version of ``package``."""
    digest = hashlib.sha256(f"{package} {version(package)}\n".encode())
    for path in _files(root, inputs):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def training_hash(root: Path = REPO_ROOT) -> str:
    """SHA-256 over the training inputs' names and contents, the Rasa version, and the texts the
    by-meaning classifier is fit on (the knowledge files' labels, summaries and quotes): a model
    trained before a knowledge edit would refit it at every start and hold a second copy of its
    vectors (about 250 MB more), so an edit retrains instead."""
    digest = hashlib.sha256(_inputs_hash(root, TRAINING_INPUTS, "rasa").encode())
    if (root / "data" / "discharges.yml").is_file():
        digest.update(texts_fingerprint(rule_texts(str(root / "data"))).encode())
    return digest.hexdigest()


def rasa_env() -> dict:
    """Environment for Rasa processes: no telemetry (no network here), quiet TensorFlow."""
    env = dict(environment())
    env.setdefault("RASA_TELEMETRY_ENABLED", "false")
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    env.setdefault("PYTHONHASHSEED", "0")
    # The pretrained sentence model is packaged (docs/models.md): never reach for a model hub.
    env["HF_HUB_OFFLINE"] = env["TRANSFORMERS_OFFLINE"] = "1"
    return env


def save_pipeline(root: Path = REPO_ROOT, force: bool = False) -> Path:
    """Build and save the spaCy pipeline Rasa's ``SpacyNLP`` loads, unless it is up to date."""
    out = root / DEFAULT_OUTPUT
    stamp = out / PIPELINE_STAMP
    wanted = _inputs_hash(root, PIPELINE_INPUTS, "spacy")
    if not force and stamp.exists() and stamp.read_text().strip() == wanted:
        return out
    out.mkdir(parents=True, exist_ok=True)
    build_pipeline().to_disk(out)
    stamp.write_text(wanted + "\n")
    return out


def save_sentence_model() -> str:
    """Convert the sentence model to TensorFlow Lite once (``stormwater.understanding.embeddings``).

    A failed conversion is reported and the build goes on: the encoder then runs the Keras
    model, which gives the same vectors, a few milliseconds slower.
    """
    logging.getLogger("absl").addFilter(HarmlessAbslWarnings())
    try:
        return f"up to date in {save_compiled()}"
    except Exception as error:  # noqa: BLE001 - any converter failure only costs speed
        return f"not converted ({type(error).__name__}: {error}); the Keras model will be used"


def train_if_stale(root: Path = REPO_ROOT, force: bool = False) -> bool:
    """Train the Rasa model unless one exists for exactly these inputs; True if it trained."""
    stamp = model_path(root).with_suffix("").with_suffix(".sha256")
    wanted = training_hash(root)
    if not force and model_path(root).exists() and stamp.exists() and stamp.read_text().strip() == wanted:
        print(f"Model {model_path(root)} is up to date.")
        return False
    started = time.monotonic()
    cmd = [
        sys.executable, "-m", "rasa", "train",
        "--config", "bot/config.yml", "--domain", "bot/domain.yml",
        "--data", "data/nlu", "bot/rules.yml",
        "--out", str(MODEL_DIR), "--fixed-model-name", MODEL_NAME, "--force",
    ]
    # The whole output goes to <instance>/logs/train.log; the console gets it without the
    # noise an operator would take for failures (ops.console).
    log_path = instance_folder() / "logs" / "train.log"
    private_folder(log_path.parent)
    print(f"Training the Rasa model (1-4 min); its full output: {log_path}", flush=True)
    process = subprocess.Popen(cmd, cwd=root, env=rasa_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    start_pump(process.stdout, open(log_path, "wb"), sys.stdout).join()
    if process.wait() != 0:
        raise subprocess.CalledProcessError(process.returncode, cmd)
    seconds = time.monotonic() - started
    stamp.write_text(wanted + "\n")
    training_seconds_path(root).write_text(f"{seconds:.1f}\n")
    print(f"Trained {model_path(root)} in {seconds:.0f} s.")
    return True


def main(argv: Optional[List[str]] = None) -> None:
    """Build the spaCy pipeline and (re)train the model if needed."""
    # Before TensorFlow is first imported (through spaCy's thinc, the sentence model): its C++
    # INFO and WARNING lines ("Executor start aborting (this does not indicate an error ...")
    # stay out of the console; errors still show. Rasa's processes get it from rasa_env().
    set_library_defaults(TF_CPP_MIN_LOG_LEVEL="2")
    start_process()
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--force", action="store_true", help="train even if the model is up to date")
    args = parser.parse_args(argv)
    print(f"spaCy pipeline up to date in {save_pipeline(force=args.force)}")
    print(f"Sentence model {save_sentence_model()}")
    train_if_stale(force=args.force)


if __name__ == "__main__":
    main()
