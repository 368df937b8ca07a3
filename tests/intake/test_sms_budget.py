"""Every SMS turn, and every part sent on MORE or LAW, fits three segments in whole sentences.

The turns are fuzzed from every reply the domain can produce: each response of
``bot/domain.yml`` (every variant, with its buttons), the SMS wording and other replies of
``data/messages.yml``, and the law's own answers (every discharge and topic of both villages,
with the quotes LAW sends), filled with realistic values from the village files.
"""
import string
from collections import Counter
from datetime import date

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from stormwater.intake.sms_text import (
    GSM7, TURN_SEGMENTS, gsm7_septets, septet_budget, sms_segments, to_gsm7, with_numbered_choices,
)
from stormwater.intake.sms_turns import _SAFETY as SAFETY  # noqa: E402  (what is sent first)
from stormwater.intake.sms_turns import next_part, plan_turn, sentences
from stormwater.understanding.catalogue import load_catalogue
from stormwater.law.knowledge import answer_discharge, answer_topic
from stormwater.dialogue.replies import contact_lines, discharge_replies, long_date, topic_replies
from stormwater.law.villages import load_villages
from stormwater.store.paths import data_dir

DOMAIN = yaml.safe_load((data_dir().parent / "bot" / "domain.yml").read_text(encoding="utf-8"))["responses"]
WORDS = yaml.safe_load((data_dir() / "messages.yml").read_text(encoding="utf-8"))
VILLAGES = load_villages()
MORE, LAW_MORE = WORDS["sms_more_hint"], WORDS["sms_law_more_hint"]
HINTS = {WORDS["sms_more_hint"], WORDS["sms_law_hint"], WORDS["sms_law_more_hint"]}


def realistic_values(village):
    """Values for every placeholder, as the help desk fills them for ``village``."""
    smo, clerk = village.contact("smo"), village.contact("clerk")
    notice = village.spill_notice
    spill_rules = answer_topic(village, "spill_rules").topic.summary
    return {
        "village": village.short_name, "village_name": village.name,
        "village_list": "Bayville and Poquott", "smo_title": smo["title"], "smo_phone": smo["phone"],
        "clerk_title": clerk["title"], "clerk_phone": clerk["phone"], "phone": smo["phone"], "fax": smo.get("fax") or "",
        "office_hours": village.office_hours or "Monday to Friday, 9 am to 4 pm", "hours": " (Mon-Fri 9-4)",
        "offices": contact_lines(village).replace("\n", "; "), "contact_lines": contact_lines(village),
        "notify": notice.notify, "letter_to": notice.letter_to, "after_dispatch": notice.after_dispatch or "",
        "notify_by": long_date(date(2026, 11, 30)), "written_by": long_date(date(2026, 12, 3)),
        "reference": "BAY-7K3Q9P", "check": "0427", "letter_url": "https://helpdesk.example.org/letters/Zq3xT0bW8yKcL1mN4pRsUv",
        "calendar_url": "https://helpdesk.example.org/letters/Zq3xT0bW8yKcL1mN4pRsUv/deadlines.ics",
        "desk_link": "https://helpdesk.example.org/staff/tickets/BAY-7K3Q9P",
        "calendar": "New York State's public holidays", "hazard_rules": spill_rules, "summary": spill_rules,
        "headline": "Not allowed in " + village.short_name + ".", "label": "pool water", "source": "Bayville Code ch. 63A, § 63A-5",
        "legal_note": "\n" + WORDS["legal_note"].format(village=village.short_name, smo_title=smo["title"], smo_phone=smo["phone"]),
        "caveats": spill_rules, "closest": spill_rules, "note": spill_rules, "alternatives": spill_rules,
        "others": "pool water and car wash water", "hazard_question": "Could it be hazardous, such as fuel, oil, chemicals or sewage?",
        "field": "the place", "value": "in front of 12 Oak Lane, next to the storm drain by the mailbox",
        "limit": "500", "example_note": "", "status": "investigating", "kind": "spill",
        "location": "12 Main St", "citation": "Bayville Code ch. 63A, § 63A-14", "hazard_tag": "", "hazardous": "no",
        "title": "Yes", "number": "1", "contact_title": smo["title"], "contact_phone": smo["phone"],
        "contact_email": "", "contact_address": "", "day": "Monday", "overdue": "", "stale": "", "inbox_count": "0",
        "overdue_count": "0", "stale_count": "0", "stale_days": "7",
    }


class Values(dict):
    def __missing__(self, key):  # a placeholder the list above does not know: a realistic sentence
        return "the value given"


def fill(template, values):
    return string.Formatter().vformat(template, (), Values(values))


def readback():
    """A read-back of a whole spill report, one line a field (actions/report_form.py)."""
    lines = ["- Whose it is (yours?): yes", "- What it is: motor oil, about two quarts, with some antifreeze",
             "- Place: in front of 12 Oak Lane, next to the storm drain by the mailbox",
             "- Time of discovery: this morning around 7 (Thu Dec 3, 7:00 AM)", "- Reached a storm drain: yes",
             "- From a business: no", "- Amount: about 2 quarts", "- Your name: Pat Lee", "- Your phone number: 516-555-0199"]
    return "\n".join(lines)


