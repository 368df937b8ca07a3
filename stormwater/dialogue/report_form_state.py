"""The report form's state read from the conversation's slots and events, and its one question
that is not the report's: which village (when the channel did not say). Plain functions; the
form's action sends the replies and sets the slots."""
from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Tuple

from stormwater.dialogue.report_answers import FormState
from stormwater.dialogue.replies import Reply, village_list
from stormwater.law.villages import get_village, load_villages
from stormwater.dialogue.guided_report import questions_for


def village_answer(value: Any, named: Iterable[str]) -> Tuple[Optional[str], List[Reply]]:
    """The village a message names (as typed, else a village entity), or no village and the
    reply listing the villages the help desk serves."""
    village = get_village(str(value or "")) or next((get_village(v) for v in named if get_village(v)), None)
    if village is None:
        return None, [Reply("utter_unknown_village", {"village_list": village_list(load_villages().values())})]
    return village.slug, []


def petroleum_line_said(events: Iterable[Dict[str, Any]]) -> bool:
    """Whether the state petroleum line was already said (it is said once a conversation)."""
    return any((e.get("metadata") or {}).get("utter_action") == "utter_spill_petroleum_state_law"
               for e in events if e.get("event") == "bot")


def form_state(asked: str, slots: Dict[str, Any], events: Iterable[Dict[str, Any]]) -> FormState:
    """The form's state when the answer to ``asked`` comes: the report's kind, its answers so
    far, the retry under way and whether the petroleum line was said."""
    kind = slots.get("report_kind") or "spill"
    so_far = {slot: slots.get(slot) for slot in questions_for(kind)}
    if slots.get("discovered"):  # "all morning" said later on that day corrects no hour already given
        so_far["discovered_at"] = slots.get("discovered_at")
    return FormState(asked, kind, so_far, slots.get("report_retry"), petroleum_line_said(events))
