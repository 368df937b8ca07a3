"""Leave-one-out: how the help desk answers a discharge its phrase list does not know (issue 27 item 4).

Run from the repository root: ``.venv/bin/python -m bench.leave_one_out``.

For each named discharge of ``data/discharges.yml`` that the project's own test sets ask about,
a copy of ``data/`` is made with that entry's words removed (its synonyms, and its label made
unmatchable; the key stays, since the village files' rules name it). Every question about it in
``tests/verdict_questions/questions.yml`` and ``tests/real_phrasings/questions.yml`` is then read
by the domain's own reader and answered as the help desk answers it (``read_question`` and
``answer_replies``: qualifiers, clarifying questions, the villages' facet rules, one verdict per
reply), in a fresh process whose data folder is that copy. Each answer is:

- **right**: the verdict the ordinance gives the question (by whatever key or category);
- **honest**: a "not named" answer or one clarifying question instead of a firm verdict;
- **contradicting**: a firm badge (allowed, conditional, prohibited) other than the right one.

What stays when an entry is left out: ``data/facets.yml`` (the ordinances' categories: what the
water is, what is in it, the roles of words) and the villages' ``facet_rules``, which give a
discharge nobody listed its category's rule. Their words name categories, not an entry's
synonyms, but a category's plain words and a left-out entry's synonyms can share a word ("sump
pump", "pool"): a right answer then says the category is read, not that an unseen word was.

The meaning classifier (a Rasa component trained on ``data/nlu/``) is left out: leaving an
entry out of it means retraining the model once per entry (about 50 entries, 1-4 minutes each
on 2 cores). So this measures the phrase list, the facets and the rule tables alone, which is
the harder case. The run is deterministic (no timings, no sampling): one run gives the figures.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import yaml

from stormwater.store.paths import REPO_ROOT

COMMAND = ".venv/bin/python -m bench.leave_one_out"
VERDICT_QUESTIONS = REPO_ROOT / "tests/verdict_questions/questions.yml"
REAL_PHRASINGS = REPO_ROOT / "tests/real_phrasings/questions.yml"
VILLAGES = ("bayville", "poquott")
FIRM = ("allowed", "conditional", "prohibited")
LEFT_OUT_LABEL = "zzq left out {key}"  # a phrase no resident types
TARGET_RIGHT = 0.80

Item = Tuple[str, str, str, Tuple[str, ...]]  # village, text, expected verdict ("conditional|allowed": either), acceptable keys


def questions_by_key() -> Dict[str, List[Item]]:
    """Every discharge question of the project's sets, by the catalogue key it is about."""
    found: Dict[str, List[Item]] = defaultdict(list)
    raw = yaml.safe_load(VERDICT_QUESTIONS.read_text(encoding="utf-8"))
    for key, phrasings in raw["questions"].items():
        for slug in VILLAGES:
            for text in [*(phrasings.get("any") or []), *(phrasings.get(slug) or [])]:
                found[key].append((slug, text, raw["verdicts"][key][slug], (key,)))
    for item in yaml.safe_load(REAL_PHRASINGS.read_text(encoding="utf-8")):
        expect = item["expect"]
        if expect["kind"] != "discharge":
            continue
        named = {slug for slug in VILLAGES if slug in item["text"].lower()}
        for slug in VILLAGES:
            if len(named) == 1 and slug not in named:
                continue
            entry = expect[slug]
            keys = entry.get("discharge")
            keys = tuple(keys) if isinstance(keys, list) else (keys,) if keys else ()
            for key in keys[:1]:  # counted once, under its first reading
                # "allowed, as you describe it" is right too where the resident vouches for the condition
                verdict = "|".join(v for v in (entry["verdict"], entry.get("as_described")) if v)
                found[key].append((slug, item["text"], verdict, keys))
    return found


def left_out_copy(key: Optional[str], into: Path) -> Path:
    """A copy of ``data/`` with ``key``'s words removed (``None``: nothing left out)."""
    target = into / "data"
    shutil.copytree(REPO_ROOT / "data", target, ignore=shutil.ignore_patterns("nlu"))
    if key is not None:
        path = target / "discharges.yml"
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        entry = raw["discharges"][key]
        entry["synonyms"] = []
        entry["label"] = LEFT_OUT_LABEL.format(key=key)
        path.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return target


def judge(expected: str, got: Optional[str]) -> str:
    """right / honest / contradicting."""
    if got in expected.split("|"):
        return "right"
    if got in FIRM:
        return "contradicting"
    return "honest"


def worker(folder: str, items: List[Item]) -> List[Tuple[str, str]]:
    """In this process, with ``folder`` as the data folder: (verdict or "clarify", case key)
    of the first answer to each item."""
    from stormwater.store.paths import use_data_dir

    use_data_dir(folder)
    from stormwater.dialogue.meaning_replies import answer_replies
    from stormwater.understanding.meaning import read_question
    from stormwater.law.villages import load_villages

    villages = load_villages()
    out = []
    for slug, text, _, _ in items:
        reading = read_question(text)
        if reading.clarify:
            out.append(("clarify", reading.clarify_key or ""))
            continue
        replies, _ = answer_replies(villages[slug], reading.key, text, reading.keys[1:4])
        first = next((r.custom for r in replies if (r.custom or {}).get("type") == "discharge_answer"), {})
        out.append((first.get("verdict") or "none", first.get("discharge") or ""))
    return out


