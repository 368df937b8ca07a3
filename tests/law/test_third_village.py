"""A third village is added with a data file and its ordinance text, and no code change.

The fixture (``tests/fixtures/third_village/``) is a made-up village, Example Harbor: its
own ticket prefix, time zone (Chicago), closure day and contact titles live only in its file.
"""
import shutil
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from stormwater.law.deadlines import spill_deadlines
from stormwater.law.knowledge import answer_discharge, answer_topic
from stormwater.store.paths import REPO_ROOT
from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import file_ticket
from stormwater.law.villages import get_village, load_villages, village_for_number

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "third_village"


def make_data_dir(target: Path) -> Path:
    """A data folder with the shared vocabulary and wording, and only the fixture village."""
    for name in ("discharges.yml", "messages.yml"):
        shutil.copy(REPO_ROOT / "data" / name, target / name)
    shutil.copytree(FIXTURE / "villages", target / "villages")
    shutil.copytree(FIXTURE / "ordinances", target / "ordinances")
    return target


@pytest.fixture
def harbor(tmp_path):
    folder = make_data_dir(tmp_path)
    return get_village("example-harbor", str(folder)), str(folder)


def test_the_fixture_village_loads_from_its_file_alone(harbor):
    village, folder = harbor
    assert list(load_villages(folder)) == ["example-harbor"]
    assert (village.ticket_prefix, village.timezone) == ("EXH", "America/Chicago")
    assert village_for_number("+1 (312) 555-0100", folder) == village


def test_it_answers_from_its_own_ordinance(harbor):
    village, _ = harbor
    pool = answer_discharge(village, "pool_water")
    assert pool.verdict == "conditional" and pool.basis == "rule"
    assert pool.conditions == ("dechlorinated", "held for at least seven days")
    assert pool.passages[0].citation == "§ 99-3"
    assert pool.passages[0].quote in " ".join(village.ordinance_text().split())
    unnamed = answer_discharge(village, "paint")
    assert (unnamed.verdict, unnamed.basis) == ("not_named", "general_rule")
    assert unnamed.passages[0].citation == "§ 99-2"
    assert answer_topic(village, "penalties").topic.passages[0].citation == "§ 99-5"


def test_a_contact_without_a_title_gets_its_role_s_title_and_one_with_a_title_keeps_it(harbor):
    village, _ = harbor
    assert village.contact("smo")["title"] == "Stormwater Management Officer"
    assert village.contact("clerk")["title"] == "Deputy Clerk"


def test_a_ticket_is_filed_with_the_village_s_own_prefix(harbor, tmp_path):
    village, _ = harbor
    db = connect(tmp_path / "h.db")
    try:
        migrate(db)
        ticket = file_ticket(db, village=village, kind="spill", channel="web", hazardous=False)
    finally:
        db.close()
    assert ticket.reference.startswith("EXH-") and ticket.village == "example-harbor"


def test_its_deadlines_are_counted_in_its_time_zone_and_on_its_closures(harbor):
    village, _ = harbor
    # Thursday 2026-12-03, 11:30 p.m. in Chicago (Friday 05:30 UTC, 12:30 a.m. Friday in New York).
    found = datetime(2026, 12, 4, 5, 30, tzinfo=timezone.utc)
    deadlines = spill_deadlines(found, village)
    assert deadlines.notify_by == date(2026, 12, 4)
    # Three business days after Friday: Monday 12-07 is the village's own closure day.
    assert deadlines.written_by == date(2026, 12, 10)
    new_york = get_village("bayville")
    assert spill_deadlines(found, new_york).notify_by == date(2026, 12, 7)
