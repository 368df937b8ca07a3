"""The first discharge answer a village gives a question, as the help desk reads and answers it
(no Rasa): shared by the understanding tests that check a verdict by category."""
from stormwater.dialogue.meaning_replies import answer_replies
from stormwater.law.villages import get_village
from stormwater.understanding.meaning import read_question


def first_answer(slug: str, text: str):
    """(discharge key, verdict) of the first discharge answer ``slug`` gives ``text``."""
    reading = read_question(text)
    replies, _ = answer_replies(get_village(slug), reading.key, text, reading.keys[1:4])
    answer = next(r.custom for r in replies if (r.custom or {}).get("type") == "discharge_answer")
    return answer["discharge"], answer["verdict"]


def turn_verdicts(slug: str, text: str):
    """Every (discharge key, verdict) of the turn ``slug`` answers ``text`` with, as the chat
    gives it (the dialogue's law turn, as the blind sets are judged)."""
    from stormwater.dialogue import law_turns
    from stormwater.dialogue.law_questions import discharge_question

    turn = law_turns.answer(get_village(slug), discharge_question(text), True)
    return [((r.custom or {}).get("discharge"), (r.custom or {}).get("verdict")) for r in turn.replies
            if (r.custom or {}).get("type") == "discharge_answer"]
