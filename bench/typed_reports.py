"""Typed spill and dumping reports filed as meant: share of a blind set (``tests/blind_typed_reports/``).

Each conversation is played through ``POST /api/chat`` on the real services (started as
``make run`` starts them, on free ports, with a throwaway instance folder), by a simulated
resident: the conversation's scripted ``turns`` first, one per bot reply, then, whenever the
bot asks for a field (its question recognised from the wording in ``bot/domain.yml``,
``data/messages.yml`` and the village files), that field's answer in the resident's words.
The filed ticket is then read from the database and compared with the ticket the resident
meant: kind, hazardous, whose it is, material, place, amount, discovery time, name, phone and
the two deadlines. A conversation counts only when every field is as meant. A discovery filed
as a day with "time not given" (a day said without its hour: the form does not ask the hour,
docs/report-form.md) is checked on its date; a time said with an hour, on its hour too.

The clock is fixed for the run: the action server is started through this module
(``--action-server``), which replaces ``actions.report_start.now`` (the report form's one
clock) with the file's ``now`` before Rasa's SDK loads the actions. Nothing else changes.

The set is blind: written by someone other than the form reader's author, never trained on.

    .venv/bin/python -m bench.typed_reports [--set FOLDER_OR_FILE] [--only ID ...] [--details FILE]

``--set tests/blind_typed_reports2`` plays another set of the same form; the summary opens with
the docs/benchmarks.md title that names it (``bench.typed_report_sets``).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sqlite3
import sys
import tempfile
import time
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple
from zoneinfo import ZoneInfo

import yaml

from bench.typed_report_sets import DEFAULT_SET, command_for, conversations_file, section_for
from stormwater.store.paths import REPO_ROOT
from stormwater.understanding.when import hour_said

CONVERSATIONS = REPO_ROOT / "tests/blind_typed_reports/conversations.yml"
COMMAND = ".venv/bin/python -m bench.typed_reports"
NOW_VARIABLE = "TYPED_REPORTS_NOW"
LOCAL = ZoneInfo("America/New_York")
MAX_TURNS = 40
MAX_ASKS_OF_ONE_FIELD = 4
READY_TIMEOUT = 300
FIELDS = ("kind", "responsible", "hazardous", "material", "location", "amount", "discovered", "name", "phone",
          "notify_by", "written_by")


# --- the fixed clock ----------------------------------------------------------------------

def serve_actions(port: int) -> None:
    """Run Rasa's action server with the report form's clock fixed at ``$TYPED_REPORTS_NOW``."""
    fixed = datetime.fromisoformat(os.environ[NOW_VARIABLE]).astimezone(LOCAL)
    import actions.report_start as report_start

    report_start.now = lambda: fixed
    from rasa_sdk.__main__ import main_from_args
    from rasa_sdk.endpoint import create_argument_parser

    main_from_args(create_argument_parser().parse_args(["--actions", "actions", "--port", str(port)]))


@contextlib.contextmanager
def running_helpdesk(now: datetime) -> Iterator[Tuple[str, Path]]:
    """The three services as ``ops.launcher`` starts them, the action server with the fixed clock.

    Yields the web app's base URL and the ticket database's path.
    """
    from ops.launcher import Settings, Supervisor, free_port
    from stormwater.store.settings import database_path

    with tempfile.TemporaryDirectory(prefix="helpdesk-typed-reports-") as folder:
        instance = Path(folder)
        settings = Settings(web_port=free_port(), rasa_port=free_port(), action_port=free_port(), instance=instance)
        supervisor = Supervisor(settings, log_dir=instance / "logs")
        actions = supervisor.service("actions")
        actions.argv = [sys.executable, "-m", "bench.typed_reports", "--action-server", str(settings.action_port)]
        actions.env = dict(actions.env, **{NOW_VARIABLE: now.isoformat()})
        supervisor.start()
        try:
            if not supervisor.wait_ready(timeout=READY_TIMEOUT):
                raise SystemExit(f"services did not become ready within {READY_TIMEOUT} s (logs: {instance / 'logs'})")
            yield f"http://127.0.0.1:{settings.web_port}", database_path(instance, actions.env)
        finally:
            supervisor.stop()


# --- which field the bot asks for ---------------------------------------------------------

def _prefix(text: str) -> str:
    text = text.split("{", 1)[0]
    return _squash(text)[:45]


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().lower()


def question_prefixes() -> List[Tuple[str, str]]:
    """(prefix of the bot's wording, field) for every question a report asks, longest first."""
    domain = yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text(encoding="utf-8"))
    responses = domain.get("responses") or {}
    pairs: List[Tuple[str, str]] = []
    for name, variants in responses.items():
        if name.startswith("utter_ask_") and name != "utter_ask_hazard":
            slot = name[len("utter_ask_"):]
            slot = "change" if slot == "which_change" else slot
            pairs += [(_prefix(v.get("text") or ""), slot) for v in variants or []]
    for name, slot in (("utter_readback", "confirm"), ("utter_offer_report", "offer"), ("utter_offer_handoff", "handoff")):
        pairs += [(_prefix(v.get("text") or ""), slot) for v in responses.get(name) or []]
    messages = yaml.safe_load((REPO_ROOT / "data/messages.yml").read_text(encoding="utf-8"))
    updates = _find_key(messages, "updates_question")
    if updates:
        pairs.append((_prefix(updates), "updates"))
    for path in sorted((REPO_ROOT / "data/villages").glob("*.yml")):
        village = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        hazard = ((village.get("report") or {}).get("hazard_question"))
        if hazard:
            pairs.append((_prefix(hazard), "hazard"))
    pairs.append((_prefix("Could it be fuel, oil, chemicals, sewage, or are you not sure?"), "hazard"))
    return sorted({p for p in pairs if p[0]}, key=lambda p: -len(p[0]))


