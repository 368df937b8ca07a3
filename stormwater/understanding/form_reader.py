"""Read one message of a report conversation in the context of the form.

The form asked a question (``asked``); the resident may answer it, answer it with more
("yes, it went into the catch basin on Shore Road this morning"), correct an earlier answer
("no wait, it was actually yesterday around 4pm"), or ask something else. :func:`read_message`
returns every slot the message fills and which earlier answers it changed, so the Rasa
validation action (``actions/report_form.py``) only applies the result.

Plain functions over the words, tested without Rasa (``tests/domain/test_form_reader.py``) and
measured on typed answers nobody trained on (``tests/form_answers/``).
"""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Dict, Mapping, Optional, Tuple

from stormwater.understanding.material_reading import read_material  # noqa: F401 (re-exported: the report's one reader)
from stormwater.understanding.answer_words import (  # noqa: F401 (re-exported for callers)
    YES_NO_SLOTS, _plain, _tidy, correction_prefix, hazard_answer, hazard_denied, hazard_from_words, material_keys,
    wants_no_contact, without_no_contact, yes_no,
)
from stormwater.understanding.field_values import (  # noqa: F401 (re-exported for callers)
    described_material, find_amount, find_place, is_anonymous, is_question, just_now, name_answer, phone_answer, place_answer,
    stated_facts, two_days_said, wants_anonymity,
)
from stormwater.understanding.form_reading import Reading, said_back  # noqa: F401 (re-exported)
from stormwater.understanding.question_answers import answer_to, covers
from stormwater.understanding.field_shapes import _BARE_NO, _PLAIN_YES_NO, _substance, other_field, tells_a_duration
from stormwater.understanding.readback_answers import read_confirm
from stormwater.understanding.harmless_named import refined_material
from stormwater.understanding.source_words import whose_said
from stormwater.understanding.bystander_hazard import unknown_to_a_bystander
from stormwater.understanding.offer_replies import reply_to_offer
from stormwater.understanding.other_question import answer_for_another_field
from stormwater.understanding.later_corrections import (
    LATER_CORRECTION, answer_then_correction, material_corrected, number_corrected, with_guess,
)

ALL_SLOTS = (*YES_NO_SLOTS, "hazard", "material", "location", "discovered", "amount",
             "reporter_name", "reporter_phone", "test_when", "handoff_question")


def read_message(
    text: str,
    asked: Optional[str],
    kind: str,
    filled: Mapping[str, Any],
    now: datetime,
    slots: Optional[Tuple[str, ...]] = None,
) -> Reading:
    """Read one message of the report form.

    :param text: what the resident wrote (button payloads and SMS numbers already mapped)
    :param asked: the slot the form just asked for; ``"confirm"`` at the read-back; ``None``
      for the message that opened the report
    :param kind: the report kind (``spill``, ``septic``, ``dye_test``, ``handoff``)
    :param filled: the slots filled so far
    :param now: the current local time (for "yesterday at 4pm")
    :param slots: the slots this kind of report asks (default: every slot the reader knows)
    :return: a :class:`Reading`; a field the message does not give is never set
    """
    slots = tuple(slots or ALL_SLOTS)
    if asked and asked != "confirm" and asked not in slots:
        slots = (*slots, asked)  # whatever was asked is read, even outside the kind's usual questions
    text = _tidy(text or "")
    if asked not in (None, "reporter_name") and "reporter_name" in slots and wants_anonymity(text):
        return _anonymous(asked, filled)
    if asked == "confirm":
        return read_confirm(text, slots, kind, filled, now)
    if (elsewhere := answer_for_another_field(text, asked, filled, slots)) is not None:  # "no its not mine"
        return elsewhere
    if asked == "reporter_name" and is_anonymous(text):  # "leave my name off" names no material ("leaves")
        return Reading(updates={"reporter_name": "anonymous"})  # the number is still asked: "none" skips it
    if not text:
        return Reading(unclear=asked is not None)
    if asked is not None and (later := LATER_CORRECTION.search(text)):  # "3 feet. oh wait it was thursday"
        return answer_then_correction(read_message, text[:later.start()], text[later.start():], asked, kind, filled, now, slots)
    is_correction, body = _correction(text, asked)
    if (earlier_fixed := _earlier_answer_corrected(text, asked, kind, filled, now)) is not None:
        return earlier_fixed
    facts, shape = _facts_and_shape(text, body, asked, kind, now, slots)
    if asked is None:
        if two_days_said(text, now):  # "a crash last nite ... still a puddle this am": when it was found is asked
            facts = {k: v for k, v in facts.items() if k not in ("discovered", "discovered_at")}
        return unknown_to_a_bystander(_opening(facts), text, filled, True)
    if is_question(text) and asked != "handoff_question":
        return Reading(updates={asked: None} if asked in slots else {}, question=True)
    reading = Reading()
    answer = _answer_asked(text, body, asked, kind, now, slots, facts, shape, is_correction, reading)
    reading.updates.update(answer)
    if not answer:
        _ask_again(reading, asked)
    if asked == "hazard" and answer.get("hazard") == "no" and filled.get("material"):
        _harmless_thing(facts, text, str(filled["material"]))
    _other_facts(reading, facts, filled, answer, asked, shape, is_correction)
    if shape and not any(slot == shape for slot, _ in reading.corrected) and facts.get(shape) not in (None, ""):
        # "no chemicals" when the form already knew: say it was understood, not "Sorry, I didn't catch that".
        reading.corrected.append((shape, str(facts[shape])))
    if not answer and reading.corrected:
        reading.unclear = False
    return _said_besides(reading, text, asked, filled)


