"""Real phrasings: residents' own wording, collected from public pages, against the running help desk.

Run from the repository root after `make setup`: ``.venv/bin/python -m bench.real_phrasings``.
Sends every discharge question of ``tests/real_phrasings/questions.yml`` (never trained on; see
its SOURCES.md) through ``POST /api/chat`` once per village, each in a new conversation, and
judges the reply against the verdict written from that village's ordinance text:

- ``allowed`` / ``conditional`` / ``prohibited``: right when a ``discharge_answer`` payload names
  one of the expected rule keys with that verdict, or a finer rule of one of them with that same
  verdict: the resident's case a qualifier of ``data/discharges.yml`` turns the key into
  (``chlorinated_pool_water`` for ``pool_water``, ``contaminated_sump_pump`` for ``sump_pump``).
  The expected verdict itself is never relaxed, but for one case: where the resident says an
  exemption's condition holds ("tested at zero chlorine", "all clear water"), the item's
  ``as_described`` verdict (``allowed``) is right too, the condition restated as what it rests on;
- ``clarify``: right when the bot asks (a message with buttons) and gives no firm verdict;
- ``not_named``: right when the payload's verdict is ``not_named`` (the answer for a discharge
  the ordinance does not name).

A contradicting badge is a firm verdict (allowed, conditional or prohibited) that differs from
the expected one. Topic questions are scored too (right = a ``law_answer`` with the expected
topic). Starts its own services on free ports, or uses ``--url`` of a running help desk.
"""
from __future__ import annotations

import argparse
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import requests
import yaml

from stormwater.understanding.meaning import load_vocabulary
from stormwater.store.paths import REPO_ROOT

QUESTIONS = REPO_ROOT / "tests/real_phrasings/questions.yml"
COMMAND = ".venv/bin/python -m bench.real_phrasings"
VILLAGES = ("bayville", "poquott")
FIRM = {"allowed", "conditional", "prohibited"}
CONCURRENCY = 4
REWRITE_MARK = "resident-register rewrite"


@dataclass(frozen=True)
class Case:
    """One question asked in one village, with what the ordinance says."""

    id: str
    village: str
    text: str
    kind: str
    keys: Tuple[str, ...] = ()  # acceptable rule keys; empty = any
    verdict: Optional[str] = None
    topic: Optional[str] = None
    as_described: Optional[str] = None  # also right: the verdict when the resident vouches for the condition


@dataclass(frozen=True)
class Outcome:
    case: Case
    right: bool
    contradicting: bool
    got: str
    asked_only: bool = False  # buttons and no discharge answer at all


def load_cases(path: Path = QUESTIONS, include_rewrites: bool = True) -> Dict[str, List[Case]]:
    """Discharge and topic cases per village; ``include_rewrites=False`` keeps verbatim / light paraphrases only."""
    cases: Dict[str, List[Case]] = {slug: [] for slug in VILLAGES}
    for item in yaml.safe_load(path.read_text(encoding="utf-8")):
        if not include_rewrites and REWRITE_MARK in item["source"]:
            continue
        expect = item["expect"]
        for slug in VILLAGES:
            if expect["kind"] == "discharge":
                entry = expect[slug]
                key = entry.get("discharge")
                keys = tuple(key) if isinstance(key, list) else (key,) if key else ()
                cases[slug].append(Case(item["id"], slug, item["text"], "discharge", keys, entry["verdict"],
                                        as_described=entry.get("as_described")))
            elif expect["kind"] == "topic":
                cases[slug].append(Case(item["id"], slug, item["text"], "topic", topic=expect["topic"]))
    return cases


def judge(case: Case, messages: List[dict]) -> Outcome:
    """Right / contradicting for one reply (a list of chat messages)."""
    customs = [m.get("custom") or {} for m in messages]
    if case.kind == "topic":
        topics = [c.get("topic") for c in customs if c.get("type") == "law_answer"]
        got = ", ".join(t or "none" for t in topics) or _first_words(messages)
        return Outcome(case, case.topic in topics, False, got)
    # A question that names a village ("wash my car at home in Poquott") is answered for that village.
    named = {slug for slug in VILLAGES if slug in case.text.lower()}
    villages = named if len(named) == 1 else {case.village}
    answers = [c for c in customs if c.get("type") == "discharge_answer" and c.get("village") in (None, *villages)]
    asked = any(m.get("buttons") for m in messages)
    firm = [a for a in answers if a.get("verdict") in FIRM]
    got = ", ".join(f"{a.get('discharge') or 'none'}/{a.get('verdict')}" + ("(general rule)" if a.get("basis") == "general_rule" else "") for a in answers)
    got = got or ("asked (buttons)" if asked else _first_words(messages))
    if case.verdict == "clarify":
        right = asked and not firm
    elif case.verdict == "not_named":
        right = any(_key_fits(case, a) and a.get("verdict") == "not_named" for a in answers)
    else:
        right = any(_key_fits(case, a) and a.get("verdict") in (case.verdict, case.as_described) for a in answers)
    contradicting = any(a.get("verdict") not in (case.verdict, case.as_described) for a in firm)
    return Outcome(case, right, contradicting, got, asked and not answers)


def _key_fits(case: Case, answer: dict) -> bool:
    key = answer.get("discharge")
    return not case.keys or key in case.keys or bool(refines().get(key, set()) & set(case.keys))


def refines() -> Dict[str, set]:
    """Finer rule key -> the keys it is a case of, from the qualifiers' ``turns``
    (``contaminated_sump_pump`` -> ``{sump_pump}``)."""
    finer: Dict[str, set] = {}
    for qualifier in load_vocabulary().qualifiers:
        for base, case_key in qualifier.turns.items():
            finer.setdefault(case_key, set()).add(base)
    return finer


