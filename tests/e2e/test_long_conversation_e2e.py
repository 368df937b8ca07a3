"""A long conversation is cut into sessions by the tracker store, and the assistant does not notice."""
import sqlite3
import uuid

import pytest
import requests

pytestmark = pytest.mark.services


def test_follow_ups_still_find_the_last_answer_across_the_sessions_a_long_conversation_is_cut_into(helpdesk):
    rasa = f"http://127.0.0.1:{helpdesk.settings.rasa_port}/webhooks/rest/webhook"
    sender = f"long-{uuid.uuid4().hex}"
    with requests.Session() as session:
        session.trust_env = False

        def says(text):
            # Straight to Rasa, as one long-lived sender would (the web app's per-sender limit
            # would throttle a conversation this long).
            response = session.post(rasa, json={"sender": sender, "message": text}, timeout=60)
            assert response.status_code == 200, response.text
            return " ".join(m.get("text") or "" for m in response.json())

        says("Poquott")  # the village, once, at the start
        for number in range(20):
            answer = says("can I empty my pool into the street drain?")
            assert "132-3" in answer, (number, answer)  # Poquott's rule: the village was carried over
            instead = says("How am I supposed to get rid of it?")
            assert "What you may do instead" in instead, (number, instead)
    trackers = sqlite3.connect(helpdesk.settings.trackers)
    try:
        starts = trackers.execute(
            "SELECT COUNT(*) FROM events WHERE sender_id = ? AND type_name = 'session_started'", [sender]
        ).fetchone()[0]
        users = trackers.execute(
            "SELECT COUNT(*) FROM events WHERE sender_id = ? AND type_name = 'user'", [sender]
        ).fetchone()[0]
    finally:
        trackers.close()
    assert starts >= 2  # Rasa's first session and at least one the store opened
    assert users >= 41  # every message kept (and the copies of the last turns on top)
