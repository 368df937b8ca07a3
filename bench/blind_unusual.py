"""Fresh blind set (issue 27): unusual discharges nobody listed, against the running help desk.

Run from the repository root: ``.venv/bin/python -m bench.blind_unusual`` (the first set,
``tests/blind_unusual/``), or ``--set tests/blind_unusual2`` for another set in the same format,
which gets its own docs/benchmarks.md section. Sends every question of the set's
``questions.yml`` (collected from public pages by an engineer who writes no training data; never
trained on; see its SOURCES.md) through
``POST /api/chat`` once per village, each in a new conversation, and judges the reply against
what that village's ordinance text says, by category rather than by catalogue key:

- right: a ``discharge_answer`` for the village whose verdict is one of the item's ``right``
  verdicts, and no firm badge the item lists as ``contradicting``; or, where ``clarify_ok``,
  a clarifying question (buttons with the choices of ``clarify_choices`` in data/messages.yml:
  an offer to report, or a button for another thing named, asks nothing) with no firm verdict;
- contradicting badge: a firm verdict (allowed, conditional, prohibited) the item lists as
  contradicting the text;
- abstention: a reply with no firm verdict ("not named", a clarifying question, or no
  discharge answer at all).

The set is blind: the section written to docs/benchmarks.md names misses by id and cause only,
never the question; ``--details FILE`` writes the full misses (with the questions) to a file
for the lead, which must not be committed. Reuses the request machinery of
``bench.real_phrasings``.
"""
from __future__ import annotations

import argparse
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import requests
import yaml

from bench.real_phrasings import VILLAGES, FIRM, _first_words, warm_up
from stormwater.store.paths import REPO_ROOT

DEFAULT_SET = REPO_ROOT / "tests/blind_unusual"
QUESTIONS = DEFAULT_SET / "questions.yml"
COMMAND = ".venv/bin/python -m bench.blind_unusual"
SECTION = "Understanding: fresh blind set of unusual discharges (issue 27)"
CONCURRENCY = 4
REWRITE_MARK = "resident-register rewrite"


@dataclass(frozen=True)
class Case:
    """One question asked in one village, with the verdicts the ordinance allows."""

    id: str
    village: str
    text: str
    right: Tuple[str, ...]
    contradicting: Tuple[str, ...]
    clarify_ok: bool


@dataclass(frozen=True)
class Outcome:
    case: Case
    right: bool
    contradicting: bool
    abstained: bool
    cause: str  # "" when right
    got: str


def load_cases(path: Path = QUESTIONS, include_rewrites: bool = True) -> Dict[str, List[Case]]:
    """Cases per village; ``include_rewrites=False`` keeps verbatim / light paraphrases only."""
    cases: Dict[str, List[Case]] = {slug: [] for slug in VILLAGES}
    for item in yaml.safe_load(path.read_text(encoding="utf-8")):
        if not include_rewrites and REWRITE_MARK in item["source"]:
            continue
        for slug in VILLAGES:
            entry = item["expect"][slug]
            cases[slug].append(Case(
                item["id"], slug, item["text"], tuple(entry["right"]),
                tuple(entry.get("contradicting") or ()), bool(entry.get("clarify_ok")),
            ))
    return cases


def set_folder(name: Optional[str]) -> Path:
    """The set's folder: ``None`` is the first set; a relative name is taken from the repository root."""
    if not name:
        return DEFAULT_SET
    folder = Path(name)
    return (folder if folder.is_absolute() else REPO_ROOT / folder).resolve()


def _shown(folder: Path) -> str:
    """The folder as the docs name it: relative to the repository where it lies inside."""
    try:
        return str(folder.relative_to(REPO_ROOT))
    except ValueError:
        return str(folder)


def section_for(folder: Path) -> str:
    """The docs/benchmarks.md section: unchanged for the first set, naming the set for any other."""
    if folder == DEFAULT_SET:
        return SECTION
    return f"Understanding: fresh blind set of unusual discharges (issue 27), set `{_shown(folder)}`"


