"""Build trackers the way Rasa hands them to the action server."""
import pytest
from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

DOMAIN = {"responses": {"utter_example_contacts_note": [{"text": " (example numbers)"}]}}


def make_tracker(text, intent, entities=(), village_meta=None, slots=None, active_loop=None, events=None):
    """A tracker whose latest message is ``text`` classified as ``intent``."""
    return Tracker.from_dict(
        {
            "sender_id": "test-sender",
            "slots": {"village": None, "pending_question": None, "offer": None, **(slots or {})},
            "latest_message": {
                "text": text,
                "intent": {"name": intent, "confidence": 0.99},
                "entities": [{"entity": e, "value": v} for e, v in entities],
                "metadata": {"village": village_meta, "channel": "web"} if village_meta else {},
            },
            "events": events or [],
            "paused": False,
            "followup_action": None,
            "active_loop": active_loop or {},
            "latest_action_name": "action_listen",
        }
    )


@pytest.fixture(autouse=True)
def _own_database(tmp_path, monkeypatch):
    """Every action test files into its own database, never the checkout's instance folder
    (a test that needs another sets its own and calls ``action_db.start()`` again)."""
    from actions import action_db

    monkeypatch.setenv("HELPDESK_DATABASE", str(tmp_path / "actions-test.db"))
    action_db.start()


@pytest.fixture
def dispatcher():
    return CollectingDispatcher()


@pytest.fixture
def run():
    """Run an action; returns (messages, events)."""

    def _run(action, tracker):
        dispatcher = CollectingDispatcher()
        events = action.run(dispatcher, tracker, DOMAIN)
        return dispatcher.messages, events

    return _run
