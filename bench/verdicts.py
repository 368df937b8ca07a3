"""Verdict accuracy: do residents' discharge questions get their village's right answer?

Run from the repository root after `make setup`: ``.venv/bin/python -m bench.verdicts``.
Sends every question of ``tests/verdict_questions/questions.yml`` (never trained on) through
``POST /api/chat`` with the village chosen, each in a new conversation, and checks the
``discharge_answer`` payload: right when it names the expected discharge with the verdict the
village's ordinance gives it. Starts its own services on free ports with a throwaway instance
folder, or uses ``--url`` of a running help desk. Prints and records accuracy per village and
every miss.
"""
from __future__ import annotations

import argparse
import random
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import requests
import yaml

from stormwater.store.paths import REPO_ROOT

QUESTIONS = REPO_ROOT / "tests/verdict_questions/questions.yml"
COMMAND = ".venv/bin/python -m bench.verdicts"
TARGET_ACCURACY = 0.98
CONCURRENCY = 4
GENERAL_RULE_VERDICT = "not_named"  # stormwater.law.knowledge.NOT_NAMED


@dataclass(frozen=True)
class Question:
    """One resident phrasing and the answer the village's ordinance gives it."""

    village: str
    text: str
    discharge: str
    verdict: str


@dataclass(frozen=True)
class Outcome:
    question: Question
    right: bool
    got: Tuple[Tuple[Optional[str], Optional[str]], ...]  # (discharge, verdict) of each payload
    reply: str = ""


def load_question_file(path: Path = QUESTIONS) -> dict:
    """The raw question file: ``verdicts`` and ``questions``."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def load_questions(path: Path = QUESTIONS) -> Dict[str, List[Question]]:
    """Questions per village slug: the ``any`` phrasings plus those naming that village."""
    raw = load_question_file(path)
    villages = sorted({slug for per_village in raw["verdicts"].values() for slug in per_village})
    found: Dict[str, List[Question]] = {slug: [] for slug in villages}
    for key, phrasings in raw["questions"].items():
        for slug in villages:
            for text in [*(phrasings.get("any") or []), *(phrasings.get(slug) or [])]:
                found[slug].append(Question(slug, text, key, raw["verdicts"][key][slug]))
    return found


def ordinance_verdict(village, key: str) -> str:
    """The verdict a village's knowledge file gives ``key``: its rule's, else the general rule's."""
    rule = village.rules.get(key)
    return rule.verdict if rule is not None else GENERAL_RULE_VERDICT


def ask(base_url: str, question: Question, timeout: float = 30) -> Outcome:
    """Send one question in a new conversation and judge the answer."""
    body = {"sender": f"verdict-{uuid.uuid4().hex}", "message": question.text, "village": question.village}
    try:
        response = requests.post(f"{base_url}/api/chat", json=body, timeout=timeout)
        messages = response.json().get("messages") or [] if response.ok else []
    except (requests.RequestException, ValueError) as exc:
        return Outcome(question, False, (), f"request failed: {type(exc).__name__}")
    payloads = [m["custom"] for m in messages if (m.get("custom") or {}).get("type") == "discharge_answer"]
    got = tuple((p.get("discharge"), p.get("verdict")) for p in payloads)
    right = any(
        p.get("village") == question.village and (p.get("discharge"), p.get("verdict")) == (question.discharge, question.verdict)
        for p in payloads
    )
    reply = "" if payloads else f"HTTP {response.status_code}: " + " ".join(m.get("text", "") for m in messages)[:90]
    return Outcome(question, right, got, reply)


def ask_all(base_url: str, questions: List[Question], concurrency: int = CONCURRENCY) -> List[Outcome]:
    """Every question, ``concurrency`` at a time."""
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        return list(pool.map(lambda q: ask(base_url, q), questions))


def sample(questions: Dict[str, List[Question]], per_village: int, seed: int = 7) -> Dict[str, List[Question]]:
    """A fixed random sample of ``per_village`` questions for each village."""
    return {slug: random.Random(seed).sample(qs, min(per_village, len(qs))) for slug, qs in questions.items()}


def table(outcomes: Dict[str, List[Outcome]]) -> str:
    """Accuracy per village and the misses, in Markdown."""
    rows = ["| village | questions | right | accuracy | target >= 0.98 |", "|---|---|---|---|---|"]
    misses = []
    for slug, results in outcomes.items():
        right = sum(o.right for o in results)
        accuracy = right / len(results)
        met = "yes" if accuracy >= TARGET_ACCURACY else f"no (short by {TARGET_ACCURACY - accuracy:.3f})"
        rows.append(f"| {slug} | {len(results)} | {right} | {accuracy:.3f} | {met} |")
        for o in results:
            if not o.right:
                got = ", ".join(f"{d or 'none'}/{v}" for d, v in o.got) or o.reply or "no discharge answer"
                misses.append(f"| {slug} | {o.question.text} | {o.question.discharge}/{o.question.verdict} | {got} |")
    if misses:
        rows += ["", "Misses:", "", "| village | question | expected | got |", "|---|---|---|---|", *misses]
    return "\n".join(rows)


def main() -> None:
    """Ask every question (or a sample) and record the accuracy table."""
    from bench.report import record
    from bench.services import load_average, running_helpdesk

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="base URL of a running help desk (default: start one on free ports)")
    parser.add_argument("--sample", type=int, help="only this many questions per village")
    parser.add_argument("--concurrency", type=int, default=CONCURRENCY)
    parser.add_argument("--model", type=Path, help="a model other than models/helpdesk.tar.gz (to compare configurations)")
    parser.add_argument("--section", default="Understanding: discharge verdicts per village", help="docs/benchmarks.md section")
    args = parser.parse_args()
    questions = load_questions()
    if args.sample:
        questions = sample(questions, args.sample)

    def measure(base_url: str) -> Dict[str, List[Outcome]]:
        return {slug: ask_all(base_url, qs, args.concurrency) for slug, qs in questions.items()}

    if args.url:
        outcomes = measure(args.url.rstrip("/"))
    else:
        with running_helpdesk(model=args.model) as helpdesk:
            outcomes = measure(helpdesk.base_url)
    intro = (
        f"Each question of `{QUESTIONS.relative_to(REPO_ROOT)}` (resident phrasings never trained on: typos, "
        "SMS style, short and long, naming the village or not) goes through `POST /api/chat` with the village "
        "chosen, in a new conversation. Right = a `discharge_answer` payload with the expected discharge key "
        "and the verdict written from the village's knowledge file (`not_named` where the ordinance does not name the discharge). "
        f"Load average at the end: {load_average()}.\n\n"
    )
    command = COMMAND + (f" --sample {args.sample}" if args.sample else "") + (f" --model {args.model}" if args.model else "")
    record(args.section, command, intro + table(outcomes))


if __name__ == "__main__":
    main()
