"""Issue 14 item 2 and 4 on the web: the letter's addressee and the chat page's deadline label."""
import re
from datetime import date, datetime, timezone

from stormwater.store.database import connect, migrate
from stormwater.reports.ticket_store import file_ticket


def filed(app, village):
    db = connect(app.config["DATABASE"])
    migrate(db)
    ticket = file_ticket(
        db, village=village, kind="spill", channel="web", hazardous=False, fields={"material": "soapy water"},
        location="12 Main St", discovered_at=datetime(2026, 11, 30, 9, 15, tzinfo=timezone.utc),
        notify_by=date(2026, 12, 1), written_by=date(2026, 12, 4), reporter_name="Pat Lee", reporter_phone=None,
    )
    db.close()
    return ticket


def test_poquotts_letter_is_addressed_to_the_village(app, client):
    html = client.get(f"/letters/{filed(app, 'poquott').letter_token}").get_data(as_text=True)
    address = re.search(r"<p>(Incorporated Village of Poquott<br>.*?)</p>", html, flags=re.S)
    assert address and "Stormwater Management Officer" not in address.group(1)
    assert "I confirm the notice I gave the Incorporated Village of Poquott" in html
    # The confirmation is of an in-person or telephone notice only.
    boxes = '<span class="box">[&nbsp;]&nbsp;in&nbsp;person</span> <span class="box">[&nbsp;]&nbsp;by&nbsp;telephone</span> on'
    assert boxes in html and "by&nbsp;fax" not in html and "[ ] by fax" not in html


def test_bayvilles_letter_is_addressed_to_the_smo(app, client):
    html = client.get(f"/letters/{filed(app, 'bayville').letter_token}").get_data(as_text=True)
    assert "<p>Stormwater Management Officer<br>Village of Bayville<br>" in html
    assert "I confirm the notice I gave the Stormwater Management Officer" in html


def test_the_chat_pages_deadline_label_names_whom_the_text_names(client):
    poquott = client.get("/poquott/").get_data(as_text=True)
    assert r'"notify_by": "Notify the Village of Poquott (the ordinance says \"the municipality\") by"' in poquott
    assert "Notify the Stormwater Management Officer by" not in poquott
    assert "Notify the Stormwater Management Officer (SMO) by" in client.get("/bayville/").get_data(as_text=True)
