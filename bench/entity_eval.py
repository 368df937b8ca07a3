"""How well the rule-based extractor finds discharges and villages in held-out messages.

Rasa's ``rasa test nlu`` leaves pretrained extractors such as ``SpacyEntityExtractor`` out of
its reports, so this module scores the project's spaCy pipeline itself: a predicted entity
counts when its span and label match an annotated one exactly.
"""
from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Dict, List

LABELS = ("discharge", "village")


def _examples(path: Path) -> List[dict]:
    from rasa.shared.nlu.training_data.loading import load_data

    data = load_data(str(path))
    return [{"text": m.get("text"), "entities": m.get("entities") or []} for m in data.training_examples]


def evaluate(path: Path, pipeline_dir: Path) -> Dict[str, Dict[str, float]]:
    """Precision, recall and F1 per entity label (exact span and label).

    :param path: a Rasa NLU YAML file with annotated entities
    :param pipeline_dir: the saved spaCy pipeline (``build/spacy_pipeline``)
    """
    import spacy

    nlp = spacy.load(pipeline_dir)
    counts = {label: Counter() for label in LABELS}
    for example in _examples(path):
        gold = {(e["start"], e["end"], e["entity"]) for e in example["entities"] if e["entity"] in LABELS}
        doc = nlp(example["text"])
        predicted = {(e.start_char, e.end_char, e.label_) for e in doc.ents}
        for label in LABELS:
            g = {x for x in gold if x[2] == label}
            p = {x for x in predicted if x[2] == label}
            counts[label]["tp"] += len(g & p)
            counts[label]["fp"] += len(p - g)
            counts[label]["fn"] += len(g - p)
    report = {}
    for label, c in counts.items():
        precision = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
        recall = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        report[label] = {"precision": precision, "recall": recall, "f1": f1, "support": c["tp"] + c["fn"]}
    return report


def main() -> None:
    """Print the entity table for the held-out file."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--data", type=Path, default=Path("tests/nlu_heldout/heldout.yml"))
    parser.add_argument("--pipeline", type=Path, default=Path("build/spacy_pipeline"))
    args = parser.parse_args()
    print("| entity | precision | recall | F1 | support |\n|---|---|---|---|---|")
    for label, r in evaluate(args.data, args.pipeline).items():
        print(f"| {label} | {r['precision']:.3f} | {r['recall']:.3f} | {r['f1']:.3f} | {r['support']} |")


if __name__ == "__main__":
    main()
