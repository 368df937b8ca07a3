"""Pictures a resident texted, looked up for the conversation that files a report."""
import json
from datetime import datetime, timedelta, timezone

import pytest

from stormwater.store.message_log import media_for_sender
from stormwater.store.database import connect

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc)


def text(db, sid, sender, received, media):
    db["sms_messages"].insert({
        "message_sid": sid, "from_number": "+15165550123", "to_number": "+15165550100", "body": "",
        "num_media": len(media), "media": json.dumps(media), "village": "bayville", "sender_key": sender,
        "received_at": received.astimezone(timezone.utc).isoformat(timespec="milliseconds"),
    })


def test_pictures_of_this_sender_since_the_time_oldest_first(db):
    first = {"url": "https://api.twilio.com/m/1", "content_type": "image/jpeg"}
    second = {"url": "https://api.twilio.com/m/2", "content_type": "image/png"}
    text(db, "SM1", "me", NOW - timedelta(hours=2), [first])
    text(db, "SM2", "me", NOW - timedelta(hours=1), [second, first])  # the same URL again counts once
    text(db, "SM3", "me", NOW - timedelta(minutes=5), [])  # words only
    text(db, "SM4", "me", NOW - timedelta(hours=30), [{"url": "https://api.twilio.com/m/old", "content_type": "image/jpeg"}])
    text(db, "SM5", "someone else", NOW, [{"url": "https://api.twilio.com/m/theirs", "content_type": "image/jpeg"}])
    assert media_for_sender(db, "me", NOW - timedelta(hours=24)) == [first, second]


def test_a_local_time_is_compared_in_utc(db):
    picture = {"url": "https://api.twilio.com/m/1", "content_type": "image/jpeg"}
    text(db, "SM1", "me", NOW, [picture])
    eastern = timezone(timedelta(hours=-5))
    assert media_for_sender(db, "me", (NOW - timedelta(minutes=1)).astimezone(eastern)) == [picture]
    assert media_for_sender(db, "me", (NOW + timedelta(minutes=1)).astimezone(eastern)) == []


def test_no_sender_no_table_or_a_naive_time(db):
    assert media_for_sender(db, None, NOW) == [] and media_for_sender(db, "", NOW) == []
    empty = connect(":memory:")
    try:
        assert media_for_sender(empty, "me", NOW) == []
    finally:
        empty.close()
    with pytest.raises(ValueError):
        media_for_sender(db, "me", NOW.replace(tzinfo=None))
