"""Understanding on the held-out NLU file: intent F1 (Rasa's own evaluation) and entity F1.

Run from the repository root after `make setup`: ``.venv/bin/python -m bench.understanding``.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.entity_eval import evaluate
from bench.report import record
from ops.build import model_path, rasa_env
from stormwater.nlp_pipeline import DEFAULT_OUTPUT
from stormwater.paths import REPO_ROOT

HELDOUT = REPO_ROOT / "tests/nlu_heldout/heldout.yml"
COMMAND = ".venv/bin/python -m bench.understanding"


def intent_report(out: Path) -> dict:
    """Run ``rasa test nlu`` on the held-out file; returns its intent report."""
    subprocess.run(
        [sys.executable, "-m", "rasa", "test", "nlu", "--model", str(model_path()), "--nlu", str(HELDOUT), "--out", str(out)],
        cwd=REPO_ROOT, env=rasa_env(), check=True, capture_output=True,
    )
    return json.loads((out / "intent_report.json").read_text())


def main() -> None:
    """Print and record the understanding table."""
    with tempfile.TemporaryDirectory() as tmp:
        intents = intent_report(Path(tmp))
    entities = evaluate(HELDOUT, REPO_ROOT / DEFAULT_OUTPUT)
    macro = intents["macro avg"]
    rows = [
        "| measure | value | target |",
        "|---|---|---|",
        f"| held-out intent macro-F1 | {macro['f1-score']:.3f} | >= 0.95 |",
        f"| held-out intent accuracy | {intents['accuracy']:.3f} | |",
        f"| held-out discharge entity F1 | {entities['discharge']['f1']:.3f} (n={entities['discharge']['support']}) | >= 0.95 |",
        f"| held-out village entity F1 | {entities['village']['f1']:.3f} (n={entities['village']['support']}) | |",
    ]
    weak = sorted(
        ((name, r["f1-score"], r.get("confused_with") or {}) for name, r in intents.items()
         if isinstance(r, dict) and "confused_with" in r and r["f1-score"] < 0.95),
        key=lambda x: x[1],
    )
    notes = ["", "Intents under 0.95 F1 and what they were confused with:", ""]
    notes += [f"- `{name}` {f1:.2f}: {', '.join(f'{k} ({v})' for k, v in confused.items()) or '-'}" for name, f1, confused in weak]
    record("Understanding (held-out NLU)", COMMAND, "\n".join(rows + (notes if weak else [])))


if __name__ == "__main__":
    main()
