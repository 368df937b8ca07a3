"""Web chat messages the assistant never saw, in the staff inbox until marked handled."""
import pytest

from stormwater.staff import audit, chat_inbox
from stormwater.store.database import immediate

from .conftest import NOW, csrf_token


def chat(db, village, text="oil spill on Main St, call 516-555-0199", direction="in", delivered=0, sender="browser-1"):
    with immediate(db):
        cursor = db.conn.execute(
            "INSERT INTO chat_messages (created_at, channel, village, sender_key, direction, text, delivered)"
            " VALUES (?, 'web', ?, ?, ?, ?, ?)",
            [NOW.isoformat(), village, sender, direction, text, delivered],
        )
    return cursor.lastrowid


def test_only_undelivered_resident_messages_wait_and_each_village_sees_its_own(db, users):
    bay = chat(db, "bayville")
    chat(db, "poquott", sender="browser-2")
    no_village = chat(db, None, sender="browser-3")
    chat(db, "bayville", delivered=1)
    chat(db, "bayville", direction="out", text="a reply", delivered=1)

    assert [m["id"] for m in chat_inbox.waiting(db, users["bay"])] == [bay]
    assert chat_inbox.count_waiting(db, users["pqt"]) == 1
    assert {m["id"] for m in chat_inbox.waiting(db, users["admin"])} >= {bay, no_village}
    assert chat_inbox.count_waiting(db, users["admin"]) == 3


def test_a_later_answer_in_the_same_conversation_is_shown(db, users):
    first = chat(db, "bayville")
    assert chat_inbox.waiting(db, users["bay"])[0]["answered_later"] is False
    chat(db, "bayville", direction="out", text="Bayville allows that.", delivered=1)
    [item] = chat_inbox.waiting(db, users["bay"])
    assert (item["id"], item["answered_later"]) == (first, True)


def test_marking_handled_is_audited_once_and_walled_by_village(db, users):
    bay = chat(db, "bayville")
    with pytest.raises(LookupError):
        chat_inbox.mark_handled(db, bay, actor=users["pqt"], now=NOW)
    assert chat_inbox.mark_handled(db, bay, actor=users["bay"], now=NOW) is True
    assert chat_inbox.mark_handled(db, bay, actor=users["bay2"], now=NOW) is False
    assert chat_inbox.waiting(db, users["bay"]) == []
    [entry] = audit.entries(db, "chat_message", bay)
    assert (entry.actor, entry.action, entry.after) == (users["bay"].email, "handled", {"handled": True})


def test_a_delivered_message_cannot_be_marked(db, users):
    answered = chat(db, "bayville", delivered=1)
    with pytest.raises(LookupError):
        chat_inbox.mark_handled(db, answered, actor=users["admin"], now=NOW)


def test_the_inbox_page_lists_chat_messages_as_text_and_marks_them_handled(signed_in, db, users):
    mine = chat(db, "bayville", text="<script>alert(1)</script> spill by the drain")
    theirs = chat(db, "poquott", sender="browser-2", text="poquott message")

    response = signed_in.get("/staff/inbox")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt; spill by the drain" in page
    assert "<script>alert(1)</script>" not in page
    assert "poquott message" not in page
    assert f'action="/staff/inbox/chat/{mine}/handled"' in page

    token = csrf_token(signed_in, "/staff/inbox")
    assert signed_in.post(f"/staff/inbox/chat/{theirs}/handled", data={"csrf_token": token}).status_code == 404
    assert signed_in.post(f"/staff/inbox/chat/{mine}/handled", data={}).status_code == 400
    assert chat_inbox.count_waiting(db, users["bay"]) == 1
    response = signed_in.post(f"/staff/inbox/chat/{mine}/handled", data={"csrf_token": token})
    assert response.status_code == 302
    assert chat_inbox.count_waiting(db, users["bay"]) == 0