def command_for(folder: Path, verbatim_only: bool = False) -> str:
    """The exact command that measures ``folder``, for the docs."""
    command = COMMAND if folder == DEFAULT_SET else f"{COMMAND} --set {_shown(folder)}"
    return command + (" --verbatim-only" if verbatim_only else "")


@lru_cache(maxsize=1)
def _clarify_payloads() -> Tuple["re.Pattern[str]", ...]:
    """The payloads of the clarifying questions' buttons, ``{label}`` standing for any words."""
    with (REPO_ROOT / "data" / "messages.yml").open(encoding="utf-8") as fh:
        choices = (yaml.safe_load(fh) or {}).get("clarify_choices") or {}
    payloads = [str(c["payload"]) for question in choices.values() for c in (question or {}).values()]
    return tuple(re.compile(re.escape(p).replace(re.escape("{label}"), ".+"), re.I) for p in payloads)


def clarifying(message: dict) -> bool:
    """Whether ``message`` is a clarifying question: one of its buttons is a clarifying choice."""
    return any(p.fullmatch(str(b.get("payload") or "")) for b in message.get("buttons") or () for p in _clarify_payloads())


def judge(case: Case, messages: List[dict]) -> Outcome:
    """Right / contradicting / abstained, and the cause of a miss, for one reply."""
    customs = [m.get("custom") or {} for m in messages]
    answers = [c for c in customs if c.get("type") == "discharge_answer" and c.get("village") in (None, case.village)]
    verdicts = [a.get("verdict") for a in answers]
    firm = [v for v in verdicts if v in FIRM]
    asked = any(clarifying(m) for m in messages)
    contradicting = any(v in case.contradicting for v in firm)
    clarified = case.clarify_ok and asked and not firm
    right = not contradicting and (any(v in case.right for v in verdicts) or clarified)
    got = ", ".join(f"{a.get('discharge') or 'none'}/{a.get('verdict')}" for a in answers)
    got = got or ("asked (buttons)" if asked else _first_words(messages))
    return Outcome(case, right, contradicting, not firm, "" if right else _cause(case, verdicts, firm, asked, contradicting), got)


def _cause(case: Case, verdicts: List[Optional[str]], firm: List[str], asked: bool, contradicting: bool) -> str:
    """Why a reply missed, in the ordinance's terms."""
    if contradicting:
        return "contradicting badge"
    if firm:
        return "firm badge the text does not support"
    if "not_named" in verdicts:
        return "'not named' where the text decides"
    if asked:
        return "clarifying question where the text decides"
    return "no discharge answer"


def ask(base_url: str, case: Case, timeout: float = 30) -> Outcome:
    """Send one question in a new conversation with the village chosen, and judge the reply."""
    import uuid

    body = {"sender": f"blind-{uuid.uuid4().hex}", "message": case.text, "village": case.village}
    try:
        response = requests.post(f"{base_url}/api/chat", json=body, timeout=timeout)
        messages = (response.json().get("messages") or []) if response.ok else []
    except (requests.RequestException, ValueError) as exc:
        return Outcome(case, False, False, True, "request failed", type(exc).__name__)
    if not response.ok:
        return Outcome(case, False, False, True, "request failed", f"HTTP {response.status_code}")
    return judge(case, messages)


def ask_all(base_url: str, cases: List[Case], concurrency: int = CONCURRENCY) -> List[Outcome]:
    """Every case, ``concurrency`` at a time."""
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        return list(pool.map(lambda c: ask(base_url, c), cases))


