"""ops.rasa_server validates action server answers as Rasa does, without re-checking the schema."""
import pytest
from jsonschema import ValidationError
from jsonschema.validators import validator_for
from rasa.core.actions.action import RemoteAction

from ops.rasa_server import cached_action_result_validator

GOOD = [
    {"events": [], "responses": []},
    {"events": [{"event": "slot", "name": "village", "value": "bayville"}], "responses": [{"response": "utter_greet"}]},
    {},
]
BAD = [
    {"events": [{"event": "no_such_event"}], "responses": []},
    {"events": "not a list", "responses": []},
    {"events": [], "responses": ["not an object"]},
]


@pytest.fixture
def cached():
    return cached_action_result_validator()


@pytest.mark.parametrize("result", GOOD)
def test_valid_answers_pass_as_with_rasa(cached, result):
    assert RemoteAction("action_x", None)._validate_action_result(result) is True
    assert cached(None, result) is True


@pytest.mark.parametrize("result", BAD)
def test_invalid_answers_fail_with_rasas_error(cached, result):
    with pytest.raises(ValidationError) as original:
        RemoteAction("action_x", None)._validate_action_result(result)
    with pytest.raises(ValidationError) as ours:
        cached(None, result)
    assert ours.value.message == original.value.message
    assert "Failed to validate Action server response" in ours.value.message


def test_the_schema_is_checked_once_not_per_answer(cached, monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("schema checked again")

    monkeypatch.setattr(validator_for(RemoteAction.action_response_format_spec()), "check_schema", fail)
    for result in GOOD:
        assert cached(None, result) is True
    with pytest.raises(ValidationError):
        cached(None, BAD[0])


@pytest.mark.parametrize("name", ["user", "bot", "slot", "action", "active_loop", "session_started", "restart"])
def test_the_cached_event_lookup_finds_the_class_rasa_finds(name):
    from rasa.shared.core.events import Event

    from ops.rasa_server import cached_event_resolver

    resolve = cached_event_resolver()
    assert resolve(name) is Event.resolve_by_type(name)
    assert resolve(name) is Event.resolve_by_type(name)  # the second time from the cache


def test_the_cached_event_lookup_still_refuses_unknown_names_and_gives_the_default():
    from rasa.shared.core.events import UserUttered

    from ops.rasa_server import cached_event_resolver

    resolve = cached_event_resolver()
    with pytest.raises(ValueError):
        resolve("no_such_event")
    assert resolve("no_such_event", UserUttered) is UserUttered
    assert resolve("topic") is None  # Rasa's old TopicSet events are skipped, not refused
