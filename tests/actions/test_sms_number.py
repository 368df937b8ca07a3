"""By SMS, "this number" at the phone question is read as the number the texts come from."""
from actions import action_db
from actions.sms_number import answer_text
from stormwater.store.database import connect, migrate
from tests.actions.conftest import make_tracker


def _texted_from(number):
    db = connect(action_db.database_path())
    migrate(db)
    with db.conn:
        db.conn.execute("INSERT INTO sms_messages (message_sid, from_number, to_number, body, village, sender_key,"
                        " received_at, status) VALUES ('SM1', ?, '+15165550100', 'oil spill', 'bayville',"
                        " 'test-sender', '2026-11-30T15:00:00.000+00:00', 'answered')", [number])
    db.close()


def _tracker(text, channel):
    tracker = make_tracker(text, "inform", village_meta="bayville")
    tracker.latest_message["metadata"]["channel"] = channel
    return tracker


def test_by_sms_this_number_is_the_sending_number():
    _texted_from("+15165550177")
    assert answer_text(_tracker("yes this number", "sms"), "reporter_phone") == "+15165550177"


def test_on_the_web_or_at_another_question_the_words_stay():
    _texted_from("+15165550177")
    assert answer_text(_tracker("this number", "web"), "reporter_phone") == "this number"
    assert answer_text(_tracker("yes", "sms"), "reached_drain") == "yes"
    assert answer_text(_tracker("516-555-0101", "sms"), "reporter_phone") == "516-555-0101"


def test_without_a_stored_text_the_words_stay():
    assert answer_text(_tracker("this number", "sms"), "reporter_phone") == "this number"
