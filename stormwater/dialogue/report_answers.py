"""One message while the report form waits for an answer: what it fills, what is said back,
and the retry state machine (ask once more with an example, then keep what was said; the
read-back's "no" asks which field to change). Plain functions of the form's state; the
action only reads the state from the tracker and sends what comes back."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, List, Mapping, Optional, Tuple

from stormwater.dialogue.report_fields import NOT_GIVEN, field_label
from stormwater.dialogue.report_interruptions import RULE_INTERRUPTIONS
from stormwater.dialogue.replies import Reply
from stormwater.law.spills import petroleum_possible
from stormwater.understanding import form_reader
from stormwater.understanding.answer_words import yes_no
from stormwater.dialogue import guided_report as reports
from stormwater.understanding.source_words import says_who, source_from_answer

STEP_ASIDE = "step_aside"  # nothing filled: Rasa rejects the form and a rule answers the message
ANSWER_QUESTION = "answer_question"  # a question asked mid-form: answered, then asked again


@dataclass
class FormState:
    """What the form knows when a message comes: the question asked, the report's kind, the
    answers so far, the retry pending, and whether the petroleum line was said already."""

    asked: str
    kind: str
    filled: Mapping[str, Any]
    retry: Optional[str] = None
    petroleum_said: bool = False


@dataclass
class FormTurn:
    """The replies, the slot changes in order, and ``then`` (STEP_ASIDE, ANSWER_QUESTION) or None."""

    replies: List[Reply] = field(default_factory=list)
    slots: List[Tuple[str, Any]] = field(default_factory=list)
    then: Optional[str] = None

    def say(self, response: str, **values: Any) -> None:
        self.replies.append(Reply(response, dict(values)))


def read_answer(state: FormState, text: str, intent: Optional[str], now: datetime) -> FormTurn:
    """The form's reading of ``text`` (classified ``intent``) as the answer to ``state.asked``."""
    asked, kind, filled = state.asked, state.kind, state.filled
    turn = FormTurn()
    if intent in RULE_INTERRUPTIONS and form_reader.is_question(text) and not form_reader.wants_no_contact(text):
        return FormTurn(then=STEP_ASIDE)
    slots = tuple(filled)
    if form_reader.wants_no_contact(text) and "reporter_phone" in slots:
        return _no_contact(state, text, now)
    if len(" ".join(text.split())) > reports.MAX_ANSWER_CHARS:
        turn.say("utter_answer_too_long", limit=str(reports.MAX_ANSWER_CHARS))
        turn.slots = [(asked, None)] if asked else []
        return turn
    reading = form_reader.read_message(text, asked, kind, filled, now, slots)
    if reading.question:
        return FormTurn(then=ANSWER_QUESTION)
    if intent in RULE_INTERRUPTIONS and not form_reader.says_something(reading, asked, text, kind, now):
        return FormTurn(then=STEP_ASIDE)  # NLU heard a question and the words answer nothing
    # NLU's "cancel" alone never drops a report: only the words of a wish to stop do
    # (reports.is_cancel, before this); anything else is read as an answer, or said unclear.
    turn.slots = list(reading.updates.items())
    # "like a gallon" at the business question is the amount, not who is doing it
    other_field = set(reading.updates) & {"amount", "discovered", "reporter_name", "reporter_phone", "reached_drain"}
    source = source_from_answer(text) if asked == "commercial" and not other_field else None
    if source:  # "I think it's the contractor painting the hardware store": kept whole
        turn.slots.append(("suspected_source", source))
    for slot, value, changed in form_reader.said_back(reading, filled):
        turn.say("utter_correction_noted" if changed else "utter_field_noted", field=field_label(slot), value=value)
    for slot, value in reading.assumed:
        turn.say("utter_kept_as_said", field=field_label(slot), value=value)
    if asked == "confirm":
        turn.slots += confirm_answer(reading.confirm, state.retry)
    elif reading.unclear and asked and says_who(text):
        # "I think it's the contractor..." at another question: kept, and the question asked again
        turn.say("utter_field_noted", field=field_label("suspected_source"), value=says_who(text))
        turn.slots += [("suspected_source", says_who(text)), (asked, None)]
    elif reading.unclear and asked:
        _unclear(turn, state, text)
    else:
        turn.slots.append(("report_retry", None))
        if reading.updates.get("hazard") == "unsure" and filled.get("hazard") != "unsure":
            turn.say("utter_hazard_unsure")
        if kind == "spill" and asked in ("material", "hazard") and _petroleum_due(state, text, reading):
            turn.say("utter_spill_petroleum_state_law")
        if reading.updates.get("reporter_name") == "anonymous":
            turn.say("utter_anonymous_note")
    return turn


