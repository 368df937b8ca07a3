"""Rasa's command line (``python -m ops.rasa_server run ...`` is ``python -m rasa run ...``), made faster.

Rasa 3.6 checks every action server answer with ``jsonschema.validate``, which first checks
the (constant) schema itself against the JSON Schema meta-schema: about 30-130 ms of CPU per
custom action call on 2 cores, more than the rest of a turn. Here the schema is checked once.
Walking it over an answer was still about 2 ms of CPU per action call (6% of the Rasa
process's time under load, docs/benchmarks.md), nearly all of it in the ``oneOf`` of 23
event kinds that every event is tried against. Each of those kinds is named by its own
``const`` of ``event``, so an event can only ever match the one kind it names: an answer is
first checked, compiled to Python once (``fastjsonschema``), against the schema without the
``oneOf`` and each event against its own kind alone (0.01 ms). An answer that check refuses
goes to jsonschema, which has the last word and raises Rasa's own "best match" error.

Rasa 3.6 also finds an event's class by its name (``Event.resolve_by_type``) by walking every
subclass of ``Event`` and asking ``inspect.isabstract`` of each, for every event it reads back
from the tracker store: a quarter of the Rasa server's CPU in the profile of a long
conversation (docs/benchmarks.md). Here each name's class is looked up once.

Rasa 3.6 also builds an empty domain for every message, to check that its own is not empty;
here the empty one is built once.

Rasa 3.6 also runs the NLU pipeline inline on its one event loop, so while one message is
being understood (the sentence model alone takes 10-20 ms) no other conversation moves. Here
the pipeline runs in a worker thread: its TensorFlow and NumPy parts release Python's lock and
use the second core while the loop serves other conversations. Each conversation still waits
for its own parse (Rasa's lock store orders its messages); the result is Rasa's own.
"""
from __future__ import annotations

import asyncio
import sys
from typing import Any, Callable, Dict


def cached_action_result_validator() -> Callable[[Any, Dict[str, Any]], bool]:
    """A drop-in for ``RemoteAction._validate_action_result`` with the schema checked once."""
    from jsonschema import ValidationError
    from jsonschema.exceptions import best_match
    from jsonschema.validators import validator_for
    from rasa.core.actions.action import RemoteAction
    from rasa.shared.constants import DOCS_BASE_URL

    schema = RemoteAction.action_response_format_spec()
    validator_class = validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    passes = event_kind_check(schema)

    def validate_action_result(self: Any, result: Dict[str, Any]) -> bool:
        if passes(result):
            return True
        error = best_match(validator.iter_errors(result))
        if error is None:
            return True
        assert isinstance(error, ValidationError)
        error.message += (
            ". Failed to validate Action server response from API, "
            "make sure your response from the Action endpoint is valid. "
            f"For more information about the format visit {DOCS_BASE_URL}/custom-actions"
        )
        raise error

    return validate_action_result


def event_kind_check(schema: Dict[str, Any]) -> Callable[[Any], bool]:
    """A fast check that passes only answers ``schema`` passes (see the module docstring).

    ``False`` means "not known to pass", for jsonschema to decide. A schema whose events are
    not told apart by one ``const`` each gets a check that passes nothing.
    """
    import copy

    import fastjsonschema

    items = schema.get("properties", {}).get("events", {}).get("items", {})
    kinds = [branch.get("properties", {}).get("event", {}).get("const") for branch in items.get("oneOf", [])]
    if not kinds or None in kinds or len(set(kinds)) != len(kinds) or "event" not in items.get("required", []):
        return lambda result: False
    without_kinds = copy.deepcopy(schema)
    del without_kinds["properties"]["events"]["items"]["oneOf"]
    answer_check = fastjsonschema.compile(without_kinds)
    kind_checks = {kind: fastjsonschema.compile(branch) for kind, branch in zip(kinds, items["oneOf"])}

    def passes(result: Any) -> bool:
        try:
            answer_check(result)
            for event in result.get("events", []):
                check = kind_checks.get(event["event"])
                if check is None:
                    return False
                check(event)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    return passes


def cached_event_resolver() -> Callable[..., Any]:
    """A drop-in for ``Event.resolve_by_type`` that remembers the class found for each name.

    Names that resolve to no class are not remembered: they go to Rasa's own lookup (which
    raises or returns the default) every time, as before.
    """
    from rasa.shared.core.events import Event

    original = Event.resolve_by_type
    found: Dict[str, Any] = {}

    def resolve_by_type(type_name, default=None):
        cls = found.get(type_name)
        if cls is None:
            cls = original(type_name, default)
            if cls is not None and cls is not default:
                found[type_name] = cls
        return cls

    return resolve_by_type


def cached_empty_domain_check() -> Callable[[Any], bool]:
    """A drop-in for ``Domain.is_empty`` that builds the empty domain it compares with once.

    Rasa asks it of every parsed message (``_check_for_unseen_features``), and built a new
    empty ``Domain`` for each answer: 2% of the Rasa event loop's time under load.
    """
    from rasa.shared.core.domain import Domain

    empty = Domain.empty().as_dict()

    def is_empty(self: Any) -> bool:
        return self.as_dict() == empty

    return is_empty


def threaded_parse_message() -> Callable[..., Any]:
    """A drop-in for ``MessageProcessor.parse_message`` that runs the NLU graph in a worker thread.

    What follows the graph (the retrieval intent's full name, the check for features the
    model has not seen) is Rasa's own code, called as ``parse_message`` calls it.
    """
    from rasa.core.processor import MessageProcessor
    from rasa.shared.core.trackers import DialogueStateTracker

    original = MessageProcessor.parse_message

    async def parse_message(self, message, tracker=None, only_output_properties=True):
        if self.http_interpreter:
            return await original(self, message, tracker, only_output_properties)
        if tracker is None:
            tracker = DialogueStateTracker.from_events(message.sender_id, [])
        parse_data = await asyncio.to_thread(self._parse_message_with_graph, message, tracker, only_output_properties)
        self._update_full_retrieval_intent(parse_data)
        self._check_for_unseen_features(parse_data)
        return parse_data

    return parse_message


def install() -> None:
    """Replace Rasa's per-call schema check, per-event class lookup and per-message empty
    domain with cached ones, and take the NLU pipeline off the event loop."""
    from rasa.core.actions.action import RemoteAction
    from rasa.core.processor import MessageProcessor
    from rasa.shared.core.domain import Domain
    from rasa.shared.core.events import Event
    RemoteAction._validate_action_result = cached_action_result_validator()
    Event.resolve_by_type = staticmethod(cached_event_resolver())
    MessageProcessor.parse_message = threaded_parse_message()
    Domain.is_empty = cached_empty_domain_check()


def main() -> None:
    """Run Rasa's own command line with the faster validation installed."""
    install()
    from rasa.__main__ import main as rasa_main

    sys.argv[0] = "rasa"
    rasa_main()


if __name__ == "__main__":
    main()