def pool():
    """(text, buttons) of every reply the domain can produce, and the quotes LAW can send."""
    replies, quotes = [], []
    for village in VILLAGES.values():
        values = realistic_values(village)
        for name, variants in DOMAIN.items():
            for variant in variants:
                text = fill(variant.get("text", ""), dict(values, summary=readback()) if name == "utter_readback" else values)
                replies.append((text, variant.get("buttons") or []))
        for name, template in WORDS["sms_wording"].items():
            replies.append((fill(template, values), []))
        for key in ("assistant_unavailable", "rate_limited"):
            replies += [(fill(t, values), []) for t in WORDS[key]]
        for key, template in WORDS.items():
            if key.startswith(("sms_", "notice_deadline", "discharge_alternatives", "legal_note")) and isinstance(template, str):
                replies.append((fill(template, values), []))
        for template in WORDS["alerts"].values():
            if isinstance(template, str):
                replies.append((fill(template, values), []))
        for key in load_catalogue():
            for reply in discharge_replies(answer_discharge(village, key)):
                template = reply.text if reply.text is not None else DOMAIN[reply.response][-1]["text"]
                replies.append((fill(template, dict(values, **reply.values)), reply.buttons or []))
                if reply.custom and reply.custom.get("quote"):
                    quotes.append(f"{reply.custom['citation']}: \"{reply.custom['quote']}\"")
        for topic in village.topics:
            for reply in topic_replies(answer_topic(village, topic)):
                template = DOMAIN[reply.response][-1]["text"]
                replies.append((fill(template, dict(values, **reply.values)), []))
                if reply.custom and reply.custom.get("quote"):
                    quotes.append(f"{reply.custom['citation']}: \"{reply.custom['quote']}\"")
    replies = [(to_gsm7(t), b) for t, b in replies if t.strip() and t not in HINTS]  # hints end a turn, never start one
    return list(dict.fromkeys((t, tuple(tuple(sorted(b.items())) for b in buttons)) for t, buttons in replies)), \
        list(dict.fromkeys(to_gsm7(q) for q in quotes))


REPLIES, QUOTES = pool()
QUESTIONS = [(t, b) for t, b in REPLIES if b or t.rstrip().endswith("?")]


def test_the_pool_holds_the_long_turns():
    texts = " ".join(t for t, _ in REPLIES)
    assert len(REPLIES) > 300 and len(QUOTES) > 20
    for words in ("Here is what I'll file", "Filed: reference BAY-7K3Q9P, check code 0427", "NYSDEC Spill Hotline", "Poquott Code ch. 132"):
        assert words in texts


def whole_sentences(text):
    return [s for _, s in sentences(text) if s not in HINTS]


def read_all(turn, hint, key):
    """The text of the turn, then each MORE (or LAW) part, until nothing is held."""
    parts, held = [turn.text], getattr(turn, key)
    while held:
        part = next_part(held, hint)
        # Each part sends something: what is held shrinks, so MORE always ends (however long
        # the turn: five of the longest law answers take 40 texts).
        assert len(part.more) < len(held), "MORE never ends"
        parts.append(part.text)
        held = part.more
    return parts


def check_part(text):
    assert text and set(text) <= GSM7
    assert sms_segments(text) <= TURN_SEGMENTS, (sms_segments(text), text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(REPLIES), min_size=1, max_size=7),
    st.one_of(st.none(), st.sampled_from(QUESTIONS)),
    st.one_of(st.just(""), st.sampled_from(QUOTES)),
)
def test_every_turn_and_every_more_part_fits_three_segments_in_whole_sentences(messages, question, law):
    texts = [t for t, _ in messages]
    asked = ""
    if question:
        text, buttons = question
        asked = with_numbered_choices(text, [dict(b) for b in buttons], separator=WORDS["sms_choice_separator"])
    turn = plan_turn(texts, asked, law, more_hint=MORE, law_hint=WORDS["sms_law_hint"])
    parts = read_all(turn, MORE, "more")
    for part in parts:
        check_part(part)
    # Nothing lost, nothing cut: every sentence sent is a whole sentence of the turn, once;
    # only a sentence longer than a whole text (a list of definitions) is cut, at its clauses.
    sent = Counter(s for part in parts for s in whole_sentences(part))
    given_ = [s for t in texts + [asked] for s in whole_sentences(t)]
    room = septet_budget() - gsm7_septets(MORE) - (gsm7_septets(WORDS["sms_law_hint"]) + 1 if law else 0) - 3
    assert Counter(s for s in given_ if gsm7_septets(s) <= room) <= sent
    assert sorted("".join(s.split()) for s in given_ if gsm7_septets(s) <= room) == sorted(
        "".join(s.split()) for s in sent.elements() if s in given_ and gsm7_septets(s) <= room)
    assert sorted("".join("".join(parts).replace(MORE, "").replace(WORDS["sms_law_hint"], "").split())) == \
        sorted("".join("".join(given_).split()))
    # Each text keeps the reading order: its sentences come in the order the turn had them.
    for part in parts:
        position = 0
        for sentence in (s for s in whole_sentences(part) if s in given_):
            assert sentence in given_[position:], (sentence, part)
            position = given_.index(sentence, position) + 1
    # Safety first, then the question and its choices, whole.
    first_safety = next((s for t in texts for s in whole_sentences(t) if SAFETY.search(s)), None)
    if first_safety:
        assert first_safety in turn.text
    choices = asked.split("\n")[-1] if asked else ""
    tail = " ".join([MORE] + ([WORDS["sms_law_hint"]] if law else []))
    if asked and sms_segments("\n\n".join(filter(None, [first_safety, choices, tail]))) <= TURN_SEGMENTS:
        assert choices in turn.text
    if law:
        law_parts, held = [], law
        while held:
            part = next_part(held, LAW_MORE)
            check_part(part.text)
            law_parts.append(part.text)
            held = part.more
        body = "".join("".join(p.replace(LAW_MORE, "").split()) for p in law_parts)
        assert body == "".join(law.split())


