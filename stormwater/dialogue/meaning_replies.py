"""The replies to a discharge question read by :mod:`stormwater.understanding.meaning`: the verdict with
the village's note on a discharge its ordinance does not name, clarifying questions, the other
discharges a message named, and the offer to report somebody else's discharge."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, Optional, Sequence, Tuple

import yaml

from stormwater.understanding.catalogue import load_catalogue
from stormwater.understanding.discharge_reader import read_discharge, read_facets
from stormwater.law.knowledge import answer_discharge
from stormwater.store.wording import load_messages
from stormwater.dialogue.replies import Reply, _join, discharge_replies, note_line, source_line
from stormwater.understanding.meaning_vocabulary import load_vocabulary
from stormwater.understanding.vessel_roles import vessel_of
from stormwater.understanding.named_together import named_together
from stormwater.understanding.possible_things import only_possible

# ---- what the ordinance says near a discharge it does not name --------------------------


@dataclass(frozen=True)
class Note:
    """A passage shown after the general rule for a discharge the ordinance does not name."""

    summary: str
    citation: str
    quote: str


@lru_cache(maxsize=16)
def _notes(villages_dir: str, slug: str, section: str = "not_named_notes") -> Dict[str, Note]:
    for path in sorted(Path(villages_dir).glob("*.yml")):
        with path.open(encoding="utf-8") as fh:
            raw = yaml.safe_load(fh) or {}
        if raw.get("slug") == slug:
            return {
                str(k): Note(" ".join(str(v["summary"]).split()), str(v["citation"]), str(v["quote"]))
                for k, v in (raw.get(section) or {}).items()
            }
    return {}


def contents_note(village, key: Optional[str], asked: str) -> Optional[Note]:
    """What the village file says of something in the water its rule for ``key`` does not
    name (``contents_notes``: "pool_water salt"): a saltwater pool gets the pool's condition
    and that the text does not name salt. ``None`` when the words hold nothing such."""
    if not key or not asked:
        return None
    notes = _notes(str(village.ordinance_file.parent.parent / "villages"), village.slug, "contents_notes")
    said = read_discharge(asked).facets.contents
    return next((notes[f"{key} {c}"] for c in said if f"{key} {c}" in notes), None)


def set_aside_note(rule, folder: Optional[str] = None) -> Note:
    """The prohibition a word of the message named, set aside because the resident says the water
    is plain tap water (:func:`stormwater.law.water_as_described.plain_water_beside`): quoted
    after the general rule, as what applies if the water is that."""
    label = load_catalogue(folder)[rule.key].label
    summary = str(load_messages(folder)["plain_water_note"]).format(label=label, summary=rule.summary)
    return Note(summary, rule.passages[0].citation, rule.passages[0].quote)


def not_named_notes(village) -> Dict[str, Note]:
    """``not_named_notes`` of ``village``'s file: discharge key -> :class:`Note`.

    :param village: a :class:`stormwater.law.villages.Village`
    """
    # the village file sits in villages/ beside the ordinances/ folder its text comes from
    return _notes(str(village.ordinance_file.parent.parent / "villages"), village.slug)


# ---- replies ----------------------------------------------------------------------------

# When a message names several discharges, the one with the worst verdict is answered first
# (a resident who reads only the first answer must not miss a prohibition). "Not named" ranks
# before "only if": the general rule lets nothing but stormwater in.
SEVERITY = {"prohibited": 0, "not_named": 1, "conditional": 2, "allowed": 3}
RAIN_KEYS = frozenset({"rainwater"})  # stormwater carries what it washes along: it never disagrees with it


def clarify_reply(question: str, key: str, folder: Optional[str] = None) -> Reply:
    """The clarifying question ``question`` about discharge ``key``, with one button per choice.

    :param question: a question name of ``data/discharges.yml`` (``car_wash_owner``)
    :param key: the discharge it is about
    """
    label = load_catalogue(folder)[key].label
    choices = (load_messages(folder).get("clarify_choices") or {}).get(question) or {}
    buttons = [
        {"title": str(c["title"]), "payload": str(c["payload"]).format(label=label)}
        for c in (choices.get(choice.name) for choice in load_vocabulary(folder).question(question).choices)
        if c
    ]
    return Reply(f"utter_clarify_{question}", {"label": label}, buttons=buttons)


def note_reply(village, note: Note) -> Reply:
    """What the ordinance says near a discharge it does not name, with its source."""
    source = f'{village.ordinance_short}, {note.citation}: "{note.quote}"'
    return Reply("utter_not_named_note", {"village": village.short_name, "note": note.summary, "source": source})


def also_asked_reply(keys: Sequence[str], folder: Optional[str] = None, response: str = "utter_also_asked", word: str = "and") -> Reply:
    """The other discharges a message named, one button each: one verdict per reply
    (``response``: ``utter_readings_disagree``, with ``word`` "or", when they are readings of one water)."""
    catalogue = load_catalogue(folder)
    template = str(load_messages(folder).get("also_asked_payload") or "{label}")
    labels = [catalogue[k].label for k in keys if k in catalogue]
    buttons = [{"title": label[:1].upper() + label[1:], "payload": template.format(label=label)} for label in labels]
    return Reply(response, {"others": _join(labels, word)}, buttons=buttons)


def answer_replies(
    village, key: Optional[str], asked: str = "", others: Sequence[str] = (), about_others: bool = False, with_note: bool = True
) -> Tuple[list, bool]:
    """The replies to a discharge question read by :func:`read_question`, and whether they
    offer a person (the general rule alone decided it).

    One verdict per message. Of ``key`` and ``others``, the worst verdict is answered in full
    and the next one, unless it is allowed, in a short second message with its own payload; a note from the village
    file follows a discharge the ordinance does not name; any further discharges get buttons;
    somebody else's discharge gets the offer to report it after the answers. ``with_note``:
    end the first answer with the not-legal-advice line.
    """
    second = None
    if key and not others and asked and answer_discharge(village, key, asked).verdict == "prohibited" and only_possible(asked, key):
        # "can i pump the basement out? theres a chance the oil tank got wet": the water's own rule, the worry a tap away
        replies = discharge_replies(answer_discharge(village, None, asked), with_note=with_note)
        return [*replies, also_asked_reply([key], response="utter_possible_pollutant")], False
    if key and others:
        answers = {k: answer_discharge(village, k, asked) for k in dict.fromkeys([key, *others])}
        # Words that name no discharge of their own (the rain that carries the weed killer, the
        # chlorine of a water-main flushing) give no answer beside one that does.
        if any(a.discharge is not None for a in answers.values()):
            answers = {k: a for k, a in answers.items() if a.discharge is not None}
        # two words read as one case ("degreaser" and "power washing" as wash water) answer once
        cases = {a.discharge: k for k, a in reversed(list(answers.items()))}
        answers = {k: a for k, a in answers.items() if cases[a.discharge] == k}
        order = sorted(answers, key=lambda k: SEVERITY.get(answers[k].verdict, len(SEVERITY)))  # stable
        key, others = order[0], order[1:]
        if _readings_disagree(answers, order, asked):
            # "a parent says its coolant, the driver says its just AC water": the worst reading is not the answer
            replies = discharge_replies(answer_discharge(village, None, asked), with_note=with_note)
            return [*replies, also_asked_reply(order, response="utter_readings_disagree", word="or")], False
        # The next one is answered too unless it is simply allowed (then it is one tap away):
        # what a resident must not miss is a prohibition, a condition or the general rule.
        if others and answers[others[0]].verdict != "allowed" and not _held_in_it(answers[key], answers[others[0]], asked) \
                and not _its_vessel(answers[key], answers[others[0]], asked, (key, others[0])):
            second, others = answers[others[0]], others[1:]
    answer = answer_discharge(village, key, asked)
    replies = discharge_replies(answer, with_note=with_note)
    # the case the village's facet rules read (answer.discharge), not only the key named
    note = not_named_notes(village).get(answer.discharge or key) if (key or answer.discharge) and answer.basis != "rule" else None
    if note is None and answer.basis == "rule":
        note = contents_note(village, answer.discharge, asked)
    if note is None and answer.set_aside is not None:
        note = set_aside_note(answer.set_aside)
    if note is not None:
        replies.insert(1, note_reply(village, note))
    if second is not None:
        replies.append(second_answer_reply(second))
    if others:
        replies.append(also_asked_reply(others))
    if about_others:
        replies.append(report_offer_reply(key))
    return replies, answer.offers_person


def second_answer_reply(answer) -> Reply:
    """The verdict on a second discharge named in the same message: one short message with
    its own payload (the first answer already carries the not-legal-advice line)."""
    village = answer.village
    values = {
        "village": village.short_name,
        "headline": answer.headline,
        "summary": answer.summary,
        "label": answer.label,
        "source": source_line(village, answer.passages[0]),
    }
    kind = "rule" if answer.basis == "rule" else "general_rule"
    return Reply(f"utter_discharge_second_{kind}", values, custom=answer.payload())


def _readings_disagree(answers, order: Sequence[str], asked: str) -> bool:
    """Whether the discharges a message names read as one water "Not allowed" and another plainly
    "Allowed" (a pollutant's name beside an exemption's, "coolant" or "just AC water"): the readings
    disagree, so no firm badge fits (issue 27). Not where the allowed one only carries or holds the
    other: rain carries what it washes off (``RAIN_KEYS``), a sump pit is where the pool was drained;
    nor where the two are named as two things ("the washer hose and the sump pump hose"). A
    pollutant named only as a possibility beside another reading disagrees with it too ("theres a
    chance the oil tank area got wet": :mod:`stormwater.understanding.possible_things`)."""
    prohibited = [k for k in order if answers[k].verdict == "prohibited"]
    if prohibited and len(order) > len(prohibited) and asked and all(only_possible(asked, k) for k in prohibited):
        return True  # "theres a chance the oil tank area got wet": a worry beside the water's own reading
    allowed = [k for k in order if answers[k].verdict == "allowed" and k not in RAIN_KEYS]
    if not (prohibited and allowed) or not asked:
        return False  # (no words read: nothing says the two are one water)
    return not any(vessel_of(asked, p, a) or named_together(asked, p, a) for p in prohibited for a in allowed)


def _held_in_it(first, second, asked: str) -> bool:
    """Whether a "Not allowed" pollutant is said to be in the water whose exemption has a
    condition ("the acid wash water from our pool"): the condition does not cover the pollutant,
    so that water's "only if" badge is not shown beside it (it stays one tap away)."""
    if first.verdict != "prohibited" or second.verdict != "conditional":
        return False
    return bool(set(read_facets(asked).contents) - {"chlorine", "bromine"})


def _its_vessel(first, second, asked: str, keys: Tuple[str, str]) -> bool:
    """Whether the second discharge is named only as the vessel or route the first is poured or
    drained into ("dumps the mop bucket into the sump pit"): the vessel's exemption is for its own
    water, so its "only if" badge is not shown beside what went into it (it stays one tap away)."""
    if second.verdict != "conditional" or first.verdict == "allowed":
        return False
    # the case the facet rules read may be another's ("mostly rainwater" pumped by the sump pump is the sump pump's)
    return vessel_of(asked, *keys, means=True) or (second.discharge not in keys and vessel_of(asked, keys[0], second.discharge, means=True))


def topic_adds_to(village, topic: str, key: Optional[str], asked: str = "") -> bool:
    """Whether the answer on ``topic`` says more than the verdict on discharge ``key`` that
    comes before it: the topic is covered by the village's text and rests on another passage
    (the fines after "Not allowed" for paint; not the floor-drain section twice).

    :param village: a :class:`stormwater.law.villages.Village`
    """
    entry = village.topics.get(topic)
    if entry is None or not entry.covered or not entry.passages:
        return False
    answer = answer_discharge(village, key, asked)
    cited = {p.citation for p in answer.passages}
    return entry.passages[0].citation not in cited


def report_words(key: Optional[str], folder: Optional[str] = None) -> str:
    """What the "Report it" button says for discharge ``key``: a report of somebody else's
    discharge that names it (the same words start the report when the resident types "yes")."""
    button = load_messages(folder).get("report_button") or {}
    catalogue = load_catalogue(folder)
    if key in catalogue:
        return str(button["payload"]).format(label=catalogue[key].label)
    return str(button["payload_unnamed"])


def report_offer_reply(key: Optional[str], folder: Optional[str] = None) -> Reply:
    """The offer to report somebody else's discharge; its payload names the discharge."""
    title = str((load_messages(folder).get("report_button") or {})["title"])
    return Reply("utter_offer_report", buttons=[{"title": title, "payload": report_words(key, folder)}])


def someone_elses_replies(village, key: str, with_note: bool = True, folder: Optional[str] = None) -> list:
    """"No, it's my neighbour's" after the answer on ``key``: the village's general rule binds
    any person ("No person shall discharge ..."; Poquott's text defines "person" as one acting as
    the owner or the owner's agent, and its file says so), so the answer stands; then the offer to report it.

    :param village: a :class:`stormwater.law.villages.Village`
    """
    rule = village.general_rule.passages[0]
    bound = village.persons_bound or str(load_messages(folder)["persons_bound"]).format(village=village.short_name)
    values = {"village": village.short_name, "persons_bound": bound, "source": source_line(village, rule),
              "legal_note": note_line(village, with_note)}
    return [Reply("utter_same_rule_for_others", values=values), report_offer_reply(key, folder)]
