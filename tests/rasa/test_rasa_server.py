"""ops.rasa_server validates action server answers as Rasa does, without re-checking the schema
and without walking jsonschema over an answer the compiled schema passes."""
import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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


def test_a_valid_answer_is_passed_by_the_compiled_check_without_walking_jsonschema(cached, monkeypatch):
    def walk(*args, **kwargs):
        raise AssertionError("jsonschema walked a valid answer")

    monkeypatch.setattr(validator_for(RemoteAction.action_response_format_spec()), "iter_errors", walk)
    for result in GOOD:
        assert cached(None, result) is True


def test_the_fast_check_passes_nothing_when_event_kinds_are_not_told_apart_by_their_const():
    from ops.rasa_server import event_kind_check

    schema = copy.deepcopy(RemoteAction.action_response_format_spec())
    assert event_kind_check(schema)(GOOD[1]) is True
    branches = schema["properties"]["events"]["items"]["oneOf"]
    branches.append(copy.deepcopy(branches[2]))  # two kinds named "slot": the oneOf no longer follows the const
    assert event_kind_check(schema)(GOOD[1]) is False


# Answers as an action server might send them, right or wrong: known and unknown event
# names with fields of every JSON type, and responses that are or are not objects.
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
_EVENT_NAMES = ["user", "bot", "slot", "action", "active_loop", "session_started", "restart", "followup",
                "entities", "reset_slots", "no_such_event", ""]
_FIELDS = ["name", "value", "text", "timestamp", "metadata", "policy", "confidence", "entities", "parse_data",
           "data", "hide_rule_turn", "action_text"]
_EVENT = st.fixed_dictionaries(
    {}, optional={"event": st.sampled_from(_EVENT_NAMES) | _JSON}
).flatmap(lambda head: st.dictionaries(st.sampled_from(_FIELDS), _JSON, max_size=4).map(lambda rest: {**rest, **head}))
# Well-formed events as the help desk's actions send them, so that many answers are valid.
_STAMP = st.none() | st.floats(min_value=0, max_value=2e9)
_WELL_FORMED = st.one_of(
    st.fixed_dictionaries({"event": st.just("slot"), "name": st.text(max_size=8), "value": _JSON}, optional={"timestamp": _STAMP}),
    st.fixed_dictionaries({"event": st.just("bot")}, optional={"text": st.none() | st.text(max_size=8), "data": _JSON}),
    st.fixed_dictionaries({"event": st.sampled_from(["action", "followup", "active_loop"]), "name": st.none() | st.text(max_size=8)}),
    st.fixed_dictionaries({"event": st.sampled_from(["restart", "session_started", "reset_slots"])}, optional={"timestamp": _STAMP}),
)
_ANSWER = st.fixed_dictionaries(
    {}, optional={"events": st.lists(_EVENT | _WELL_FORMED, max_size=4) | _JSON, "responses": st.lists(_JSON, max_size=3) | _JSON}
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_ANSWER)
def test_the_cached_check_accepts_exactly_the_answers_rasa_accepts(result):
    cached = _CACHED.setdefault("validator", cached_action_result_validator())
    try:
        rasa_ok = RemoteAction("action_x", None)._validate_action_result(copy.deepcopy(result))
    except ValidationError as error:
        rasa_ok, rasa_message = False, error.message
    try:
        ours_ok = cached(None, copy.deepcopy(result))
    except ValidationError as error:
        ours_ok, ours_message = False, error.message
    assert ours_ok == rasa_ok
    if not rasa_ok:
        assert ours_message == rasa_message


_CACHED: dict = {}


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


class _Processor:
    """Just what ``parse_message`` uses of Rasa's ``MessageProcessor``."""

    http_interpreter = None

    def __init__(self):
        import threading

        self.loop_thread = threading.get_ident()
        self.graph_threads, self.steps = [], []

    def _parse_message_with_graph(self, message, tracker, only_output_properties=True):
        import threading

        self.graph_threads.append(threading.get_ident())
        return {"text": message.text, "intent": {"name": "greet", "confidence": 0.9}, "entities": []}

    def _update_full_retrieval_intent(self, parse_data):
        self.steps.append("retrieval")

    def _check_for_unseen_features(self, parse_data):
        self.steps.append("unseen")


def test_the_nlu_graph_runs_off_the_event_loop_and_rasas_own_steps_follow():
    import asyncio

    from rasa.core.channels.channel import UserMessage

    from ops.rasa_server import threaded_parse_message

    parse = threaded_parse_message()
    processor = _Processor()

    async def run():
        processor.loop_thread = __import__("threading").get_ident()
        return await parse(processor, UserMessage("hello there", sender_id="s1"))

    parsed = asyncio.run(run())
    assert parsed["intent"]["name"] == "greet" and parsed["text"] == "hello there"
    assert processor.graph_threads and processor.graph_threads[0] != processor.loop_thread
    assert processor.steps == ["retrieval", "unseen"]


def test_two_parses_overlap_instead_of_queueing_on_the_loop():
    """While one message's graph runs (here: sleeps, as TensorFlow does without Python's lock),
    the loop starts the next message's: two 0.3 s parses take about 0.3 s, not 0.6 s."""
    import asyncio
    import time

    from rasa.core.channels.channel import UserMessage

    from ops.rasa_server import threaded_parse_message

    class Slow(_Processor):
        def _parse_message_with_graph(self, message, tracker, only_output_properties=True):
            time.sleep(0.3)
            return super()._parse_message_with_graph(message, tracker, only_output_properties)

    parse, processor = threaded_parse_message(), Slow()

    async def run():
        return await asyncio.gather(*(parse(processor, UserMessage(t, sender_id=t)) for t in ("a", "b")))

    started = time.monotonic()
    results = asyncio.run(run())
    assert [r["text"] for r in results] == ["a", "b"]
    assert time.monotonic() - started < 0.55


def test_the_empty_domain_check_answers_as_rasas_and_builds_no_domain_per_call(monkeypatch):
    from rasa.shared.core.domain import Domain

    from ops.rasa_server import cached_empty_domain_check

    is_empty = cached_empty_domain_check()
    ours = Domain.load(str(__import__("stormwater.store.paths", fromlist=["REPO_ROOT"]).REPO_ROOT / "bot" / "domain.yml"))
    cases = [Domain.empty(), ours]
    expected = [Domain.is_empty(d) for d in cases]
    monkeypatch.setattr(Domain, "empty", classmethod(lambda cls: (_ for _ in ()).throw(AssertionError("built again"))))
    assert [is_empty(d) for d in cases] == expected == [True, False]
