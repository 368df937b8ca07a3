"""Issue 29: the owner of a number typed in a web chat consents to update texts by answering
the confirmation text YES from that phone; any other "yes" goes to the assistant as before."""
from datetime import datetime, timezone

from stormwater.store import sms_consent
from stormwater.reports.ticket_store import file_ticket
from stormwater.store.database import connect

from .test_sms import RESIDENT, app, messages, no_sms_env, params, signed_post  # noqa: F401


def _waiting_for(app, phone):
    db = connect(app.config["DATABASE"])
    try:
        ticket = file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=False,
                             reporter_phone=phone, sender_key="web-conversation")
        sms_consent.record_updates_choice(db, ticket.reference, phone, True, confirmed=False, now=datetime.now(timezone.utc))
        return ticket.reference
    finally:
        db.close()


def _confirmed(app, reference):
    db = connect(app.config["DATABASE"])
    try:
        return db.conn.execute("SELECT confirmed_at IS NOT NULL FROM reporter_updates WHERE ticket_reference = ?",
                               [reference]).fetchone()[0] == 1
    finally:
        db.close()


def test_yes_from_the_number_asked_confirms_its_update_texts(client, app, fake_rasa):
    reference = _waiting_for(app, RESIDENT)
    [reply] = messages(signed_post(client, params("Yes!")))
    assert reference in reply and "Reply STOP" in reply
    assert _confirmed(app, reference) and fake_rasa.received == []  # settled without the assistant
    # Once confirmed, a later "yes" is an answer for the assistant again.
    assert messages(signed_post(client, params("yes"))) == ["echo: yes"]


def test_yes_from_another_number_confirms_nothing_and_reaches_the_assistant(client, app, fake_rasa):
    reference = _waiting_for(app, "+12125550199")
    assert messages(signed_post(client, params("YES"))) == ["echo: YES"]
    assert not _confirmed(app, reference)