def _first_words(messages: List[dict]) -> str:
    return (" ".join(m.get("text") or "" for m in messages)[:70] or "no reply").replace("|", "/").replace("\n", " ")


def ask(base_url: str, case: Case, timeout: float = 30) -> Outcome:
    """Send one question in a new conversation with the village chosen, and judge the reply."""
    body = {"sender": f"real-{uuid.uuid4().hex}", "message": case.text, "village": case.village}
    try:
        response = requests.post(f"{base_url}/api/chat", json=body, timeout=timeout)
        messages = (response.json().get("messages") or []) if response.ok else []
    except (requests.RequestException, ValueError) as exc:
        return Outcome(case, False, False, f"request failed: {type(exc).__name__}")
    if not response.ok:
        return Outcome(case, False, False, f"HTTP {response.status_code}")
    return judge(case, messages)


def warm_up(base_url: str, attempts: int = 20, pause: float = 3.0) -> None:
    """Wait until one throwaway question per village is answered (HTTP 200).

    Right after start-up, on a loaded machine, the first turns can time out inside the help
    desk (HTTP 503, "assistant unavailable"): that measures start-up, not understanding.
    """
    import time

    for slug in VILLAGES:
        for _ in range(attempts):
            body = {"sender": f"warmup-{uuid.uuid4().hex}", "message": "hello", "village": slug}
            try:
                if requests.post(f"{base_url}/api/chat", json=body, timeout=60).ok:
                    break
            except requests.RequestException:
                pass
            time.sleep(pause)


def ask_all(base_url: str, cases: List[Case], concurrency: int = CONCURRENCY) -> List[Outcome]:
    """Every case, ``concurrency`` at a time."""
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        return list(pool.map(lambda c: ask(base_url, c), cases))


def table(outcomes: Dict[str, List[Outcome]]) -> str:
    """Per village: discharge accuracy, contradicting badges, accuracy per expected verdict, topics; then every miss."""
    rows = [
        "| village | discharge questions | right | share right | contradicting badges | missed by asking (buttons, no verdict) | allowed | conditional | prohibited | not_named | clarify | topic questions right |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    misses = []
    for slug, results in outcomes.items():
        discharge = [o for o in results if o.case.kind == "discharge"]
        topics = [o for o in results if o.case.kind == "topic"]
        right = sum(o.right for o in discharge)
        per_verdict = []
        for verdict in ("allowed", "conditional", "prohibited", "not_named", "clarify"):
            group = [o for o in discharge if o.case.verdict == verdict]
            per_verdict.append(f"{sum(o.right for o in group)}/{len(group)}")
        share = right / len(discharge) if discharge else 0.0
        rows.append(
            f"| {slug} | {len(discharge)} | {right} | {share:.3f} | {sum(o.contradicting for o in discharge)} | "
            f"{sum(o.asked_only and not o.right for o in discharge)} | "
            + " | ".join(per_verdict)
            + f" | {sum(o.right for o in topics)}/{len(topics)} |"
        )
        for o in results:
            if not o.right:
                expected = o.case.topic if o.case.kind == "topic" else f"{'/'.join(o.case.keys) or 'any'}: {o.case.verdict}"
                flag = " **contradicts**" if o.contradicting else ""
                text = o.case.text.replace("|", "/")
                misses.append(f"| {slug} | {o.case.id} | {text} | {expected} | {o.got}{flag} |")
    if misses:
        rows += ["", "Misses:", "", "| village | id | question | expected | got |", "|---|---|---|---|---|", *misses]
    return "\n".join(rows)


def main() -> None:
    """Ask every question and record the table in docs/benchmarks.md."""
    from bench.report import record
    from bench.services import load_average, running_helpdesk

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="base URL of a running help desk (default: start one on free ports)")
    parser.add_argument("--concurrency", type=int, default=CONCURRENCY)
    parser.add_argument("--model", type=Path, help="a model other than models/helpdesk.tar.gz")
    parser.add_argument("--verbatim-only", action="store_true", help="skip the items retyped in resident register")
    parser.add_argument("--section", default="Understanding: real resident phrasings per village", help="docs/benchmarks.md section")
    args = parser.parse_args()
    cases = load_cases(include_rewrites=not args.verbatim_only)

    def measure(base_url: str) -> Dict[str, List[Outcome]]:
        warm_up(base_url)
        return {slug: ask_all(base_url, cs, args.concurrency) for slug, cs in cases.items()}

    if args.url:
        outcomes = measure(args.url.rstrip("/"))
    else:
        with running_helpdesk(model=args.model) as helpdesk:
            outcomes = measure(helpdesk.base_url)
    intro = (
        f"Each question of `{QUESTIONS.relative_to(REPO_ROOT)}` (resident wording collected from public pages, "
        "never trained on; see its SOURCES.md) goes through `POST /api/chat` with the village chosen, in a new "
        "conversation. Expected verdicts are written from the ordinance texts, not the village files. Right: the "
        "expected rule key (or a finer rule of it a qualifier leads to, such as `chlorinated_pool_water` for `pool_water`) "
        "and verdict; for `clarify`, a question with buttons and no firm verdict; for `not_named`, a `not_named` "
        "verdict. Contradicting badge: a firm allowed/conditional/prohibited that differs from the "
        "expected verdict. \"Missed by asking\": the bot answered with buttons only (often \"report it or learn the rule?\" "
        "for a neighbour's discharge); counted as a miss. A question naming a village is judged on that village's answer. "
        "Per-verdict columns are right/asked. "
        f"Load average at the end: {load_average()}.\n\n"
    )
    command = COMMAND + (" --verbatim-only" if args.verbatim_only else "") + (f" --model {args.model}" if args.model else "")
    record(args.section, command, intro + table(outcomes))


if __name__ == "__main__":
    main()
