"""Rate limits: token buckets per sender and per address that never stop a report in progress."""
import threading
from datetime import datetime, timezone

import pytest

from stormwater.intake import rate_limits
from stormwater.store import database as storage
from stormwater.intake.rate_limits import Limits, check, close_report, looks_like_report, open_report, purge_idle, report_open
from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import file_ticket

T0 = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc).timestamp()
TIGHT = Limits(per_sender=3, per_ip=5, window=60, free_messages=0, report_seconds=600)


def send(db, limits, n, sender="s1", ip="ip1", urgent=False, now=T0):
    """``n`` messages at the same moment; the decisions in order."""
    return [check(db, limits, sender=sender, ip=ip, urgent=urgent, now=now) for _ in range(n)]


@pytest.mark.parametrize("text", [
    "I spilled gasoline in the street",
    "my neighbour DUMPS paint down the drain",
    "there is an oil sheen on the water",
    "Sewage is overflowing from the manhole",
    "I want to report something",
    "I want to report a spill",  # the start-page button's payload
])
def test_report_like_messages_are_recognised(text):
    assert looks_like_report(text)


@pytest.mark.parametrize("text", ["Can I drain my pool?", "what are the penalties", "hello", "", "boiler"])
def test_questions_are_not_reports(text):
    assert not looks_like_report(text)


def test_a_sender_gets_its_limit_then_a_refusal_with_the_wait(db):
    decisions = send(db, TIGHT, 4)
    assert [d.allowed for d in decisions] == [True, True, True, False]
    refused = decisions[-1]
    assert refused.reason == "sender"
    assert refused.retry_after == 20  # 3 per 60 s: one message back every 20 s
    assert refused.notify


def test_the_limit_refills_over_the_window(db):
    send(db, TIGHT, 3)
    assert not check(db, TIGHT, sender="s1", ip="ip1", now=T0 + 19).allowed
    assert check(db, TIGHT, sender="s1", ip="ip1", now=T0 + 21).allowed
    assert not check(db, TIGHT, sender="s1", ip="ip1", now=T0 + 22).allowed
    assert [d.allowed for d in send(db, TIGHT, 4, now=T0 + 200)] == [True, True, True, False]


def test_only_the_first_refusal_of_a_window_asks_for_a_notice(db):
    decisions = send(db, TIGHT, 6)
    assert [d.notify for d in decisions[3:]] == [True, False, False]
    later = check(db, TIGHT, sender="s1", ip="ip1", now=T0 + 10)
    assert not later.allowed and not later.notify
    again = check(db, TIGHT, sender="s1", ip="ip1", now=T0 + 61 + 0.0)
    assert again.allowed  # the window refilled the bucket


def test_senders_are_limited_separately(db):
    send(db, TIGHT, 3, sender="a", ip=None)
    assert not check(db, TIGHT, sender="a", now=T0).allowed
    assert check(db, TIGHT, sender="b", now=T0).allowed


def test_an_address_is_limited_however_many_sender_ids_it_invents(db):
    limits = Limits(per_sender=3, per_ip=5, window=60, free_messages=20, report_seconds=600)
    decisions = [check(db, limits, sender=f"fresh-{i}", ip="ip1", now=T0) for i in range(7)]
    assert [d.allowed for d in decisions] == [True] * 5 + [False] * 2
    assert decisions[-1].reason == "ip"
    assert check(db, limits, sender="other", ip="ip2", now=T0).allowed


def test_a_senders_first_messages_are_free_of_its_own_limit(db):
    limits = Limits(per_sender=3, per_ip=0, window=60, free_messages=10, report_seconds=600)
    decisions = send(db, limits, 11)
    assert all(d.allowed for d in decisions[:10])
    assert {d.reason for d in decisions[:10]} == {"free"}
    assert not decisions[10].allowed


def test_a_report_in_progress_is_never_limited_by_sender_or_address(db):
    limits = Limits(per_sender=2, per_ip=2, window=3600, free_messages=0, report_seconds=600)
    send(db, limits, 2, sender="noisy", ip="shared")  # the shared address is used up
    first = check(db, limits, sender="resident", ip="shared", urgent=True, now=T0 + 1)
    assert (first.allowed, first.reason) == (True, "report")  # the message that starts the report
    open_report(db, "resident", now=T0 + 1)  # the action server: the report form has started
    # The rest of the form ("yes", "12 Main St", ...) does not look like a report at all.
    rest = [check(db, limits, sender="resident", ip="shared", now=T0 + 2 + i) for i in range(15)]
    assert all(d.allowed and d.reason == "report" for d in rest)
    assert not check(db, limits, sender="bystander", ip="shared", now=T0 + 30).allowed


def test_one_report_like_word_does_not_lift_the_limit_without_a_report_form(db):
    # Issue 16 item 5: "what is the rule for gas stations?" and then 60 more messages in 6 s.
    limits = Limits(per_sender=30, per_ip=0, window=300, free_messages=20, report_seconds=3600)
    first = check(db, limits, sender="asker", urgent=looks_like_report("what is the rule for gas stations?"), now=T0)
    assert first.allowed
    decisions = [check(db, limits, sender="asker", now=T0 + i / 10) for i in range(60)]
    assert not all(d.allowed for d in decisions)
    assert sum(d.allowed for d in decisions) <= 30
    assert not any(d.reason == "report" for d in decisions)


