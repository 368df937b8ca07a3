"""What the help desk answers to a discharge question, for the law tests of issue 27: the
(discharge, verdict) pair of each discharge answer, or ``("asked", question)`` when it asks one
clarifying question instead."""
from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.understanding.meaning import read_question


def verdicts(village, text):
    """The (discharge, verdict) pairs ``village`` answers ``text`` with, in order."""
    reading = read_question(text)
    if reading.clarify:
        return [("asked", reading.clarify)]
    replies, _ = answer_replies(village, reading.key, text, reading.keys[1:4])
    return [(r.custom["discharge"], r.custom["verdict"]) for r in replies if (r.custom or {}).get("type") == "discharge_answer"]
