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
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Dict, List, Mapping, Optional, Tuple

from stormwater.law.catalogue import find_mentions
from stormwater.law.when import parse_when
from stormwater.reports.material_reading import material_answer, read_material  # noqa: F401 (re-exported: the report's one reader)
from stormwater.reports.answer_words import (  # noqa: F401 (re-exported for callers)
    YES_NO_SLOTS, _NEGATED_HAZARD, _plain, _tidy, _without_negations,
    correction_prefix, hazard_answer, hazard_from_words, material_keys, reply_to_offer, wants_no_contact, without_no_contact, yes_no,
)
from stormwater.reports.field_values import (  # noqa: F401 (re-exported for callers)
    _AMOUNT_LIKE, _FIELD_WORDS, _LOCATIVE, _LOCATIVE_AT_MATERIAL, _PLACE_PHRASE, described_material,
    field_named, find_amount, find_place, is_anonymous, just_now, place_answer, texted_time, is_question, name_answer, phone_answer,
    stated_facts, wants_anonymity,
)


@dataclass
class Reading:
    """What one message means for the form.

    :ivar updates: slot values to set (``None`` clears a slot so the form asks it again)
    :ivar corrected: ``(slot, value)`` for earlier answers the message changed, to say so
    :ivar unclear: the question asked got no answer the reader could use
    :ivar confirm: at the read-back, ``"yes"``, ``"no"`` or ``"change:<slot>"``
    :ivar assumed: ``(slot, value)`` the reader chose for an answer that gave none ("no" to
      "about how much?" is noted as "not sure"), to say so
    """

    updates: Dict[str, Any] = field(default_factory=dict)
    corrected: List[Tuple[str, str]] = field(default_factory=list)
    unclear: bool = False
    confirm: Optional[str] = None
    question: bool = False
    assumed: List[Tuple[str, str]] = field(default_factory=list)


def said_back(reading: Reading, filled: Mapping[str, Any]) -> List[Tuple[str, str, bool]]:
    """``(slot, value, changed)`` for each value the reply says back: ``changed`` only when the
    field held another value before ("I changed ..."), not for a first value ("I noted ...")."""
    said = dict(reading.corrected)
    return [(slot, "not sure" if value == "unsure" else value, filled.get(slot) not in (None, "") and str(filled.get(slot)) != value)
            for slot, value in reading.corrected
            # "motor oil" says it may be hazardous: the material is said back, not the inference.
            if not (slot == "hazard" and "material" in said)]


def _answer(asked: str, body: str, kind: str, now: datetime, facts: Dict[str, Any], is_correction: bool) -> Dict[str, Any]:
    """The value(s) ``body`` gives the question asked, or ``{}`` when it gives none."""
    if asked in YES_NO_SLOTS:
        value = yes_no(body, asked)
        return {asked: value} if value else {}
    if asked == "hazard":
        value = hazard_answer(body)
        return {"hazard": value} if value else {}
    if asked == "discovered":
        moment = parse_when(texted_time(body), now)
        if moment is not None:
            return {"discovered": body, "discovered_at": moment.isoformat()}
        if "discovered" in facts:
            return {"discovered": facts["discovered"], "discovered_at": facts["discovered_at"]}
        if just_now(body):
            return {"discovered": body, "discovered_at": now.isoformat()}  # "just found them"
        return {}
    if asked == "reporter_phone":
        phone = phone_answer(body)
        return {"reporter_phone": phone} if phone else {}
    if asked == "reporter_name":
        if is_anonymous(body):
            return {"reporter_name": "anonymous", "reporter_phone": "none"}
        name = name_answer(body)
        out = {"reporter_name": name} if name else {}
        if name and "reporter_phone" in facts:
            out["reporter_phone"] = facts["reporter_phone"]
        return out
    # Free-text questions take the words, unless they are plainly about another field.
    other = [s for s in ("discovered", "amount", "location") if s in facts and s != asked]
    if asked == "amount":
        if "amount" in facts:
            return {"amount": _amount_words(body, facts["amount"]) if len(body) <= 60 and not other else facts["amount"]}
        if other and (is_correction or _covers(body, facts, other)):
            return {}
        return {"amount": _tidy(body)} if _AMOUNT_LIKE.search(body) else {}
    if asked == "location":
        span = find_place(body)
        if span:
            return {"location": span}  # the place phrase around its street, never the sentence around it
        if "location" in facts and (is_correction or len(body) > 80):
            return {"location": facts["location"]}
        if other and _covers(body, facts, other):
            return {}
        words = body
        for slot in ("discovered", "amount"):
            if slot in facts:
                words = words.replace(str(facts[slot]), " ")  # time words are never part of the place
        words = _tidy(re.split(r"[,;]\s*(?:i|we|it|and)\s+(?:noticed|saw|found|seen|was|think|have|did)\b", words, flags=re.I)[0])
        return {"location": place_answer(words or _tidy(body))}
    if asked == "material":
        if other and is_correction and _covers(body, facts, other):
            return {}
        out: Dict[str, Any] = {"material": material_answer(_without_other_fields(body, facts))}
        reading = read_material(body)
        hazard = reading.hazard if reading is not None else hazard_from_words(body)
        if hazard is not None and kind == "spill":
            out["hazard"] = hazard
        return out
    return {asked: _tidy(body)}


