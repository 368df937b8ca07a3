"""SMS turns of at most three segments: safety lines and the question first, the rest on
"MORE" (three segments at a time), the ordinance's words on "LAW". Segments are counted per turn."""
import yaml

from stormwater.store.paths import data_dir
from stormwater.intake.sms_text import sms_segments, to_gsm7
from stormwater.intake.sms_turns import plan_turn
from stormwater.law.knowledge import answer_discharge
from stormwater.dialogue.replies import alternatives_reply
from stormwater.law.villages import get_village

from .test_sms import messages, params, signed_post
from .test_sms import app, no_sms_env  # noqa: F401  (fixtures)

DOMAIN = yaml.safe_load((data_dir().parent / "bot" / "domain.yml").read_text(encoding="utf-8"))["responses"]
SMS_WORDING = yaml.safe_load((data_dir() / "messages.yml").read_text(encoding="utf-8"))["sms_wording"]


def said(name, **values):
    # What the actions send by SMS: the SMS wording (data/messages.yml) where there is one,
    # else the variant Rasa sends on a first asking, the one without a condition.
    response = next(r for r in DOMAIN[name] if not r.get("condition"))
    message = {"text": SMS_WORDING.get(name, response["text"]).format(**values)}
    if response.get("buttons"):
        message["buttons"] = response["buttons"]
    return message


def spill_start(body):
    """What the assistant answers to "there is oil in the storm drain on my street"."""
    return 200, [
        said("utter_spill_safety"),
        said("utter_spill_petroleum_state_law"),
        {"text": "Bayville's ordinance: in the event of a release of nonhazardous materials, the person responsible "
                 "shall notify the SMO in person, by telephone or by facsimile by the next business day, "
                 "and confirm it by written notice mailed within three business days. " * 2},
        said("utter_report_start"),
        said("utter_ask_responsible"),
    ]


def test_a_spill_report_starts_with_the_safety_lines_and_the_question(client, fake_rasa):
    fake_rasa.handler = spill_start
    parts = messages(signed_post(client, params("there is oil in the storm drain on my street")))
    turn = "\n\n".join(parts)
    safety, hotline, question = (to_gsm7(said(n)["text"]) for n in
                                 ("utter_spill_safety", "utter_spill_petroleum_state_law", "utter_ask_responsible"))
    assert turn.startswith(safety + "\n\n" + hotline)
    assert question + "\nReply 1 for Yes / 2 for No, someone else / 3 for Not sure." in turn
    assert turn.endswith("Reply MORE for the rest.")
    # Before: five messages, 1,100+ characters. Now the 911 line, the hotline and the
    # question, in three segments at most; every MORE part as well.
    assert sum(sms_segments(p) for p in parts) <= 3
    rest = []
    for _ in range(5):
        [part] = messages(signed_post(client, params("MORE")))
        assert sms_segments(part) <= 3
        rest.append(part)
        if not part.endswith("Reply MORE for the rest."):
            break
    rest = " ".join(rest)
    assert "three business days" in rest and "never mind" in rest
    # The choices still answer the question.
    assert fake_rasa.last["message"] == "there is oil in the storm drain on my street"
    signed_post(client, params("1"))
    assert fake_rasa.last["message"] == "yes"


def test_a_discharge_answer_fits_three_segments_and_the_ordinance_words_come_on_law(client, fake_rasa):
    quote = ("Pollutant: Anything which causes or contributes to pollution. Pollutants may include, but are not limited "
             "to: paints, varnishes, and solvents; oil and other automotive fluids; ... swimming pool water and pool "
             "filter/filter backwash ...")
    fake_rasa.handler = lambda body: (200, [
        {"text": "Not allowed in Poquott. Poquott's ordinance lists pool water and pool filter backwash as pollutants, "
                 "and no pollutant may be discharged into the storm sewer system.\n"
                 "Source: Poquott Code ch. 132, Art. I, § 132-3 (definition of pollutant)"},
        {"custom": {"type": "discharge_answer", "verdict": "prohibited",
                    "citation": "Poquott Code ch. 132, Art. I, § 132-3 (definition of pollutant)", "quote": quote}},
        {"text": alternatives_reply(answer_discharge(get_village("poquott"), "pool_water")).text},
    ])
    [turn] = messages(signed_post(client, params("can I drain my pool?", to="+16315550100")))
    assert sms_segments(turn) <= 3
    assert turn.startswith("Not allowed in Poquott.")
    assert turn.endswith("Reply MORE for the rest. Reply LAW for the ordinance's words.")
    more = " ".join(messages(signed_post(client, params("MORE", to="+16315550100"))))
    assert more.startswith("What you may do instead:") and "hauled away" in more
    [law] = messages(signed_post(client, params("law", to="+16315550100")))
    assert law.startswith("Poquott Code ch. 132, Art. I, ") and "swimming pool water" in law


