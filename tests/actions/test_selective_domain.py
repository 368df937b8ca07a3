"""Rasa sends the domain only to the actions marked ``send_domain`` in bot/domain.yml
(``enable_selective_domain``); every other action gets ``{}``. So an action that reads the
domain must be marked, or it would silently lose what it reads (the form's slots, the words
of a response)."""
import yaml
from rasa_sdk.executor import CollectingDispatcher

from rasa_sdk.interfaces import Action
from stormwater.store.paths import REPO_ROOT
from tests.actions.conftest import DOMAIN, make_tracker

DOMAIN_FILE = yaml.safe_load((REPO_ROOT / "bot" / "domain.yml").read_text())


class Watched(dict):
    """The domain, remembering whether anything was read from it."""

    read = False

    def get(self, *args, **kwargs):
        Watched.read = True
        return super().get(*args, **kwargs)

    def __getitem__(self, key):
        Watched.read = True
        return super().__getitem__(key)


def all_actions():
    import importlib
    import pkgutil

    for module in pkgutil.iter_modules([str(REPO_ROOT / "actions")]):
        importlib.import_module(f"actions.{module.name}")
    found, todo = {}, list(Action.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        try:
            found[cls().name()] = cls
        except Exception:  # abstract helpers without a name of their own
            continue
    return found


TRACKERS = [
    ("I want a person", "ask_human", {}, None),
    ("yes", "affirm", {"offer": "person"}, None),
    ("yes", "affirm", {"offer": "handoff"}, None),
    ("who do I call", "ask_contact", {}, {"name": "report_form"}),
    ("what's the number", "ask_contact", {"requested_slot": "location"}, {"name": "report_form"}),
    ("12 Main St", "inform", {"requested_slot": "location", "report_kind": "spill"}, {"name": "report_form"}),
    ("can I drain my pool?", "ask_discharge", {}, None),
    ("no", "deny", {}, None),
]


def test_every_action_that_reads_the_domain_is_marked_send_domain():
    listed = {next(iter(a)) if isinstance(a, dict) else a for a in DOMAIN_FILE["actions"]}
    classes = all_actions()
    assert listed <= set(classes), "an action in bot/domain.yml has no class"
    readers = set()
    for name in sorted(listed):
        for text, intent, slots, loop in TRACKERS:
            Watched.read = False
            tracker = make_tracker(text, intent, village_meta="bayville", slots=slots, active_loop=loop)
            try:
                result = classes[name]().run(CollectingDispatcher(), tracker, Watched(DOMAIN))
                if hasattr(result, "__await__"):
                    import asyncio

                    asyncio.run(result)
            except Exception:
                pass  # a tracker this action does not expect: only reads matter here
            if Watched.read:
                readers.add(name)
    flagged = {next(iter(a)) for a in DOMAIN_FILE["actions"] if isinstance(a, dict) and next(iter(a.values())).get("send_domain")}
    # the watch sees real reads: the form's slots and the contacts' note
    assert {"validate_report_form", "action_give_contact"} <= readers
    assert readers <= flagged, f"read the domain without send_domain: {sorted(readers - flagged)}"


def test_rasa_is_told_to_send_the_domain_selectively():
    endpoints = yaml.safe_load((REPO_ROOT / "bot" / "endpoints.yml").read_text())
    assert endpoints["action_endpoint"]["enable_selective_domain"] is True