def _without_other_fields(body: str, facts: Mapping[str, Any]) -> str:
    """The material's words without an amount or a time said with it ("antifreeze, maybe a
    gallon" -> "antifreeze"); the whole answer when nothing else would be left."""
    words = body
    for slot in ("amount", "discovered"):
        if facts.get(slot) and str(facts[slot]) in words:
            words = words.replace(str(facts[slot]), " ")
    words = _tidy(re.sub(r"^\s*[,;]?\s*of\s+", "", words))
    return words if read_material(words) is not None else body


_PERSON_NAME = re.compile(r"[A-Z][a-z'.-]+(?:\s+[A-Z][a-z'.-]+){1,2}")
# Capitalised words that name a time, a size or a place, not a person ("Christmas Eve", "Shell Station").
_NOT_A_PERSON = re.compile(
    r"\b(?:day|eve|night|morning|afternoon|evening|noon|week|weekend|month|year|today|tonight|yesterday|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|christmas|thanksgiving|easter|holiday|station|store|shop|deli|church|"
    r"school|park|hall|beach|marina|plaza|center|centre|market|garage|inc|llc|co|company|corp|services?)\b",
    re.I,
)
# A yes or no that opens an answer, not a correction ("no, it's the business behind ..." but
# not "no wait, it's on Bay Ave").
_PLAIN_YES_NO = re.compile(
    r"^\s*(?:no|nope|nah|yes|yeah|yep|yup|ya)\b(?![\s,.!:;-]*(?:wait|actually|sorry|i mean|i meant|hold on|hang on|oops|scratch|"
    r"correction|my bad|it was|it wasn'?t)\b)", re.I,
)
_BARE_NO = re.compile(r"^(?:no|nope|nah|naw|no idea|no clue|idk|dunno)$")


def _substance(body: str, kind: str, now: datetime) -> Dict[str, Any]:
    """What was released (and whether that is hazardous) in a message answering another
    question: "motor oil, maybe a quart" names oil; "by the gas station" names no gas."""
    place = find_place(body)
    rest = _PLACE_PHRASE.sub(" ", body.replace(place, " ") if place else body)
    facts = stated_facts(rest, kind, now)
    out = {k: facts[k] for k in ("material",) if k in facts}
    said = [m.phrase for m in find_mentions(_without_negations(_plain(rest)))]
    if said and "material" in out:
        out["material"] = ", ".join(dict.fromkeys(said))  # the resident's words, as the opening message keeps them
    if "material" in out and facts.get("hazard") in ("yes", "no"):
        out["hazard"] = facts["hazard"]
    return out