def _find_key(tree: Any, key: str) -> Optional[str]:
    if isinstance(tree, dict):
        for k, v in tree.items():
            if k == key and isinstance(v, str):
                return v
            found = _find_key(v, key)
            if found:
                return found
    return None


def asked_field(texts: List[str], prefixes: List[Tuple[str, str]]) -> Optional[str]:
    """The field the last recognised question of a reply asks for (``None``: no question)."""
    for text in reversed(texts):
        squashed = _squash(text)
        for prefix, slot in prefixes:
            if squashed.startswith(prefix):
                return slot
    return None


# --- playing a conversation ---------------------------------------------------------------

@dataclass
class Played:
    """What happened in one conversation."""

    reference: Optional[str] = None
    transcript: List[Tuple[str, str]] = field(default_factory=list)
    asked: Counter = field(default_factory=Counter)
    asked_again: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    filed_payload: Optional[Dict[str, Any]] = None


def _post(base_url: str, sender: str, village: str, message: str) -> List[Dict[str, Any]]:
    request = urllib.request.Request(
        base_url + "/api/chat",
        data=json.dumps({"sender": sender, "message": message, "village": village}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read()).get("messages") or []


def play(conversation: Dict[str, Any], defaults: Dict[str, Any], base_url: str, prefixes) -> Played:
    """Type the conversation into the help desk as its resident would."""
    played = Played()
    sender = f"typed-{conversation['id']}-{uuid.uuid4().hex[:8]}"
    village = conversation["village"]
    turns = list(conversation.get("turns") or [])
    answers = dict(defaults, **(conversation.get("answers") or {}))
    said = set(conversation.get("said") or [])
    said_after = conversation.get("said_after") or {}
    message: Optional[str] = turns.pop(0) if turns else None
    withdrawn = False  # the resident has said not to contact them
    for _ in range(MAX_TURNS):
        if message is None:
            break
        played.transcript.append(("resident", message))
        replies = _post(base_url, sender, village, message)
        texts = [r.get("text") or "" for r in replies]
        played.transcript += [("bot", t) for t in texts if t]
        for reply in replies:
            custom = reply.get("custom") or {}
            if custom.get("type") == "ticket_filed":
                played.reference = custom.get("reference")
                played.filed_payload = custom
        slot = asked_field(texts, prefixes)
        if turns:
            message = turns.pop(0)
            continue
        if slot is None:
            if played.reference is None:
                played.notes.append("no question and nothing filed: the conversation stopped")
            break
        if played.reference and slot not in ("updates",):
            played.notes.append(f"after filing, asked {slot}")
            break
        if withdrawn and slot in ("reporter_phone", "updates"):
            played.notes.append(f"asked {slot} after 'don't contact me'")
        count = played.asked[slot]
        played.asked[slot] += 1
        if slot in said and slot not in played.asked_again:
            played.asked_again.append(slot)
        if count >= MAX_ASKS_OF_ONE_FIELD:
            played.notes.append(f"{slot} asked {count + 1} times: gave up")
            break
        if slot not in answers:
            played.notes.append(f"unscripted question: {slot}")
        answer = answers.get(slot, "not sure")
        if isinstance(answer, list):
            answer = answer[min(count, len(answer) - 1)]
        said.update(said_after.get(slot) or [])
        withdrawn = withdrawn or slot == conversation.get("withdraws_contact")
        if slot == "updates":
            played.transcript.append(("resident", str(answer)))
            _post(base_url, sender, village, str(answer))
            break
        message = str(answer)
    else:
        played.notes.append(f"more than {MAX_TURNS} turns")
    return played


# --- the ticket as meant ------------------------------------------------------------------

_ABBREVIATIONS = {"avenue": "ave", "av": "ave", "street": "st", "road": "rd", "drive": "dr", "lane": "ln",
                  "place": "pl", "court": "ct", "boulevard": "blvd"}
_PLACE_FILLERS = set("""a an the at on in of by near to it its it's is from and my house drain storm street corner
out outside behind next across catch basin front end just right there here""".split())
_ANONYMOUS = {"", "anonymous", "anon", "none", "no", "n/a"}


def normalise(text: str) -> str:
    """Lower case, apostrophes kept, other punctuation as spaces, street words abbreviated."""
    text = (text or "").replace("’", "'").lower()
    words = re.sub(r"[^a-z0-9'/]+", " ", text).split()
    return " ".join(_ABBREVIATIONS.get(w, w) for w in words)


def _contains(haystack: str, needle: str) -> bool:
    return f" {normalise(needle)}" in f" {haystack}"


def check_text(value: Optional[str], expect: Dict[str, Any], place: bool = False) -> Optional[str]:
    """Why ``value`` is not the text meant (``None``: it is)."""
    got = normalise(value or "")
    if not got:
        return "empty"
    if expect.get("all") and not all(_contains(got, p) for p in expect["all"]):
        return "missing " + ", ".join(p for p in expect["all"] if not _contains(got, p))
    if expect.get("any") and not any(_contains(got, p) for p in expect["any"]):
        return "none of " + ", ".join(expect["any"])
    for pattern in expect.get("none") or []:
        if re.search(pattern, got) if pattern.startswith("^") else _contains(got, pattern):
            return f"holds '{pattern}'"
    if place:
        allowed = set(normalise(expect.get("words") or "").split()) | _PLACE_FILLERS
        allowed |= {w for p in expect.get("all") or [] for w in normalise(p).split()}
        extra = [w for w in got.split() if w not in allowed]
        if extra:
            return "extra words: " + " ".join(extra)
    return None


def _hhmm(value: str) -> int:
    hours, minutes = value.split(":")
    return int(hours) * 60 + int(minutes)


def check_discovered(value: Optional[datetime], expect: Optional[Dict[str, Any]], hour_given: bool = True) -> Optional[str]:
    """Why the discovery time is not the one meant (``None``: it is). A ticket filed with a day
    and "time not given" (``hour_given`` false: the resident said a day, and the report form asks
    no hour after a day, docs/report-form.md) is checked on its date only."""
    if not expect:
        return None
    if value is None:
        return "no time read"
    local = (value if value.tzinfo else value.replace(tzinfo=ZoneInfo("UTC"))).astimezone(LOCAL)
    if local.date().isoformat() != str(expect["date"]):
        return f"date {local.date()} (meant {expect['date']})"
    if expect.get("between") and hour_given:
        low, high = (_hhmm(t) for t in expect["between"])
        minutes = local.hour * 60 + local.minute
        if not low <= minutes <= high:
            return f"time {local:%H:%M} (meant {expect['between'][0]}-{expect['between'][1]})"
    return None


def read_ticket(database: Path, reference: str) -> Optional[Dict[str, Any]]:
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        db.row_factory = sqlite3.Row
        row = db.execute("SELECT * FROM tickets WHERE reference = ?", (reference,)).fetchone()
        return dict(row) if row else None


def compare(ticket: Dict[str, Any], expect: Dict[str, Any]) -> Dict[str, str]:
    """Each field of the ticket that is not as meant, with why."""
    fields = json.loads(ticket.get("fields") or "{}")
    misses: Dict[str, str] = {}
    if ticket["kind"] != expect["kind"]:
        misses["kind"] = f"{ticket['kind']} (meant {expect['kind']})"
    if str(fields.get("responsible")) != str(expect["responsible"]):
        misses["responsible"] = f"{fields.get('responsible')} (meant {expect['responsible']})"
    if bool(ticket["hazardous"]) != bool(expect["hazardous"]):
        misses["hazardous"] = f"{bool(ticket['hazardous'])} (meant {expect['hazardous']})"
    for name, value, place in (("material", fields.get("material"), False), ("location", ticket.get("location"), True),
                               ("amount", fields.get("amount"), False)):
        why = check_text(value, expect[name], place=place)
        if why:
            misses[name] = f"{why}: {value!r}"
    discovered = datetime.fromisoformat(ticket["discovered_at"]) if ticket.get("discovered_at") else None
    hour_given = discovered is None or hour_said(str(fields.get("discovered") or ""), discovered)
    why = check_discovered(discovered, expect.get("discovered"), hour_given)
    if why:
        misses["discovered"] = f"{why} [{fields.get('discovered')!r}]"
    name = (ticket.get("reporter_name") or "").strip()
    if expect["name"] is None:
        if name.lower() not in _ANONYMOUS:
            misses["name"] = f"{name!r} (meant none)"
    elif name.lower() != str(expect["name"]).lower():
        misses["name"] = f"{name!r} (meant {expect['name']!r})"
    phone = re.sub(r"\D", "", ticket.get("reporter_phone") or "")
    phone = phone[1:] if len(phone) == 11 and phone.startswith("1") else phone
    if (expect["phone"] or "") != phone:
        misses["phone"] = f"{ticket.get('reporter_phone')!r} (meant {expect['phone']})"
    for deadline in ("notify_by", "written_by"):
        if (ticket.get(deadline) or None) != (str(expect[deadline]) if expect[deadline] else None):
            misses[deadline] = f"{ticket.get(deadline)} (meant {expect[deadline]})"
    return misses


# --- the run --------------------------------------------------------------------------------

def load(path: Path = CONVERSATIONS) -> Tuple[datetime, Dict[str, Any], List[Dict[str, Any]]]:
    """The fixed clock, the default answers and the conversations of the set."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return datetime.fromisoformat(data["now"]), data.get("defaults") or {}, data["conversations"]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--action-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--only", nargs="*", help="play only these conversation ids")
    parser.add_argument("--details", type=Path, help="write every transcript and miss to this JSON file")
    parser.add_argument("--set", "--conversations", dest="set", type=Path, default=DEFAULT_SET,
                        help="the set's folder or conversations file (default: tests/blind_typed_reports)")
    args = parser.parse_args(argv)
    if args.action_server:
        serve_actions(args.action_server)
        return 0
    now, defaults, conversations = load(conversations_file(args.set))
    if args.only:
        conversations = [c for c in conversations if c["id"] in args.only]
    prefixes = question_prefixes()
    results = []
    started = time.monotonic()
    with running_helpdesk(now) as (base_url, database):
        ready = time.monotonic()
        for conversation in conversations:
            played = play(conversation, defaults, base_url, prefixes)
            ticket = read_ticket(database, played.reference) if played.reference else None
            misses = compare(ticket, conversation["expect"]) if ticket else {"filed": "no ticket filed"}
            results.append((conversation, played, misses))
            mark = "ok  " if not misses else "MISS"
            print(f"{mark} {conversation['id']}: {', '.join(sorted(misses)) or '-'}", flush=True)
    load_after = os.getloadavg()
    right = sum(1 for _, _, m in results if not m)
    by_field = Counter(f for _, _, m in results for f in m)
    print(f"\n## {section_for(args.set)}\nCommand: `{command_for(args.set)}`")
    print(f"{right} of {len(results)} conversations filed exactly the ticket meant: {right / max(1, len(results)):.3f}")
    print("misses by field: " + ", ".join(f"{f} {by_field[f]}" for f in (*FIELDS, "filed") if by_field[f]))
    asked_again = Counter(s for _, p, _ in results for s in p.asked_again)
    print("asked again after it was said: " + (", ".join(f"{s} {n}" for s, n in asked_again.most_common()) or "none"))
    notes = Counter(re.sub(r"\d+ times", "N times", n) for _, p, _ in results for n in p.notes)
    for note, count in notes.most_common():
        print(f"note: {note} ({count})")
    print(f"clock fixed at {now.isoformat()}; services ready in {ready - started:.0f} s; whole run "
          f"{time.monotonic() - started:.0f} s; load average after {load_after[0]:.1f} / {load_after[1]:.1f} / {load_after[2]:.1f}")
    if args.details:
        args.details.write_text(json.dumps([
            {"id": c["id"], "misses": m, "asked_again": p.asked_again, "notes": p.notes, "reference": p.reference,
             "transcript": p.transcript} for c, p, m in results], indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