def table(outcomes: Dict[str, List[Outcome]]) -> str:
    """Per village: share right, contradicting badges, abstentions; then misses by id and cause (no question text)."""
    rows = [
        "| village | questions | right | share right | right with a firm verdict | contradicting badges | abstentions (no firm verdict) | of them right |",
        "|---|---|---|---|---|---|---|---|",
    ]
    misses = []
    for slug, results in outcomes.items():
        right = sum(o.right for o in results)
        abstained = [o for o in results if o.abstained]
        rows.append(
            f"| {slug} | {len(results)} | {right} | {right / len(results):.3f} | {sum(o.right and not o.abstained for o in results)} | "
            f"{sum(o.contradicting for o in results)} | "
            f"{len(abstained)} | {sum(o.right for o in abstained)} |"
        )
        for o in results:
            if not o.right:
                flag = " **contradicts**" if o.contradicting else ""
                verdicts = "/".join(o.case.right) + (" or a clarifying question" if o.case.clarify_ok else "")
                got = ", ".join(part.split("/")[-1] for part in o.got.split(", ")) if "/" in o.got else o.got
                misses.append(f"| {slug} | {o.case.id} | {verdicts} | {got}{flag} | {o.cause} |")
    if misses:
        rows += ["", "Misses (ids only: the set is blind):", "", "| village | id | right | got (verdicts) | cause |", "|---|---|---|---|---|", *misses]
    return "\n".join(rows)


def details(outcomes: Dict[str, List[Outcome]]) -> str:
    """Every miss with its question and the full reply summary: for the lead only, never committed."""
    lines = []
    for slug, results in outcomes.items():
        for o in results:
            if not o.right:
                lines.append(f"{slug}\t{o.case.id}\t{o.cause}\t{o.got}\t{o.case.text}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Ask every question once per village and record the table in docs/benchmarks.md."""
    from bench.report import record
    from bench.services import load_average, running_helpdesk

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="base URL of a running help desk (default: start one on free ports)")
    parser.add_argument("--concurrency", type=int, default=CONCURRENCY)
    parser.add_argument("--verbatim-only", action="store_true", help="skip the items retyped in resident register")
    parser.add_argument("--set", dest="set_name", help="the set's folder, e.g. tests/blind_unusual2 (default: tests/blind_unusual)")
    parser.add_argument("--section", help="docs/benchmarks.md section (default: one that names the set)")
    parser.add_argument("--details", type=Path, help="write every miss with its question to this file (not to commit)")
    parser.add_argument("--intro", default="", help="a sentence to put before the table (e.g. the commit and that this is the first score)")
    args = parser.parse_args()
    folder = set_folder(args.set_name)
    questions = folder / "questions.yml"
    if not questions.is_file():
        parser.error(f"no questions.yml in {folder}")
    cases = load_cases(questions, include_rewrites=not args.verbatim_only)

    def measure(base_url: str) -> Dict[str, List[Outcome]]:
        warm_up(base_url)
        return {slug: ask_all(base_url, cs, args.concurrency) for slug, cs in cases.items()}

    if args.url:
        outcomes = measure(args.url.rstrip("/"))
    else:
        with running_helpdesk() as helpdesk:
            outcomes = measure(helpdesk.base_url)
    if args.details:
        args.details.write_text(details(outcomes), encoding="utf-8")
    intro = (
        (args.intro + " " if args.intro else "")
        + f"Each question of `{_shown(questions)}` (unusual discharges nobody listed, collected from public "
        "pages by an engineer who writes no training data; never trained on; see its SOURCES.md) goes through "
        "`POST /api/chat` once per village, in a new conversation. Expected answers are written from the ordinance "
        "texts by category: per village, the verdicts that are right, whether one clarifying question is right, and "
        "the firm badges that would contradict the text. Right: a right verdict and no contradicting badge, or an "
        "acceptable clarifying question. Abstention: no firm verdict (\"not named\", a question, or no discharge answer). "
        f"One run. Load average at the end: {load_average()}.\n\n"
    )
    record(args.section or section_for(folder), command_for(folder, args.verbatim_only), intro + table(outcomes))


if __name__ == "__main__":
    main()