def other_field(
    body: str, asked: str, facts: Mapping[str, Any], kind: str, now: datetime, text: Optional[str] = None
) -> Optional[str]:
    """The other field a whole message clearly is, typed while ``asked`` was asked, or ``None``.

    A place ("in front of 12 Oak Lane") is never a material or an amount, a denial of hazard
    ("no chemicals") never a place, a time ("2 hours ago") never a hazard or a name, a
    person's name ("Pat Lee") never an amount, and a material alone ("motor oil") never a
    place. A message that also answers the question asked is left to it. ``text`` is the
    whole message when ``body`` lost an opening "no" ("no chemicals").
    """
    plain = _plain(body)
    whole = _plain(text or body)
    if asked in ("test_when", "handoff_question") or not plain:
        return None
    others = [s for s in ("discovered", "amount", "location") if s in facts]
    if asked != "discovered" and others == ["discovered"] and _covers(body, facts, others) \
            and not (asked == "material" and material_keys(body)):  # "motor oil, this morning" answers both
        return "discovered"
    if asked in ("location", "material", "discovered", "reporter_name") and others == ["amount"] and _covers(body, facts, others) \
            and "material" not in facts:
        return "amount"
    if asked != "location" and others == ["location"] and _covers(body, facts, others) \
            and not (asked == "reporter_name" and name_answer(body)):  # "Ana from the bakery on Main St"
        return "location"
    if asked in ("material", "amount", "discovered", "hazard") and not others \
            and (_LOCATIVE.match(body) or asked == "material" and _LOCATIVE_AT_MATERIAL.match(body)) \
            and not _substance(body, kind, now).get("material"):
        return "location"
    if asked in ("location", "amount", "discovered", "reporter_name", *YES_NO_SLOTS) and _NEGATED_HAZARD.search(whole) \
            and not others and not material_keys(whole) and len(_filler_free(_without_negations(whole))) <= 1:
        return "hazard"
    if asked in ("location", "amount", "discovered", "reporter_name") and not others and len(plain.split()) <= 4 \
            and not _PLACE_PHRASE.search(body) and _substance(body, kind, now).get("material"):
        return "material"
    if asked != "reporter_name" and "reporter_name" in facts and _covers(body, facts, ["reporter_name"]):
        return "reporter_name"
    if asked in ("amount", "discovered", "hazard", *YES_NO_SLOTS) and not others and _PERSON_NAME.fullmatch(_tidy(body).rstrip(".!")) \
            and yes_no(body) is None and not material_keys(body) and not is_anonymous(body) \
            and not _NOT_A_PERSON.search(body) and not (asked == "amount" and _AMOUNT_LIKE.search(body)):
        return "reporter_name"
    return None


def _filler_free(plain: str) -> List[str]:
    return [w for w in plain.split() if w not in {"it", "its", "it's", "is", "was", "there", "are", "were", "just", "really",
                                                  "at", "all", "any", "that", "i", "think", "the", "a", "an", "of", "or", "and"}]


def _covers(body: str, facts: Dict[str, Any], slots: List[str]) -> bool:
    """Whether the message is mostly the other fields' words ("yesterday around 4pm")."""
    rest = _plain(body)
    for slot in slots:
        rest = rest.replace(_plain(str(facts[slot])), " ")
    rest = re.sub(r"\b(it|was|is|it's|its|the|a|an|on|at|in|around|about|actually|no|wait|sorry|i|think|more|like|maybe|that|oh|more like|and)\b", " ", rest)
    return len(rest.split()) <= 2


_CONFIRM_YES = re.compile(
    r"^(?:1|yes+|yeah|yea|yep|yup|ya|yah|yas|yeh|y|k|kk|correct|sure thing|sounds good|that'?s (?:right|correct|it|all correct|fine)|right|looks (?:good|right|fine|correct)|"
    r"all good|all correct|perfect|ok|okay|sure|file it|send it|submit|go ahead|confirmed?|affirmative|it'?s right|good|fine)\b"
)
_CONFIRM_NO = re.compile(r"^(?:2|no|nope|nah|change|wrong|not (?:right|quite|correct)|that'?s wrong|incorrect|fix|edit|one thing|wait)\b")


