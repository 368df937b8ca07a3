"""Issue 16 item 5: the report form tells the web's rate limits when it opens and closes,
so only a conversation with a report form open is exempt (stormwater.intake.rate_limits)."""
import pytest

from actions.report_cancel import ActionCancelReport
from actions.report_filing import ActionFileReport
from actions.report_opening import ActionStartReport
from stormwater.intake.rate_limits import Limits, report_open
from stormwater.store.database import connect, migrate
from tests.actions.conftest import make_tracker
from actions import action_db

LIMITS = Limits(report_seconds=3600)


@pytest.fixture
def database(monkeypatch, tmp_path):
    path = tmp_path / "helpdesk.db"
    monkeypatch.setenv("HELPDESK_DATABASE", str(path))
    action_db.start()  # the action server reads its settings at start
    db = connect(path)
    migrate(db)
    yield db
    db.close()


def test_starting_a_report_opens_the_exemption_and_cancelling_closes_it(run, database):
    tracker = make_tracker("I spilled oil", "report_spill", village_meta="bayville")
    assert not report_open(database, tracker.sender_id, LIMITS)
    run(ActionStartReport(), tracker)
    assert report_open(database, tracker.sender_id, LIMITS)
    run(ActionCancelReport(), make_tracker("cancel the report", "cancel", village_meta="bayville"))
    assert not report_open(database, tracker.sender_id, LIMITS)


def test_filing_or_a_cancelled_form_closes_it(run, database):
    tracker = make_tracker("I spilled oil", "report_spill", village_meta="bayville")
    run(ActionStartReport(), tracker)
    run(ActionFileReport(), make_tracker("no", "deny", village_meta="bayville", slots={"report_cancelled": True}))
    assert not report_open(database, tracker.sender_id, LIMITS)


def test_a_database_error_never_stops_a_report(run, monkeypatch, tmp_path):
    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path))  # a folder: SQLite cannot open it
    action_db.start()  # the action server reads its settings at start
    messages, events = run(ActionStartReport(), make_tracker("I spilled oil", "report_spill", village_meta="bayville"))
    assert events and messages


@pytest.mark.parametrize("offer", ["handoff", "report:pool_water"])
def test_a_report_begun_by_yes_to_an_offer_opens_the_exemption_too(run, database, offer):
    from actions.respond_affirm import ActionRespondAffirm

    tracker = make_tracker("yes", "affirm", village_meta="bayville", slots={"offer": offer})
    assert not report_open(database, tracker.sender_id, LIMITS)
    run(ActionRespondAffirm(), tracker)
    assert report_open(database, tracker.sender_id, LIMITS)