def run_one(key: Optional[str], items: List[Item]) -> List[Tuple[str, str]]:
    """Answers to ``items`` with ``key`` left out, in a fresh process."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = left_out_copy(key, Path(tmp))
        payload = json.dumps({"folder": str(folder), "items": items})
        done = subprocess.run(
            [sys.executable, "-m", "bench.leave_one_out", "--worker"], input=payload, capture_output=True, text=True,
            cwd=REPO_ROOT, check=True,
        )
        return [tuple(x) for x in json.loads(done.stdout.strip().splitlines()[-1])]


def table(results: Dict[str, List[Tuple[Item, Tuple[str, str]]]], baseline: Dict[str, List[Tuple[Item, Tuple[str, str]]]]) -> str:
    """Per entry and in all, in Markdown."""
    rows = [
        "| entry left out | questions | right | honest (not named / clarify) | contradicting | right with nothing left out |",
        "|---|---|---|---|---|---|",
    ]
    totals = defaultdict(int)
    contradictions = []
    for key in sorted(results):
        marks = [judge(item[2], got[0]) for item, got in results[key]]
        full = [judge(item[2], got[0]) for item, got in baseline[key]]
        n = len(marks)
        counts = {m: marks.count(m) for m in ("right", "honest", "contradicting")}
        for m, c in counts.items():
            totals[m] += c
        totals["n"] += n
        totals["full"] += full.count("right")
        rows.append(f"| {key} | {n} | {counts['right']} | {counts['honest']} | {counts['contradicting']} | {full.count('right')} |")
        for (item, got), mark in zip(results[key], marks):
            if mark == "contradicting":
                contradictions.append(f"| {key} | {item[0]} | {item[1]} | {item[2]} | {got[1] or 'none'}/{got[0]} |")
    n = totals["n"] or 1
    met = "yes" if totals["right"] / n >= TARGET_RIGHT and not totals["contradicting"] else "no"
    rows.append(
        f"| **all** | {totals['n']} | {totals['right']} ({totals['right'] / n:.2f}) | {totals['honest']} ({totals['honest'] / n:.2f}) "
        f"| {totals['contradicting']} | {totals['full']} ({totals['full'] / n:.2f}) |"
    )
    rows.append("")
    rows.append(f"Target (issue 27): at least {TARGET_RIGHT:.2f} right and zero contradicting badges: {met}.")
    if contradictions:
        rows += ["", "Contradicting badges:", "", "| entry left out | village | question | expected | got |", "|---|---|---|---|---|", *contradictions]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--only", nargs="*", help="only these entries")
    parser.add_argument("--section", default="Understanding: leave-one-out (issue 27)")
    parser.add_argument("--no-record", action="store_true", help="print, do not write docs/benchmarks.md")
    args = parser.parse_args()
    if args.worker:
        request = json.loads(sys.stdin.read())
        print(json.dumps(worker(request["folder"], [tuple(i) for i in request["items"]])))
        return
    by_key = questions_by_key()
    keys = [k for k in sorted(by_key) if not args.only or k in args.only]
    everything = [item for k in keys for item in by_key[k]]
    answers = run_one(None, everything)
    baseline, at = {}, 0
    for k in keys:
        baseline[k] = list(zip(by_key[k], answers[at : at + len(by_key[k])]))
        at += len(by_key[k])
    results = {}
    for k in keys:
        results[k] = list(zip(by_key[k], run_one(k, by_key[k])))
        print(f"{k}: {sum(judge(i[2], g[0]) == 'right' for i, g in results[k])}/{len(results[k])}", file=sys.stderr)
    body = (
        "Each named discharge of `data/discharges.yml` asked about in the project's sets "
        "(`tests/verdict_questions/questions.yml`, `tests/real_phrasings/questions.yml`) is left out in turn "
        "(its synonyms removed, its label made unmatchable); every question about it is read and answered by the "
        "domain (`read_question`, `answer_replies`: qualifiers, clarifying questions, the villages' facet rules) "
        "in a fresh process on that copy of `data/`. Right: the ordinance's verdict; honest: \"not named\" or one "
        "clarifying question; contradicting: another firm badge. What stays: `data/facets.yml` (the ordinances' "
        "categories: what the water is, what is in it, the roles of words) and the villages' `facet_rules`; their "
        "words name categories, not an entry's synonyms, but a category's plain words can share a word with a "
        "left-out entry (\"sump pump\", \"pool\"), so a right answer says the category is read, not that an unseen "
        "word was. The meaning classifier is left out (it would need "
        "one retraining per entry), so this measures the phrase list, facets and rule tables alone. Deterministic: "
        "one run gives the figures.\n\n" + table(results, baseline)
    )
    if args.no_record:
        print(body)
        return
    from bench.report import record

    record(args.section, COMMAND, body)
    print(body)


if __name__ == "__main__":
    main()