def read_confirm(text: str, slots: Tuple[str, ...], kind: str, filled: Mapping[str, Any], now: datetime) -> Reading:
    """The resident's answer to the read-back: file it, change something, or a corrected value."""
    reading = Reading()
    plain = _plain(text)
    is_correction, body = correction_prefix(text)
    facts = {k: v for k, v in stated_facts(body, kind, now).items() if k in slots or k == "discovered_at"}
    changed = {k: v for k, v in facts.items() if k in slots and filled.get(k) != v and k != "hazard"}
    named = field_named(body, slots)
    if named and changed and named not in changed:
        changed = {}  # "the place should be the beach": the field named decides, not a word read as a material
    if changed and (is_correction or not _CONFIRM_YES.match(plain) or re.search(r"\b(?:but|except)\b", plain)):
        reading.updates.update(changed)
        if "discovered" in changed:
            reading.updates["discovered_at"] = facts["discovered_at"]
        reading.corrected += [(s, str(v)) for s, v in changed.items()]
        reading.confirm = f"change:{next(iter(changed))}"
        return reading
    # "the amount was 5 gallons": a field and its new value.
    if named:
        value = _answer(named, _strip_field_words(body, named), kind, now, facts, True)
        if value and _has_value(body, named):
            reading.updates.update(value)
            reading.corrected += [(s, str(v)) for s, v in value.items() if s in slots]
            reading.confirm = f"change:{named}"
            return reading
        reading.updates[named] = None
        if named == "discovered":
            reading.updates["discovered_at"] = None
        reading.confirm = f"change:{named}"
        return reading
    if _CONFIRM_YES.match(plain) and not re.search(r"\b(but|except|change|wrong)\b", plain):
        reading.confirm = "yes"
    elif _CONFIRM_NO.match(plain) or re.search(r"\b(change|wrong|fix|mistake|not right|incorrect)\b", plain):
        reading.confirm = "no"
    elif yes_no(text) == "yes" or reply_to_offer(text) == "report":
        reading.confirm = "yes"  # "ya", "uh huh", "yes I want to report it"
    else:
        reading.unclear = True
    return reading


def _strip_field_words(body: str, slot: str) -> str:
    words = dict(_FIELD_WORDS)[slot]
    text = re.sub(
        rf"^(?:please\s+)?(?:change|fix|correct|update|make)?\s*(?:the|my)?\s*(?:{words})\s*(?:was|is|to|should be|it'?s|:|=)?\s*",
        "",
        body,
        flags=re.I,
    )
    text = re.sub(r"^(?:was|is|to|should be|actually)\s+", "", text, flags=re.I)
    return _tidy(text) or body


_JUDGEMENT = re.compile(r"^(?:is |was |it'?s )?(?:wrong|incorrect|not right|off|bad|a mistake|mistaken|not correct|wrong too)$")


def _has_value(body: str, slot: str) -> bool:
    rest = _plain(_strip_field_words(body, slot))
    if _JUDGEMENT.match(rest) or re.search(r"\b(wrong|incorrect|not right|mistake)\s*$", _plain(body)):
        return False
    return bool(rest) and rest != _plain(body) or bool(re.search(r"\b(?:was|is|to|should be)\b", _plain(body)))


