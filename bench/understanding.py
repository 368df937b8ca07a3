"""Understanding: intent and entity precision/recall/F1, on the held-out file and by cross-validation.

Run from the repository root after `make setup`:

- ``.venv/bin/python -m bench.understanding`` scores the trained model on the held-out file
  ``tests/nlu_heldout/heldout.yml`` (never trained on); a minute or so.
- ``.venv/bin/python -m bench.understanding --cross-validation`` runs Rasa's 5-fold
  cross-validation over ``data/nlu`` with ``bot/config.yml``: it trains five models, about a
  quarter of an hour on 2 cores, and records how long it took.

Both print their table and record it in docs/benchmarks.md with the confusion pairs.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from bench.entity_eval import evaluate
from bench.report import record
from ops.build import model_path, rasa_env
from stormwater.law.nlp_pipeline import DEFAULT_OUTPUT
from stormwater.store.paths import REPO_ROOT

HELDOUT = REPO_ROOT / "tests/nlu_heldout/heldout.yml"
TRAINING_DATA = REPO_ROOT / "data/nlu"
COMMAND = ".venv/bin/python -m bench.understanding"
TARGET_MACRO_F1 = 0.95
TOP_CONFUSIONS = 10


def rasa_test_nlu(out: Path, *args: str) -> dict:
    """Run ``rasa test nlu`` with ``args``; returns its intent report (``intent_report.json``)."""
    subprocess.run(
        [sys.executable, "-m", "rasa", "test", "nlu", "--out", str(out), "--no-plot", *args],
        cwd=REPO_ROOT, env=dict(rasa_env(), TF_CPP_MIN_LOG_LEVEL="3"), check=True, capture_output=True,
    )
    return json.loads((out / "intent_report.json").read_text())


def intent_report(out: Path, model: Optional[Path] = None) -> dict:
    """The trained model's (or ``model``'s) intent report on the held-out file."""
    return rasa_test_nlu(out, "--model", str(model or model_path()), "--nlu", str(HELDOUT))


def cross_validation_report(out: Path, config: Path, folds: int) -> dict:
    """Intent report accumulated over the test parts of ``folds``-fold cross-validation."""
    return rasa_test_nlu(out, "--cross-validation", "--folds", str(folds), "--config", str(config), "--nlu", str(TRAINING_DATA))


def confusion_pairs(report: dict, limit: int = TOP_CONFUSIONS) -> List[Tuple[str, str, int]]:
    """The most frequent (true intent, predicted intent, count) mistakes in an intent report."""
    pairs = [
        (name, predicted, count)
        for name, r in report.items() if isinstance(r, dict)
        for predicted, count in (r.get("confused_with") or {}).items()
    ]
    return sorted(pairs, key=lambda p: (-p[2], p[0], p[1]))[:limit]


def intent_rows(label: str, report: dict) -> List[str]:
    """Table rows: macro and weighted precision/recall/F1 and accuracy."""
    macro, weighted = report["macro avg"], report["weighted avg"]
    met = "yes" if macro["f1-score"] >= TARGET_MACRO_F1 else f"no (short by {TARGET_MACRO_F1 - macro['f1-score']:.3f})"
    return [
        f"| {label} intent, macro avg | {macro['precision']:.3f} | {macro['recall']:.3f} | {macro['f1-score']:.3f} "
        f"| {macro['support']} | >= 0.95 F1: {met} |",
        f"| {label} intent, weighted avg | {weighted['precision']:.3f} | {weighted['recall']:.3f} "
        f"| {weighted['f1-score']:.3f} | {weighted['support']} | accuracy {report['accuracy']:.3f} |",
    ]


def entity_rows(label: str, entities: Dict[str, Dict[str, float]]) -> List[str]:
    return [
        f"| {label} entity `{name}` | {r['precision']:.3f} | {r['recall']:.3f} | {r['f1']:.3f} | {r['support']} | |"
        for name, r in entities.items()
    ]


def pair_lines(report: dict) -> List[str]:
    pairs = confusion_pairs(report)
    if not pairs:
        return ["No confusions."]
    return ["| true intent | predicted as | times |", "|---|---|---|"] + [f"| `{t}` | `{p}` | {n} |" for t, p, n in pairs]


TABLE_HEAD = ["| measure | precision | recall | F1 | support | note |", "|---|---|---|---|---|---|"]


def heldout(model: Optional[Path] = None, section: str = "Understanding (held-out NLU)") -> None:
    """Score the trained model (or ``model``) on the held-out file and record it."""
    with tempfile.TemporaryDirectory() as tmp:
        intents = intent_report(Path(tmp), model)
    entities = evaluate(HELDOUT, REPO_ROOT / DEFAULT_OUTPUT)
    body = TABLE_HEAD + intent_rows("held-out", intents) + entity_rows("held-out", entities)
    body += [
        "", f"Load average at the end: {os.getloadavg()[0]:.1f} (accuracy figures do not depend on it).",
        "", f"Top confusion pairs on the held-out file (of {intents['macro avg']['support']} examples):", "",
    ]
    body += pair_lines(intents)
    record(section, COMMAND + (f" --model {model}" if model else ""), "\n".join(body))


def cross_validation(config: Path, folds: int) -> None:
    """Run k-fold cross-validation over the training data and record it with its duration."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        intents = cross_validation_report(Path(tmp), config, folds)
    seconds = time.monotonic() - started
    # The entity extractors are rule-based (the spaCy entity ruler built from the knowledge
    # files, and regexes): nothing about them is trained, so every fold's test part is scored
    # by the same extractor, and the union of the folds' test parts is the whole training data.
    entities = evaluate(TRAINING_DATA, REPO_ROOT / DEFAULT_OUTPUT)
    body = TABLE_HEAD + intent_rows(f"{folds}-fold CV", intents) + entity_rows(f"{folds}-fold CV", entities)
    body += [
        "",
        f"Config `{config.relative_to(REPO_ROOT) if config.is_relative_to(REPO_ROOT) else config}`, "
        f"{folds} folds over `data/nlu` (test parts accumulated); took {seconds / 60:.1f} min "
        f"(load average {os.getloadavg()[0]:.1f} at the end). Entities are found by rule-based extractors that "
        "are not trained, so their figures are those of the extractor over all of `data/nlu`.",
        "",
        "Top confusion pairs over the test folds:",
        "",
    ]
    body += pair_lines(intents)
    command = f"{COMMAND} --cross-validation" + ("" if folds == 5 else f" --folds {folds}")
    record("Understanding (cross-validation)", command, "\n".join(body))


def main() -> None:
    """Print and record the understanding tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cross-validation", action="store_true", help="k-fold cross-validation (trains k models: slow)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--config", type=Path, default=REPO_ROOT / "bot/config.yml", help="pipeline config for cross-validation")
    parser.add_argument("--model", type=Path, help="score this model on the held-out file instead of the project's")
    parser.add_argument("--section", help="docs/benchmarks.md section (to compare configurations)")
    args = parser.parse_args()
    if args.cross_validation:
        cross_validation(args.config.resolve(), args.folds)
    else:
        heldout(args.model.resolve() if args.model else None, args.section or "Understanding (held-out NLU)")


if __name__ == "__main__":
    main()