def test_a_law_answer_text_keeps_its_citation_and_sends_the_quote_on_law(client, fake_rasa):
    citation = "Bayville Code ch. 63A, § 63A-14"
    quote = "said person shall immediately notify emergency response agencies of the occurrence via emergency dispatch services"
    fake_rasa.handler = lambda body: (200, [
        # Rasa's REST channel sends a response's text and its custom payload as two messages.
        {"text": f"Bayville: after calling 911 ...\nSource: {citation}: \"{quote}\""},
        {"custom": {"type": "law_answer", "topic": "hazardous_spill", "citation": citation, "quote": quote}},
    ])
    [turn] = messages(signed_post(client, params("what do I do about an oil spill")))
    assert f"Source: {citation}" in turn and quote not in turn
    [law] = messages(signed_post(client, params("LAW")))
    assert quote in law


def test_plan_turn_keeps_short_turns_whole():
    turn = plan_turn(["Allowed in Bayville."], "Anything else?")
    assert (turn.text, turn.more, turn.law) == ("Allowed in Bayville.\n\nAnything else?", "", "")
    assert sms_segments("x" * 160) == 1 and sms_segments("x" * 161) == 2 and sms_segments("x" * 306) == 2
    assert sms_segments("x" * 307) == 3


def test_a_filed_report_leads_with_its_reference_the_deadline_and_the_letter():
    words = yaml.safe_load((data_dir() / "messages.yml").read_text(encoding="utf-8"))["sms_wording"]
    # One message (issue 32): the reference, the notice, then the letter, in that order.
    filed = words["utter_report_filed_steps"].format(
        reference="BAY-7K3Q9P", check="0427", village="Bayville", notify="the Stormwater Management Officer (SMO)",
        phone="(516) 555-0101", fax="(516) 555-0102", notify_by="today, Monday, November 30, 2026",
        written_by="Thursday, December 3, 2026", letter_url="https://help.example.org/letters/Zq3xT0bW8yKcL1mN4pRsUv",
        calendar="New York State's public holidays", letter_to="Stormwater Management Officer (SMO)")
    question = "Can we text you when staff update this report?\nReply 1 for Yes, text me / 2 for No, thanks."
    turn = plan_turn([filed], question)
    assert sms_segments(turn.text) <= 3
    first = "Filed: reference BAY-7K3Q9P, check code 0427."
    assert turn.text.startswith(first) and "no later than today, Monday, November 30, 2026: (516) 555-0101" in turn.text
    assert "https://help.example.org/letters/Zq3xT0bW8yKcL1mN4pRsUv" in turn.text and question in turn.text
    # The letter's step waits for MORE, in its place after the notice; the link comes once.
    assert turn.text.endswith("Reply MORE for the rest.") and turn.more.startswith("2) If by phone or in person")
    assert "Business days" in turn.more and "/letters/" not in turn.more


def test_a_long_ordinance_passage_comes_on_law_three_segments_at_a_time(client, fake_rasa):
    citation = "Poquott Code ch. 132, Art. I, § 132-3 (definitions)"
    quote = " ".join(f"Term {i} means the thing numbered {i} in this article, and nothing else." for i in range(20))
    fake_rasa.handler = lambda body: (200, [
        {"text": f"Poquott: the article defines its terms.\nSource: {citation}: \"{quote}\""},
        {"custom": {"type": "law_answer", "topic": "definitions", "citation": citation, "quote": quote}},
    ])
    [turn] = messages(signed_post(client, params("what do the terms mean", to="+16315550100")))
    assert turn.endswith("Reply LAW for the ordinance's words.") and quote not in turn
    parts = []
    for _ in range(6):
        [part] = messages(signed_post(client, params("LAW", to="+16315550100")))
        assert sms_segments(part) <= 3
        parts.append(part)
        if not part.endswith("Reply LAW for more of the ordinance's words."):
            break
    assert len(parts) > 1
    read = " ".join(p.removesuffix("Reply LAW for more of the ordinance's words.").strip() for p in parts)
    assert " ".join(read.split()) == f'{citation}: "{quote}"'