def _amount_words(body: str, amount: str) -> str:
    """The resident's words for an amount: the whole answer, or only its clauses that speak of
    an amount when other clauses say something else ("no chemicals, just oily water, maybe 2
    gallons" is "maybe 2 gallons")."""
    clauses = [c.strip() for c in re.split(r"[,;]", body) if c.strip()]
    kept = [c for c in clauses if amount.lower() in c.lower() or find_amount(c) or _AMOUNT_LIKE.search(c)]
    return _tidy(", ".join(kept)) if kept and len(kept) < len(clauses) else _tidy(body)


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
    slots = tuple(slots or (*YES_NO_SLOTS, "hazard", "material", "location", "discovered", "amount",
                            "reporter_name", "reporter_phone", "test_when", "handoff_question"))
    if asked and asked != "confirm" and asked not in slots:
        slots = (*slots, asked)  # whatever was asked is read, even outside the kind's usual questions
    text = _tidy(text or "")
    if asked not in (None, "reporter_name") and "reporter_name" in slots and wants_anonymity(text):
        return _anonymous(asked, filled)
    if asked == "confirm":
        return read_confirm(text, slots, kind, filled, now)
    reading = Reading()
    if not text:
        reading.unclear = asked is not None
        return reading
    is_correction, body = correction_prefix(text)
    if asked in YES_NO_SLOTS and _PLAIN_YES_NO.match(text):
        is_correction = False  # "no, it's coming from the business behind the deli" answers "is it yours?"
    # "no, it was Thursday" answers "no" to nothing: the words after it decide.
    facts = {k: v for k, v in stated_facts(body, kind, now).items() if k in slots or k == "discovered_at"}
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
        # "next to the gas station" is a place, not a hazard; "it stayed on the driveway" is
        # not a material. What was released still counts wherever it is said ("motor oil,
        # maybe a quart"), except at the place question, where "the gas station" is a place.
        facts.pop("hazard", None)
        facts.pop("material", None)
        if asked != "location" or shape == "material":
            # The whole message: in "no chemicals" the "no" denies; it opens no correction.
            facts.update(_substance(text, kind, now))
    if shape == "location" and "location" not in facts:
        facts["location"] = place_answer(body)  # as the place question reads it
    if shape == "reporter_name" and "reporter_name" not in facts:
        facts["reporter_name"] = _tidy(body).rstrip(".!")
    if asked is None:
        reading.updates.update({k: v for k, v in facts.items() if k != "reporter_name"})
        if "discovered" not in facts:
            reading.updates.pop("discovered_at", None)
        return reading

    if is_question(text) and asked != "handoff_question":
        reading.question = True
        if asked in slots:
            reading.updates[asked] = None
        return reading
    other = [s for s in ("discovered", "amount", "location") if s in facts and s != asked]
    # "actually it's on Bay Avenue by the deli" while "from a business?" is asked corrects the
    # place: a correction does not answer a yes/no question by inference ("deli" is a business).
    if is_correction and other and (_covers(body, facts, other) or asked in YES_NO_SLOTS):
        answer: Dict[str, Any] = {}  # "no wait, it was yesterday": about another field
    elif shape is not None:
        answer = {}  # typed at the wrong question: it fills its own field, and the question comes back
    elif asked == "amount" and _BARE_NO.match(_plain(text)):
        # "no" to "about how much?" names no amount: a clerk would rather have "not sure",
        # said back and changeable at the read-back, than the question a third time.
        answer = {"amount": "not sure"}
        reading.assumed.append(("amount", "not sure"))
    elif asked not in slots:
        answer = {}
    elif (asked == "reporter_name" and yes_no(text) is not None and not is_anonymous(text)
          and not any(word[:1].isupper() for word in text.split()[1:])):
        answer = {}  # "no idea", "nope" name no one
    elif asked in (*YES_NO_SLOTS, "hazard", "reporter_phone", "reporter_name"):
        answer = _answer(asked, text, kind, now, facts, False) or _answer(asked, body, kind, now, facts, is_correction)
    else:
        answer = _answer(asked, body, kind, now, facts, is_correction)
    reading.updates.update(answer)
    if not answer:
        reading.updates[asked] = None
        if asked == "discovered":
            reading.updates["discovered_at"] = None
        reading.unclear = True

    for slot, value in facts.items():
        if slot == "discovered_at" or slot in answer or slot == asked:
            continue
        if slot == "hazard" and "hazard" in answer:
            continue
        current = filled.get(slot)
        if current in (None, ""):
            if slot in ("reporter_name",) and asked != "reporter_name" and shape != "reporter_name":
                continue
            reading.updates[slot] = value
            if slot == "discovered":
                reading.updates["discovered_at"] = facts["discovered_at"]
            if not answer:
                reading.corrected.append((slot, str(value)))
        elif current != value and (is_correction or not answer):
            reading.updates[slot] = value
            if slot == "discovered":
                reading.updates["discovered_at"] = facts["discovered_at"]
            reading.corrected.append((slot, str(value)))
    if shape and not any(slot == shape for slot, _ in reading.corrected) and facts.get(shape) not in (None, ""):
        # "no chemicals" when the form already knew: say it was understood, not "Sorry, I didn't catch that".
        reading.corrected.append((shape, str(facts[shape])))
    if not answer and reading.corrected:
        reading.unclear = False
    return reading


def _anonymous(asked: str, filled: Mapping[str, Any]) -> Reading:
    """"make it anonymous", at any question after the name: the name and the phone leave the
    report, and the read-back (or the question asked) comes again."""
    reading = Reading(updates={"reporter_name": "anonymous", "reporter_phone": "none"})
    if filled.get("reporter_name") != "anonymous":
        reading.corrected.append(("reporter_name", "anonymous"))
    if asked == "confirm":
        reading.confirm = "change:reporter_name"
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