@pytest.mark.parametrize("text", ["Not allowed in Bayville. In Bayville, dirt, sand, sediment, and yard waste are pollutants."])
def test_an_answer_is_never_cut_mid_sentence(text):
    turn = plan_turn([text, "x. " * 200])
    assert turn.text.startswith(text)


def test_a_sentence_splitter_keeps_abbreviations_and_lines():
    text = "Allowed (see ch. 63A, Art. I, § 63A-5, e.g. pool water). Call J. Smith at 9 a.m. Today.\nSource: Bayville Code ch. 63A"
    assert [s for _, s in sentences(text)] == [
        "Allowed (see ch. 63A, Art. I, § 63A-5, e.g. pool water).", "Call J. Smith at 9 a.m. Today.",
        "Source: Bayville Code ch. 63A"]


def test_the_budget_is_three_segments_of_gsm_septets():
    assert septet_budget() == 459 and septet_budget(1) == 160
    assert sms_segments("x" * 459) == 3 and sms_segments("x" * 460) == 4
    assert sms_segments("{" * 229 + "x") == 3 and sms_segments("{" * 230) == 4  # extension characters count twice


def test_safety_and_the_question_come_first_and_more_obeys_the_budget():
    safety = to_gsm7(WORDS["sms_wording"]["utter_spill_safety"])
    hotline = to_gsm7(WORDS["sms_wording"]["utter_spill_petroleum_state_law"])
    rule = "In Bayville, anyone responsible must clean it up. " * 12
    question = "Did this come from your own home?\nReply 1 for Yes / 2 for No, someone else / 3 for Not sure."
    turn = plan_turn([safety, rule, hotline], question)
    check_part(turn.text)
    assert turn.text.startswith(safety) and hotline in turn.text and question in turn.text
    assert turn.text.endswith(MORE) and turn.more
    parts = read_all(turn, MORE, "more")
    assert len(parts) >= 3 and all(sms_segments(p) <= 3 for p in parts)
    assert parts[-1].endswith("clean it up.")


def test_a_long_read_back_keeps_its_order_the_question_last():
    lines = [f"- Field {i}: " + "a long value given by the resident, " * 2 + "the end" for i in range(8)]
    question = "Here is what I'll file:\n" + "\n".join(lines) + "\nIs this right?\nReply 1 for Yes, file it / 2 for Change something."
    turn = plan_turn(["Thanks, I changed the place to: 12 Main St"], question)
    check_part(turn.text)
    body = turn.text.removesuffix("\n\n" + MORE)
    assert body.endswith("Is this right?\nReply 1 for Yes, file it / 2 for Change something.")
    shown = [line for line in body.split("\n") if line.startswith("- Field")]
    assert shown == lines[:len(shown)] and turn.more  # the first fields, in order; the rest on MORE


def test_a_law_answer_keeps_its_not_legal_advice_line_in_the_first_text():
    village = VILLAGES["bayville"]
    # The discharge whose answer is longest: its reasons cannot all come in the first text.
    replies = max((discharge_replies(answer_discharge(village, key)) for key in load_catalogue()),
                  key=lambda r: len(r[0].values["summary"]))
    values = dict(realistic_values(village), **replies[0].values)
    verdict = to_gsm7(fill(DOMAIN[replies[0].response][-1]["text"], values))
    assert "not legal advice" in verdict
    safety = to_gsm7(DOMAIN["utter_spill_safety_with_answer"][0]["text"])
    alternatives = "What you may do instead: " + "take it to a place that accepts it. " * 8
    question = "Want village staff to look into it? You can report it.\nReply 1 for Report it."
    turn = plan_turn([verdict, safety, alternatives], question, more_hint=MORE)
    check_part(turn.text)
    assert turn.text.startswith(values["headline"]) and safety in turn.text and question in turn.text
    note = next(s for s in whole_sentences(verdict) if "not legal advice" in s)
    assert note in turn.text and "What you may do instead" in turn.more
