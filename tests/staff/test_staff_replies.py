"""A clerk's reply to the reporter (issue 32): a shared note goes by text only to a number
that agreed to updates, and to the web chat that filed the report, once; the ticket page
says which way it goes and when the chat showed it; it is audited."""
import re
from datetime import timedelta

from stormwater.alerts import outbox
from stormwater.store import sms_consent
from stormwater.dialogue.chat_replies import replies_to_show, shown_in_chat
from stormwater.reports.ticket_store import record_note
from stormwater.staff import audit

from .conftest import NOW, csrf_token, spill


def test_a_reply_reaches_the_web_chat_that_filed_once(db):
    ticket = spill(db)
    other = spill(db, sender_key="another-browser")
    sms = spill(db, channel="sms", sender_key="reporter-key-sms")
    record_note(db, ticket.reference, author="dana@bayville.example", body="internal", now=NOW)
    record_note(db, ticket.reference, author="dana@bayville.example", body="A crew is on the way.", shared=True, now=NOW)
    record_note(db, other.reference, author="dana@bayville.example", body="not yours", shared=True, now=NOW)
    record_note(db, sms.reference, author="dana@bayville.example", body="by text only", shared=True, now=NOW)
    [reply] = replies_to_show(db, "reporter-key", now=NOW + timedelta(minutes=5))
    assert (reply.reference, reply.body) == (ticket.reference, "A crew is on the way.")
    assert replies_to_show(db, "reporter-key") == []  # handed over once
    assert replies_to_show(db, "reporter-key-sms") == []  # a text conversation has no web chat
    assert replies_to_show(db, None) == []
    [(_, shown)] = shown_in_chat(db, ticket.reference).items()
    assert shown.startswith((NOW + timedelta(minutes=5)).strftime("%Y-%m-%dT%H:%M"))


def test_the_ticket_page_says_how_a_reply_goes_and_audits_it(signed_in, db, users):
    client = signed_in
    ticket = spill(db)
    page = client.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    routes = re.search(r'<p id="reply-routes">(.*?)</p>', page, re.S).group(1)
    assert "to their web chat" in routes and "by text" not in routes
    token = csrf_token(client, f"/staff/tickets/{ticket.reference}")
    client.post(f"/staff/tickets/{ticket.reference}/notes", data={"csrf_token": token, "body": "We cleaned the drain.", "shared": "y"})
    [reply] = replies_to_show(db, "reporter-key")
    assert reply.body == "We cleaned the drain."
    entries = [e for e in audit.entries(db, "ticket", ticket.reference) if e.action == "note"]
    assert entries and entries[-1].after["shared"] is True and entries[-1].after["body"] == "We cleaned the drain."
    page = client.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    assert "shown in their web chat" in page


def test_a_reply_is_texted_only_to_a_number_that_agreed(signed_in, db):
    client = signed_in
    agreed = spill(db, channel="sms", sender_key="sms-key")
    sms_consent.record_updates_choice(db, agreed.reference, "+15165550199", True, confirmed=True, now=NOW)
    silent = spill(db, channel="sms", sender_key="sms-key-2")
    page = client.get(f"/staff/tickets/{agreed.reference}").get_data(as_text=True)
    routes = re.search(r'<p id="reply-routes">(.*?)</p>', page, re.S).group(1)
    assert "by text to" in routes and "(516) 555-0199" in routes and "web chat" not in routes
    silent_page = client.get(f"/staff/tickets/{silent.reference}").get_data(as_text=True)
    assert "nowhere by itself" in re.search(r'<p id="reply-routes">(.*?)</p>', silent_page, re.S).group(1)
    for ticket in (agreed, silent):
        token = csrf_token(client, f"/staff/tickets/{ticket.reference}")
        client.post(f"/staff/tickets/{ticket.reference}/notes", data={"csrf_token": token, "body": "Crew sent.", "shared": "y"})
    texted = [a for a in outbox.for_ticket(db, agreed.reference) if a.purpose == "reporter_update"]
    assert [(a.channel, a.recipient) for a in texted] == [("sms", "+15165550199")]
    assert [a for a in outbox.for_ticket(db, silent.reference) if a.purpose == "reporter_update"] == []