def _earlier_answer_corrected(text: str, asked: Optional[str], kind: str, filled: Mapping[str, Any],
                              now: datetime) -> Optional[Reading]:
    """An earlier answer corrected at another question: the material ("it wasn't the pool shock,
    it was liquid chlorine") or a number ("actually it was more like 7": the hour or amount)."""
    return material_corrected(text, asked, filled) or number_corrected(text, asked, filled, kind, now)


def _harmless_thing(facts: Dict[str, Any], text: str, filed: str) -> None:
    """A "no" to the hazard question: "no, just water and some dirt" says why it is harmless, not
    a new material; "no, only beeswax" names the thing a description was filed for."""
    facts.pop("material", None)
    if better := refined_material(text, filed):
        facts["material"] = better


def _correction(text: str, asked: Optional[str]) -> Tuple[bool, str]:
    """Whether the message opens as a correction, and its words after that opening."""
    is_correction, body = correction_prefix(text)
    if is_correction and hazard_from_words(text) == "no" and hazard_from_words(body) == "yes":
        is_correction, body = False, text  # "no chemicals": the "no" denies the chemicals, it corrects nothing
    if asked in YES_NO_SLOTS and _PLAIN_YES_NO.match(text):
        is_correction = False  # "no, it's coming from the deli" answers "is it yours?"; "no, it was Thursday" does not
    return is_correction, body


def _said_besides(reading: Reading, text: str, asked: str, filled: Mapping[str, Any]) -> Reading:
    """Whose it is said at another question and a hazard known only by a material's name: what
    an answer says besides the question asked."""
    _whose_told(reading, text, asked, filled)
    if asked != "hazard":
        unknown_to_a_bystander(reading, text, filled, False)
    return reading


