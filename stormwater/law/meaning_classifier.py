"""Discharges by meaning: the fallback when the phrase list (``find_discharges``) finds nothing.

A small classifier over all-MiniLM-L6-v2 sentence embeddings learns what each discharge
means from its own words: the vocabulary's label and aliases (``data/discharges.yml``), every
village's rule summary and ordinance quotes, and the project's own discharge questions
(``ask_discharge`` examples of ``data/nlu``, labelled by the phrase list). A question is given
a discharge only when the classifier's probability clears a threshold calibrated on data by
``bench/discharge_meaning.py``; below it, nothing is named and the general-rule / not-named
answer follows: the nearest rule is never forced.

Plain Python (numpy, scikit-learn): no Flask, no Rasa. The Rasa component
``nlu_components.discharge_meaning`` trains and applies :class:`MeaningClassifier` with the
embeddings the pipeline already computed; :func:`match_discharge` does the same from text.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from stormwater.understanding.catalogue import find_discharges, load_catalogue
from stormwater.law.villages import load_villages
from stormwater.store.paths import REPO_ROOT
from stormwater.understanding.embeddings import get_encoder  # TensorFlow loads only when an encoder is asked for

# Calibrated by `python -m bench.discharge_meaning` (docs/benchmarks.md, "Discharges by meaning").
DEFAULT_THRESHOLD = 0.6
REGULARISATION_C = 10.0

Encode = Callable[[Sequence[str]], np.ndarray]


def rule_texts(folder: Optional[str] = None) -> List[Tuple[str, str]]:
    """(discharge key, text) pairs: label, aliases, and each village's summary and quotes."""
    pairs: List[Tuple[str, str]] = []
    catalogue = load_catalogue(folder)
    for discharge in catalogue.values():
        pairs.append((discharge.key, discharge.label))
        pairs.extend((discharge.key, alias) for alias in discharge.synonyms)
    for village in load_villages(Path(folder) if folder else None).values():
        names = {village.name, village.short_name}
        for key, rule in village.rules.items():
            if key not in catalogue:
                continue
            summary = rule.summary
            for name in names:  # "In Bayville, ..." says nothing about the discharge
                summary = re.sub(rf"^In (the )?{re.escape(name)},\s*", "", summary)
            pairs.append((key, summary))
            pairs.extend((key, passage.quote) for passage in rule.passages)
    seen: Dict[Tuple[str, str], None] = {}
    for key, text in pairs:
        text = " ".join(str(text).split())
        if text:
            seen.setdefault((key, text), None)
    return list(seen)


def texts_fingerprint(pairs: Sequence[Tuple[str, str]]) -> str:
    """SHA-256 of the rule texts: tells a stored classifier that the knowledge files changed."""
    digest = hashlib.sha256()
    for key, text in pairs:
        digest.update(f"{key}\t{text}\n".encode())
    return digest.hexdigest()


def labelled_examples(texts: Sequence[str]) -> List[Tuple[int, str]]:
    """(index, key) for the discharge questions whose phrase list names exactly one discharge."""
    found = []
    for i, text in enumerate(texts):
        keys = find_discharges(text)
        if len(keys) == 1:
            found.append((i, keys[0]))
    return found


