"""Someone else's discharge, reported as it happens: safety, then the verdict in one line.

"someone is dumping paint into the storm drain on Main St" starts the report at once. Before
its first question come two messages only: the safety line, then the village's verdict in one
line with the report's start ("That is not allowed in Bayville: Bayville Code ch. 63A,
§ 63A-5A."). What binds whoever is responsible (the village's hazardous-spill notice, the
petroleum deadline) is not the bystander's duty and is left out; the state hotline, which
takes anyone's call, rides on the safety line.

Plain functions (no Rasa) over the words; ``actions/spill.py`` and ``actions/report_form.py``
send the replies.
"""
from __future__ import annotations

from typing import Iterable, Optional

from stormwater.law.knowledge import answer_discharge
from stormwater.understanding.meaning import read_question
from stormwater.understanding.answer_words import _plain
from stormwater.understanding.said_words import lives_there
from stormwater.dialogue.replies import Reply
from stormwater.law.spills import is_hazardous, petroleum_possible
from stormwater.law.villages import Village

# The verdicts of stormwater.law.knowledge, each with its one-line response in bot/domain.yml.
VERDICT_RESPONSES = {
    "prohibited": "utter_report_seen_prohibited",
    "conditional": "utter_report_seen_conditional",
    "allowed": "utter_report_seen_allowed",
    "not_named": "utter_report_seen_not_named",
}


def by_bystander(text: str, entities: Iterable[str] = ()) -> bool:
    """Whether the words tell of somebody else's discharge ("my neighbor is pumping..."); a
    resident at home where it comes from ("i rent the apartment upstairs") is asked instead."""
    return read_question(text, list(entities)).about_others and not lives_there(_plain(text))


def safety_reply(text: str, entities: Iterable[str] = ()) -> Reply:
    """The one safety message: 911, and the state hotline when the words name something
    hazardous or petroleum is possible."""
    keys = read_question(text, list(entities)).keys
    if keys and (is_hazardous(keys) or petroleum_possible(text, keys)):
        return Reply("utter_spill_safety_seen_hazardous")
    return Reply("utter_spill_safety")


def start_reply(village: Optional[Village], text: str, entities: Iterable[str] = ()) -> Reply:
    """The report's start, led by the village's verdict on the discharge in one line, with its
    section and the not-legal-advice words (only the start when nothing known is named)."""
    key = read_question(text, list(entities)).key
    if village is None or key is None:
        return Reply("utter_report_start")
    answer = answer_discharge(village, key, text)
    passage = answer.passages[0]
    values = {
        "village": village.short_name,
        "label": answer.label,
        "citation": f"{village.ordinance_short}, {passage.citation}",
        "conditions": " and ".join(answer.conditions),
    }
    return Reply(VERDICT_RESPONSES[answer.verdict], values)