def _facts_and_shape(text: str, body: str, asked: Optional[str], kind: str, now: datetime,
                     slots: Tuple[str, ...]) -> Tuple[Dict[str, Any], Optional[str]]:
    """Every field the message states, and the other field the whole message is (if any)."""
    facts = {k: v for k, v in stated_facts(body, kind, now).items() if k in slots or k == "discovered_at"}
    if asked not in (None, "discovered") and tells_a_duration(body):
        facts = {k: v for k, v in facts.items() if k not in ("discovered", "discovered_at")}  # how long, not when
    shape = other_field(body, asked, facts, kind, now, text) if asked not in (None, "confirm") else None
    if shape not in (None, "hazard") and asked in YES_NO_SLOTS and _PLAIN_YES_NO.match(text) and yes_no(text, asked):
        shape = None
    if shape not in (None, "hazard") and asked in (*YES_NO_SLOTS, "hazard") and (
            yes_no(text, asked) if asked != "hazard" else hazard_answer(text)):
        shape = None  # "its the restaurant on main st" answers "from a business?" and names the place
    if shape == "hazard":
        # "no chemicals": the opening "no" denies the chemicals; it corrects nothing.
        facts = {k: v for k, v in facts.items() if k != "material"}
        facts["hazard"] = "no"
    elif asked not in (None, "material", "hazard"):
        # "next to the gas station" is a place, not a hazard. What was released still counts wherever
        # it is said ("motor oil, maybe a quart"), except at the place question ("the gas station").
        facts.pop("hazard", None)
        facts.pop("material", None)
        if asked == "location" and hazard_denied(text):
            facts["hazard"] = "no"  # "no chemicals, by the deli": the denial holds beside the place
        if asked != "location" or shape == "material":
            # The whole message: in "no chemicals" the "no" denies; it opens no correction.
            facts.update(_substance(text, kind, now))
    if shape == "location" and "location" not in facts:
        facts["location"] = place_answer(body)  # as the place question reads it
    if shape == "reporter_name" and "reporter_name" not in facts:
        facts["reporter_name"] = _tidy(body).rstrip(".!")
    return facts, shape


def _opening(facts: Dict[str, Any]) -> Reading:
    """The message that opened the report fills every field it states, except a name."""
    reading = Reading(updates={k: v for k, v in facts.items() if k != "reporter_name"})
    if "discovered" not in facts:
        reading.updates.pop("discovered_at", None)
    return reading


def _answer_asked(text: str, body: str, asked: str, kind: str, now: datetime, slots: Tuple[str, ...],
                  facts: Dict[str, Any], shape: Optional[str], is_correction: bool, reading: Reading) -> Dict[str, Any]:
    """The value(s) the message gives the question asked, or ``{}``."""
    other = [s for s in ("discovered", "amount", "location") if s in facts and s != asked]
    # "actually it's on Bay Avenue by the deli" at "from a business?" corrects the place, answers no yes/no.
    if is_correction and other and (covers(body, facts, other) or asked in YES_NO_SLOTS):
        return {}  # "no wait, it was yesterday": about another field
    if shape is not None or asked not in slots:
        return {}  # typed at the wrong question: it fills its own field, and the question comes back
    if asked == "amount" and _BARE_NO.match(_plain(text)):
        # "no" to "about how much?" names no amount: a clerk would rather have "not sure",
        # said back and changeable at the read-back, than the question a third time.
        reading.assumed.append(("amount", "not sure"))
        return {"amount": "not sure"}
    if (asked == "reporter_name" and yes_no(text) is not None and not is_anonymous(text)
            and not any(word[:1].isupper() for word in text.split()[1:])):
        return {}  # "no idea", "nope" name no one
    if asked in (*YES_NO_SLOTS, "hazard") and _only_a_wish_to_report(text):
        return {}  # "ok I want to report it" to "could it be fuel, oil...?" answers nothing: asked again
    if asked in (*YES_NO_SLOTS, "hazard", "reporter_phone", "reporter_name"):
        return answer_to(asked, text, kind, now, facts, False) or answer_to(asked, body, kind, now, facts, is_correction)
    return answer_to(asked, body, kind, now, facts, is_correction)


def _only_a_wish_to_report(text: str) -> bool:
    """"ok I want to report it": a wish to report, with no answer about the field in it."""
    return reply_to_offer(text) == "report" and hazard_from_words(text) is None and not material_keys(text)


def _ask_again(reading: Reading, asked: str) -> None:
    reading.updates[asked] = None
    if asked == "discovered":
        reading.updates["discovered_at"] = None
    reading.unclear = True