@dataclass
class MeaningClassifier:
    """Multinomial logistic regression from a unit sentence embedding to a discharge key."""

    classes: List[str]
    coef: np.ndarray  # (n_classes, d)
    intercept: np.ndarray  # (n_classes,)
    threshold: float = DEFAULT_THRESHOLD
    fingerprint: str = ""

    @classmethod
    def fit(cls, vectors: np.ndarray, keys: Sequence[str], threshold: float = DEFAULT_THRESHOLD,
            fingerprint: str = "", c: float = REGULARISATION_C) -> "MeaningClassifier":
        """Fit on (embedding, key) pairs: rule texts and labelled questions."""
        from sklearn.linear_model import LogisticRegression

        model = LogisticRegression(C=c, max_iter=3000, random_state=0).fit(np.asarray(vectors), list(keys))
        coef, intercept = model.coef_, model.intercept_
        if len(model.classes_) == 2:  # binary: one row of logits for the second class; softmax of [0, z]
            coef, intercept = np.vstack([np.zeros_like(coef), coef]), np.concatenate([[0.0], intercept])
        return cls(list(model.classes_), coef.astype(np.float32), intercept.astype(np.float32), threshold, fingerprint)

    def probabilities(self, vector: np.ndarray) -> List[Tuple[str, float]]:
        """Each discharge's probability for one embedding, highest first."""
        logits = self.coef @ np.asarray(vector, dtype=np.float32).reshape(-1) + self.intercept
        logits = logits - logits.max()
        p = np.exp(logits) / np.exp(logits).sum()
        order = np.argsort(-p)
        return [(self.classes[i], float(p[i])) for i in order]

    def match(self, vector: np.ndarray) -> Optional[Tuple[str, float]]:
        """(key, probability) of the discharge ``vector`` means, or ``None`` below the threshold."""
        ranked = self.probabilities(vector)
        if not ranked or ranked[0][1] < self.threshold:
            return None
        return ranked[0]

    def save(self, path: Path) -> None:
        """Write the classifier to ``path`` (an ``.npz`` file)."""
        np.savez(path, classes=np.array(self.classes), coef=self.coef, intercept=self.intercept,
                 fingerprint=np.array(self.fingerprint))

    @classmethod
    def load(cls, path: Path, threshold: float = DEFAULT_THRESHOLD) -> "MeaningClassifier":
        """Read a classifier written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as data:
            return cls([str(c) for c in data["classes"]], data["coef"], data["intercept"], threshold,
                       str(data["fingerprint"]))


def train_classifier(encode: Encode, questions: Sequence[str] = (), question_vectors: Optional[np.ndarray] = None,
                     folder: Optional[str] = None, threshold: float = DEFAULT_THRESHOLD) -> MeaningClassifier:
    """Fit a :class:`MeaningClassifier` on the rule texts and the labelled ``questions``.

    :param encode: the sentence encoder (e.g. ``get_encoder().encode``)
    :param questions: discharge questions (``ask_discharge`` examples); the phrase list labels them
    :param question_vectors: their embeddings, when already computed
    """
    pairs = rule_texts(folder)
    vectors = [np.asarray(encode([t for _, t in pairs]))]
    keys = [k for k, _ in pairs]
    labelled = labelled_examples(questions)
    if labelled:
        qv = np.asarray(question_vectors) if question_vectors is not None else np.asarray(encode(list(questions)))
        vectors.append(qv[[i for i, _ in labelled]])
        keys.extend(k for _, k in labelled)
    return MeaningClassifier.fit(np.concatenate(vectors), keys, threshold, texts_fingerprint(pairs))


_CLASSIFIER: Optional[MeaningClassifier] = None


def match_discharge(text: str, classifier: Optional[MeaningClassifier] = None, encode: Optional[Encode] = None) -> List[str]:
    """Discharge keys for ``text``: the phrase list first (exact and fast), else by meaning.

    :param text: what the resident wrote
    :param classifier: a trained :class:`MeaningClassifier`; by default one trained once per
        process on the rule texts and ``data/nlu``'s discharge questions
    :param encode: the sentence encoder; defaults to :func:`stormwater.understanding.embeddings.get_encoder`
    :returns: the phrase list's keys, or ``[key]`` by meaning, or ``[]`` (nothing named)
    """
    keys = find_discharges(text)
    if keys or not (text or "").strip():
        return keys
    global _CLASSIFIER
    if encode is None:
        encode = get_encoder().encode
    if classifier is None:
        if _CLASSIFIER is None:
            _CLASSIFIER = train_classifier(encode, discharge_questions())
        classifier = _CLASSIFIER
    found = classifier.match(encode([text])[0])
    return [found[0]] if found else []


def discharge_questions(folder: Optional[Path] = None) -> List[str]:
    """The ``ask_discharge`` examples of ``data/nlu/discharges.yml`` (plain text, entities unmarked)."""
    import yaml

    path = Path(folder or REPO_ROOT / "data/nlu") / "discharges.yml"
    texts: List[str] = []
    for block in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("nlu") or []:
        if block.get("intent") == "ask_discharge":
            for line in str(block.get("examples") or "").splitlines():
                line = line.strip()
                if line.startswith("- "):
                    # "[pool water](discharge)" -> "pool water"; {"entity": ...} annotations dropped
                    texts.append(re.sub(r"\[([^\]]+)\](\([^)]*\)|\{[^}]*\})", r"\1", line[2:].strip()))
    return texts