def test_the_report_exemption_lasts_while_the_form_is_open(db):
    limits = Limits(per_sender=1, per_ip=0, window=3600, free_messages=0, report_seconds=3600)
    assert check(db, limits, sender="k1", now=T0).reason == "ok"
    assert not check(db, limits, sender="k1", now=T0 + 1).allowed
    open_report(db, "k1", now=T0 + 2)
    assert report_open(db, "k1", limits, now=T0 + 3)
    assert [check(db, limits, sender="k1", now=T0 + 3 + i).reason for i in range(5)] == ["report"] * 5
    close_report(db, "k1")  # filed or cancelled
    assert not report_open(db, "k1", limits, now=T0 + 10)
    assert not check(db, limits, sender="k1", now=T0 + 10).allowed


def test_the_report_exemption_ends_when_the_ticket_is_filed(db):
    limits = Limits(per_sender=1, per_ip=0, window=3600, free_messages=0, report_seconds=3600)
    assert check(db, limits, sender="k1", urgent=True, now=T0).reason == "report"
    open_report(db, "k1", now=T0)
    assert check(db, limits, sender="k1", now=T0 + 60).reason == "report"
    file_ticket(
        db, village="bayville", kind="spill", channel="web", hazardous=False, sender_key="k1",
        now=datetime.fromtimestamp(T0 + 120, timezone.utc),
    )
    after = check(db, limits, sender="k1", now=T0 + 180)
    assert (after.allowed, after.reason) == (True, "ok")  # the bucket was untouched by the report
    assert not check(db, limits, sender="k1", now=T0 + 181).allowed
    # A report-like message lets one message through once a day (to start a report)...
    assert not check(db, limits, sender="k1", urgent=True, now=T0 + 182).allowed
    # ...the next day again.
    assert check(db, limits, sender="k1", urgent=True, now=T0 + 86400 + 1).reason == "report"


def test_the_report_exemption_ends_after_its_time(db):
    limits = Limits(per_sender=1, per_ip=0, window=3600, free_messages=0, report_seconds=600)
    check(db, limits, sender="k2", urgent=True, now=T0)
    open_report(db, "k2", now=T0)
    assert check(db, limits, sender="k2", now=T0 + 599).reason == "report"
    assert check(db, limits, sender="k2", now=T0 + 601).reason == "ok"
    assert not check(db, limits, sender="k2", now=T0 + 602).allowed


def test_a_limit_of_zero_disables_it(db):
    assert all(d.allowed for d in send(db, Limits(per_sender=0, per_ip=0, free_messages=0), 50))
    only_ip = Limits(per_sender=0, per_ip=2, window=60, free_messages=0)
    assert [d.allowed for d in send(db, only_ip, 3, sender="x", ip="y")] == [True, True, False]


def test_idle_buckets_are_purged(db, monkeypatch):
    # the rare purge inside a check (1 in 200) must not run first: it would leave nothing to purge
    monkeypatch.setattr(rate_limits.random, "random", lambda: 1.0)
    send(db, TIGHT, 1, sender="old", ip="old-ip")
    send(db, TIGHT, 1, sender="new", ip="new-ip", now=T0 + 3 * 86400)
    assert purge_idle(db, now=T0 + 3 * 86400) == 2
    keys = {r[0] for r in db.execute("SELECT key FROM rate_limit_buckets")}
    assert keys == {"sender:new", "ip:new-ip"}


def test_concurrent_messages_of_one_sender_are_counted_exactly(tmp_path):
    path = tmp_path / "limits.db"
    setup = connect(path)
    migrate(setup)
    setup.close()
    limits = Limits(per_sender=25, per_ip=0, window=3600, free_messages=0)
    results = []
    lock = threading.Lock()

    def worker():
        db = connect(path)
        try:
            for _ in range(10):
                decision = check(db, limits, sender="same", now=T0)
                with lock:
                    results.append(decision.allowed)
        finally:
            db.close()

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results.count(True) == 25 and results.count(False) == 55


def test_migration_7_creates_the_bucket_table(db):
    assert "rate_limit_buckets" in db.table_names()
    assert 7 in storage.applied_migrations(db)


def test_migrations_run_in_version_order_whatever_order_they_were_appended(monkeypatch):
    order = []
    fake = [(7, "seven", lambda conn: order.append(7)), (5, "five", lambda conn: order.append(5))]
    monkeypatch.setattr(storage, "MIGRATIONS", storage.MIGRATIONS[:4] + fake)
    db = connect(":memory:")
    try:
        migrate(db)
        assert order == [5, 7]
        assert storage.applied_migrations(db) == [1, 2, 3, 4, 5, 7]
    finally:
        db.close()


def test_the_rare_purge_runs_inside_a_check(db, monkeypatch):
    send(db, TIGHT, 1, sender="old", ip=None)
    monkeypatch.setattr(rate_limits.random, "random", lambda: 0.0)
    check(db, TIGHT, sender="new", now=T0 + 3 * 86400)
    assert [r[0] for r in db.execute("SELECT key FROM rate_limit_buckets")] == ["sender:new"]


def test_an_address_can_be_counted_without_a_sender(db):
    limits = Limits(per_sender=3, per_ip=2, window=60, free_messages=0)
    decisions = [check(db, limits, sender=None, ip="bad-signatures", now=T0) for _ in range(3)]
    assert [(d.allowed, d.reason) for d in decisions] == [(True, "ok"), (True, "ok"), (False, "ip")]
    assert [r[0] for r in db.execute("SELECT key FROM rate_limit_buckets")] == ["ip:bad-signatures"]