def _other_facts(reading: Reading, facts: Dict[str, Any], filled: Mapping[str, Any], answer: Dict[str, Any],
                 asked: str, shape: Optional[str], is_correction: bool) -> None:
    """Fields the message states besides the answer: a first value is kept, a new one replaces
    the old only in a correction or a message that answers nothing else."""
    for slot, value in facts.items():
        if slot == "discovered_at" or slot in answer or slot == asked or slot == "hazard" and "hazard" in answer:
            continue
        current = filled.get(slot)
        if current in (None, ""):
            if slot == "reporter_name" and asked != "reporter_name" and shape != "reporter_name":
                continue
            reading.updates[slot] = value
            if slot == "discovered":
                reading.updates["discovered_at"] = facts["discovered_at"]
            if not answer:
                reading.corrected.append((slot, str(value)))
        elif current != value and (is_correction or not answer) and not _vaguer_same_day(slot, value, facts, filled, is_correction):
            reading.updates[slot] = value = with_guess(slot, current, value)
            if slot == "discovered":
                reading.updates["discovered_at"] = facts["discovered_at"]
            reading.corrected.append((slot, str(value)))


def _vaguer_same_day(slot: str, value: Any, facts: Mapping[str, Any], filled: Mapping[str, Any], is_correction: bool) -> bool:
    """"been at it all morning" after "this morning around 7": a part of that same day, no hour, corrects nothing."""
    return (slot == "discovered" and not is_correction and not re.search(r"\d", str(value))
            and str(facts.get("discovered_at") or "")[:10] == str(filled.get("discovered_at") or "-")[:10])


# Questions whose answer is the site's kind (read by the action), or the resident's own details.
_NOT_FOR_SOURCE = (None, "confirm", "commercial", "reporter_name", "reporter_phone")


def _whose_told(reading: Reading, text: str, asked: Optional[str], filled: Mapping[str, Any]) -> None:
    """"it's my neighbour's", or "oh wait the oil is coming from the deli not my neighbor", at
    another question: the suspected source is noted (and the discharge is someone else's), and
    the question is asked again unless the message also answers it ("the oil", "at 4pm")."""
    who = whose_said(text) if asked not in _NOT_FOR_SOURCE else None
    if who is None or asked == "responsible" and reading.updates.get("responsible") != "no":
        return
    if asked == "responsible":  # "nope not mine, it's the guy across the street": the answer, and who
        reading.updates["suspected_source"] = who
        return
    if filled.get("material"):
        # "the oil is coming from the deli" speaks of the material already told, not a new one
        for slot in ("material", "hazard"):
            reading.updates.pop(slot, None)
        reading.corrected[:] = [(slot, value) for slot, value in reading.corrected if slot not in ("material", "hazard")]
    reading.updates["suspected_source"] = who
    reading.corrected.append(("suspected_source", who))
    if filled.get("responsible") != "no" and reading.updates.get("responsible") in (None, "no"):
        reading.updates["responsible"] = "no"
        if ("responsible", "no") not in reading.corrected:
            reading.corrected.append(("responsible", "no"))
    kept = {"material": bool(material_keys(text)), "location": bool(find_place(text)), "amount": bool(find_amount(text))}
    if not kept.get(asked, asked == "discovered" and reading.updates.get("discovered") is not None):
        _ask_again(reading, asked)
    reading.unclear = False


def _anonymous(asked: str, filled: Mapping[str, Any]) -> Reading:
    """"make it anonymous", at any question after the name: the name and the phone leave the
    report, and the read-back (or the question asked) comes again."""
    reading = Reading(updates={"reporter_name": "anonymous", "reporter_phone": "none"})
    if filled.get("reporter_name") != "anonymous":
        reading.corrected.append(("reporter_name", "anonymous"))
    if asked == "confirm":
        reading.confirm = "change:reporter_name"
    elif asked not in (None, "reporter_name", "reporter_phone"):
        reading.updates[asked] = None  # the question asked is still open, whatever the words filled it with
    return reading


FREE_TEXT_SLOTS = ("material", "location", "reporter_name", "test_when", "handoff_question")


def says_something(reading: Reading, asked: Optional[str], text: str, kind: str, now: datetime) -> bool:
    """Whether a message reads as an answer or a correction, not only as free words.

    A free-text question takes any words, so there only a recognisable field (a place, a
    time, an amount, a phone number) counts; elsewhere any readable answer does.
    """
    if reading.corrected:
        return True
    if asked in FREE_TEXT_SLOTS:
        return bool(set(stated_facts(text, kind, now)) - {"discovered_at"})
    return not reading.unclear and any(value is not None for value in reading.updates.values())
