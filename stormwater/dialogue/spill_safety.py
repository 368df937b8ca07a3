"""What a spill report opens with, as replies: the 911 line, the village's hazardous-spill
rule and the state hotlines where they apply; for somebody else's discharge one safety message
(the duties of whoever is responsible are not the bystander's: stormwater/dialogue/seen_report.py).
Plain functions; the action sends the replies."""
from __future__ import annotations

from typing import List, Optional

from stormwater.dialogue import seen_report
from stormwater.law.knowledge import answer_topic
from stormwater.dialogue.replies import Reply, topic_replies
from stormwater.law.spills import is_hazardous, petroleum_possible
from stormwater.law.villages import Village
from stormwater.understanding.form_reader import hazard_from_words, material_keys


def safety_replies(village: Optional[Village], text: str) -> List[Reply]:
    """The opening of a spill report for the release ``text`` describes."""
    if village is not None and seen_report.by_bystander(text):
        return [seen_report.safety_reply(text)]
    # Negation-aware: "pond water, no chemicals" names no solvent. A material the
    # vocabulary does not know gets the form's hazard question, not the hazardous path.
    keys = material_keys(text)
    replies = [Reply("utter_spill_safety")]
    if village is not None and keys and is_hazardous(keys):
        replies += topic_replies(answer_topic(village, "hazardous_spill"))
    # An unknown material the resident says is harmless ("pond water, no chemicals") gets
    # neither hotline; the form's hazard question still follows.
    denied = not keys and hazard_from_words(text) == "no"
    # Only when what was said makes petroleum possible: "I need to report a spill from my
    # house" gets the line once the material is asked and still unknown (report_answers.py).
    if petroleum_possible(text, keys) and not denied:
        replies.append(Reply("utter_spill_petroleum_state_law"))
    elif keys and is_hazardous(keys) and not denied:
        # State law, no deadline: the hotline also takes hazardous releases other than petroleum.
        replies.append(Reply("utter_spill_state_hotline"))
    return replies
