"""The web chat's location and photo buttons (issue 32): kept with the conversation until a
report is filed there, then with the report; photos checked and stripped of EXIF; every bad
input gets a plain answer."""
import io

from PIL import Image

from stormwater.intake.inbound import sender_key
from stormwater.reports import attachments
from stormwater.reports.photo_cleaning import MAX_UPLOAD_BYTES
from stormwater.reports.ticket_store import file_ticket
from web.request_db import connect

from .conftest import SECRET

SENDER = "browser-0123456789"


def jpeg_with_gps(size=(64, 48)):
    image = Image.new("RGB", size, (200, 30, 30))
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    gps = exif.get_ifd(0x8825)
    gps[1], gps[2], gps[3], gps[4] = "N", (40.0, 54.0, 1.0), "W", (73.0, 34.0, 2.0)
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif)
    return out.getvalue()


def photo(client, data, name="drain.jpg", sender=SENDER, village="bayville"):
    return client.post("/api/chat/photo", data={"sender": sender, "village": village, "photo": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def locate(client, **body):
    return client.post("/api/chat/location", json={"sender": SENDER, "village": "bayville", **body})


def key():
    return sender_key(SECRET, "web", "bayville", SENDER)


def test_a_location_and_a_photo_before_filing_go_with_the_report(app, client):
    assert Image.open(io.BytesIO(jpeg_with_gps())).getexif().get_ifd(0x8825)  # the fixture carries GPS EXIF
    waiting = locate(client, latitude=40.9, longitude=-73.56, accuracy=12.5)
    assert waiting.status_code == 200 and "when it is filed" in waiting.get_json()["messages"][0]["text"]
    shot = photo(client, jpeg_with_gps())
    assert shot.status_code == 200 and "hidden details" in shot.get_json()["messages"][0]["text"]
    db = connect(app.config["DATABASE"])
    ticket = file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=False, sender_key=key())
    kept = attachments.for_ticket(db, ticket.reference)
    assert [a.kind for a in kept] == ["location", "photo"]
    assert kept[0].map_url == "https://www.openstreetmap.org/?mlat=40.900000&mlon=-73.560000#map=18/40.900000/-73.560000"
    stored = Image.open(io.BytesIO(attachments.photo_of(db, ticket.reference, kept[1].id)))
    assert stored.format == "JPEG" and not stored.getexif() and "exif" not in stored.info
    # After filing, a new one goes straight to the report.
    later = locate(client, latitude=40.91, longitude=-73.55)
    assert ticket.reference in later.get_json()["messages"][0]["text"]
    assert len(attachments.for_ticket(db, ticket.reference)) == 3


def test_bad_uploads_get_a_plain_answer_and_keep_nothing(app, client):
    too_big = photo(client, b"\xff\xd8" + b"0" * (MAX_UPLOAD_BYTES + 1024))
    assert too_big.status_code == 413 and "too large" in too_big.get_json()["messages"][0]["text"]
    text_file = photo(client, b"%PDF-1.4 not a picture", name="drain.jpg")
    assert text_file.status_code == 415 and "not a picture" in text_file.get_json()["messages"][0]["text"]
    svg = photo(client, b"<svg xmlns='http://www.w3.org/2000/svg'/>", name="x.svg")
    assert svg.status_code == 415
    empty = client.post("/api/chat/photo", data={"sender": SENDER, "village": "bayville"}, content_type="multipart/form-data")
    assert empty.status_code == 400 and "No picture" in empty.get_json()["messages"][0]["text"]
    for bad in ({"latitude": 91, "longitude": 0}, {"latitude": "x", "longitude": 0}, {"latitude": True, "longitude": 1},
                {"latitude": 40.9}, {"latitude": 40.9, "longitude": -73.5, "accuracy": -1}):
        answer = locate(client, **bad)
        assert answer.status_code == 400 and "type the street" in answer.get_json()["messages"][0]["text"]
    assert client.post("/api/chat/location", json={"sender": "x", "village": "bayville", "latitude": 1, "longitude": 1}).status_code == 400
    assert client.post("/api/chat/location", json={"sender": SENDER, "village": "nowhere", "latitude": 1, "longitude": 1}).status_code == 400
    db = connect(app.config["DATABASE"])
    assert db.conn.execute("SELECT count(*) FROM chat_attachments").fetchone()[0] == 0
    # The chat itself still answers: nothing of the conversation is lost.
    assert client.post("/api/chat", json={"sender": SENDER, "village": "bayville", "message": "hello"}).status_code == 200


def test_one_conversation_keeps_at_most_ten(app, client):
    for _ in range(attachments.MAX_PER_CONVERSATION):
        assert locate(client, latitude=40.9, longitude=-73.56).status_code == 200
    refused = locate(client, latitude=40.9, longitude=-73.56)
    assert refused.status_code == 409 and "call the office" in refused.get_json()["messages"][0]["text"]
