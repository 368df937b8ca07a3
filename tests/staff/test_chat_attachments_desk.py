"""The ticket page shows the location and photos a resident added in the web chat (issue 32):
the location as a link to OpenStreetMap, the photo served from the desk; retention removes them."""
import io
from datetime import timedelta

from PIL import Image

from stormwater.reports import attachments
from stormwater.staff.workflow import change_status
from stormwater.staff.purge import purge_personal_data

from .conftest import NOW, spill


def picture():
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (0, 90, 200)).save(out, format="JPEG")
    return out.getvalue()


def test_the_clerk_sees_the_place_on_a_map_and_the_photo(signed_in, db, users):
    ticket = spill(db)
    attachments.add(db, "reporter-key", "bayville", attachments.LOCATION, latitude=40.9091, longitude=-73.5627,
                    accuracy_m=15.0, now=NOW + timedelta(minutes=1))
    attachments.add(db, "reporter-key", "bayville", attachments.PHOTO, content_type="image/jpeg", body=picture(),
                    now=NOW + timedelta(minutes=2))
    page = signed_in.get(f"/staff/tickets/{ticket.reference}").get_data(as_text=True)
    assert 'href="https://www.openstreetmap.org/?mlat=40.909100&amp;mlon=-73.562700#map=18/40.909100/-73.562700"' in page
    assert "within about 15 m" in page
    [photo] = [a for a in attachments.for_ticket(db, ticket.reference) if a.kind == "photo"]
    shown = signed_in.get(f"/staff/tickets/{ticket.reference}/uploads/{photo.id}")
    assert shown.status_code == 200 and shown.mimetype == "image/jpeg" and "sandbox" in shown.headers["Content-Security-Policy"]
    other = spill(db, sender_key="someone-else")
    assert signed_in.get(f"/staff/tickets/{other.reference}/uploads/{photo.id}").status_code == 404


def test_retention_removes_them_with_the_reporters_data(db, users):
    ticket = spill(db)
    attachments.add(db, "reporter-key", "bayville", attachments.LOCATION, latitude=40.9, longitude=-73.5, now=NOW)
    attachments.add(db, "waiting-key", "bayville", attachments.LOCATION, latitude=40.9, longitude=-73.5, now=NOW)
    change_status(db, ticket.reference, "resolved", actor=users["bay"], now=NOW)
    purge_personal_data(db, days=30, now=NOW + timedelta(days=31))
    assert db.conn.execute("SELECT count(*) FROM chat_attachments").fetchone()[0] == 0