def _no_contact(state: FormState, text: str, now: datetime) -> FormTurn:
    """"Don't contact me": the number leaves the report, no update texts are offered, and the
    phone is not asked again in this conversation; said in one line. "Pat Lee, please don't
    contact me" also answers the question asked, and "make it anonymous, don't contact me"
    takes the name off too, wherever it is typed."""
    asked = state.asked
    turn = FormTurn()
    turn.say("utter_no_contact_noted")
    turn.slots = [("reporter_phone", "none"), ("no_contact", True), ("report_retry", None)]
    if asked == "confirm":
        turn.slots.append(("confirm", None))  # the read-back again, without the number
    elif asked != "reporter_phone":
        turn.slots.append((asked, None))
    rest = form_reader.without_no_contact(text)
    if rest and (asked not in ("confirm", "reporter_phone") or form_reader.wants_anonymity(rest)):
        reading = form_reader.read_message(rest, asked, state.kind, state.filled, now, tuple(state.filled))
        if not reading.unclear and not reading.question:
            answered = {k: v for k, v in reading.updates.items() if k != "reporter_phone"}
            turn.slots = [(k, v) for k, v in turn.slots if k not in answered] + list(answered.items())
    return turn


def confirm_answer(confirm: Optional[str], retry: Optional[str]) -> List[Tuple[str, Any]]:
    """The read-back's answer: file, pick a field to change, or a field already changed."""
    if confirm == "yes":
        if retry == "confirm_change":
            # "yes" to "what should I change?" after saying the report was not right:
            # show the report again rather than file what the resident just doubted.
            return [("confirm", None), ("report_retry", None)]
        return [("confirm", "yes"), ("report_retry", None)]
    if confirm == "no":
        return [("confirm", None), ("report_retry", "confirm_change")]
    if confirm and confirm.startswith("change:"):
        return [("confirm", None), ("report_retry", None)]  # the form asks the cleared field again
    return [("confirm", None), ("report_retry", "confirm_change" if retry == "confirm" else "confirm")]


def _unclear(turn: FormTurn, state: FormState, text: str) -> None:
    """Ask again once, with buttons and an example; after that, keep what was said and go on."""
    asked = state.asked
    if state.retry != asked:
        turn.slots += [(asked, None), ("report_retry", asked)]
        return
    words = " ".join(text.split())
    if asked in (*form_reader.YES_NO_SLOTS, "hazard"):
        value: Any = "unsure"
    elif asked == "reporter_phone":
        value = "none"
    elif asked in ("reporter_name", "location") and yes_no(words) is not None:
        value = NOT_GIVEN  # "idk" or "no" twice is no one's name and no place; the next question still comes
    else:
        value = words or None
    turn.say("utter_kept_as_said", field=field_label(asked), value="not sure" if value == "unsure" else value or "")
    turn.slots += [(asked, value), ("report_retry", None)]
    if asked == "hazard":
        turn.say("utter_hazard_unsure")


def _petroleum_due(state: FormState, text: str, reading: form_reader.Reading) -> bool:
    """The two-hour petroleum line once the material is asked: when the answer makes petroleum
    possible or the material is still unknown, and the line was not said already."""
    if state.petroleum_said:
        return False
    hazard = reading.updates.get("hazard")
    if state.asked == "hazard":
        return hazard == "unsure" or hazard == "yes" and petroleum_possible(text)
    material = form_reader.read_material(text)
    return petroleum_possible(text, material.keys if material else ()) or hazard == "unsure" or bool(material and material.unknown)
