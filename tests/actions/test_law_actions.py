"""Actions that answer the law, with the exact messages and events they produce."""
import pytest
from rasa_sdk.events import SlotSet

from actions.law import ActionAnswerDischarge, ActionAnswerTopic
from actions.village import ActionSetVillage
from stormwater.dialogue.followups import asks_what_instead
from stormwater.law.knowledge import answer_discharge
from stormwater.law.plain_words import plain
from tests.actions.conftest import make_tracker


def test_pool_water_in_bayville_is_conditional(run, bayville):
    tracker = make_tracker("can I drain my pool into the street?", "ask_discharge", [("discharge", "pool")], "bayville")
    messages, events = run(ActionAnswerDischarge(), tracker)
    first = messages[0]
    assert first["response"] == "utter_discharge_conditional"
    assert first["custom"] == answer_discharge(bayville, "pool_water").payload()
    assert first["custom"]["verdict"] == "conditional"
    assert first["village"] == "Bayville"
    assert "dechlorinated" in first["conditions"]
    assert messages[1]["response"] == "utter_discharge_caveats"
    assert events == [
        SlotSet("village", "bayville"),
        SlotSet("pending_question", None),
        SlotSet("offer", None),
    ]


def test_pool_water_in_poquott_is_prohibited(run):
    tracker = make_tracker("can I drain my pool into the street?", "ask_discharge", [("discharge", "pool")], "poquott")
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert [m["response"] for m in messages] == ["utter_discharge_prohibited", None]
    assert messages[0]["custom"]["verdict"] == "prohibited"
    assert messages[0]["custom"]["village"] == "poquott"
    assert "§ 132-3" in messages[0]["custom"]["citation"]
    # The next step: what the ordinance allows or leaves open instead, and whom to ask.
    alternatives = messages[1]["text"]
    # in a resident's words: "the storm drain system", not "MS4" (issue 32)
    assert alternatives.startswith(plain(messages[0]["custom"]["alternatives"])) and "MS4" not in alternatives
    assert "hauled away" in alternatives and "own lawn" in alternatives and "not named in the ordinance" in alternatives
    assert "discharge prohibitions (Subsection A)" in alternatives and alternatives.endswith("Stormwater Management Officer: (631) 555-0101.")


def test_discharge_found_in_text_when_no_entity(run):
    tracker = make_tracker("my sump pomp hose goes to the gutter ok?", "ask_discharge", [], "poquott")
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert messages[0]["custom"]["discharge"] == "sump_pump"
    assert messages[0]["custom"]["verdict"] == "allowed"


def test_a_village_named_in_the_message_wins_over_the_slot(run):
    tracker = make_tracker(
        "in poquott can I drain my pool", "ask_discharge", [("discharge", "pool"), ("village", "poquott")],
        slots={"village": "bayville"},
    )
    messages, events = run(ActionAnswerDischarge(), tracker)
    assert messages[0]["custom"]["village"] == "poquott"
    assert SlotSet("village", "poquott") in events


def test_unknown_discharge_gets_general_rule_and_offer_of_a_person(run):
    tracker = make_tracker("can I pour maple syrup in the drain", "ask_discharge", [], "bayville")
    messages, events = run(ActionAnswerDischarge(), tracker)
    responses = [m["response"] for m in messages]
    assert responses[0] == "utter_discharge_general_rule"
    assert responses[-1] == "utter_offer_person"
    assert messages[0]["custom"]["basis"] == "general_rule"
    assert messages[0]["custom"]["discharge"] is None
    assert SlotSet("offer", "person") in events


def test_two_discharges_in_one_question_get_both_verdicts_the_worse_first_one_per_message(run):
    # issue 12: both questions are answered, each message carries at most one verdict badge,
    # and the prohibition comes first even when the resident named it second
    tracker = make_tracker("can my sump pump and my washing machine drain to the street", "ask_discharge", [], "bayville")
    messages, _ = run(ActionAnswerDischarge(), tracker)
    payloads = [(m["custom"]["discharge"], m["custom"]["verdict"]) for m in messages if m.get("custom")]
    assert payloads == [("washing_machine", "prohibited"), ("sump_pump", "conditional")]
    assert messages[-1]["response"] == "utter_discharge_second_rule"
    assert "utter_also_asked" not in [m["response"] for m in messages]


def test_a_third_discharge_named_is_offered_as_a_button(run):
    tracker = make_tracker(
        "can my sump pump, my washing machine and my dehumidifier drain to the street", "ask_discharge", [], "bayville"
    )
    messages, _ = run(ActionAnswerDischarge(), tracker)
    payloads = [m["custom"]["discharge"] for m in messages if m.get("custom")]
    assert len(payloads) == 2 and payloads[0] == "washing_machine"
    assert messages[-1]["response"] == "utter_also_asked"
    assert len(messages[-1]["buttons"]) == 1


def test_no_village_asks_and_keeps_the_question(run):
    tracker = make_tracker("can I drain my pool", "ask_discharge", [("discharge", "pool")])
    messages, events = run(ActionAnswerDischarge(), tracker)
    assert messages[0]["response"] == "utter_ask_village"
    assert [b["payload"] for b in messages[0]["buttons"]] == ["Bayville", "Poquott"]
    assert events == [
        SlotSet("pending_question", {"kind": "discharge", "keys": ["pool_water"], "asked": "can I drain my pool"})
    ]


def test_naming_the_village_answers_the_pending_question(run):
    pending = {"kind": "discharge", "keys": ["pool_water"], "asked": "can I drain my pool"}
    tracker = make_tracker("Poquott", "inform_village", [("village", "Poquott")], slots={"pending_question": pending})
    messages, events = run(ActionSetVillage(), tracker)
    assert messages[0]["custom"]["verdict"] == "prohibited"
    assert events[0] == SlotSet("village", "poquott")
    assert SlotSet("pending_question", None) in events


def test_naming_an_unknown_village_lists_the_known_ones(run):
    messages, events = run(ActionSetVillage(), make_tracker("Oyster Bay", "inform_village"))
    assert messages[0]["response"] == "utter_unknown_village"
    assert messages[0]["village_list"] == "Bayville and Poquott"
    assert events == []


def test_topic_follows_the_intent(run):
    messages, _ = run(ActionAnswerTopic(), make_tracker("how long to appeal", "ask_appeals", village_meta="poquott"))
    assert messages[0]["response"] == "utter_law_topic"
    assert messages[0]["custom"]["topic"] == "appeals"
    assert "15 days" in messages[0]["summary"]


def test_topic_not_covered_offers_a_person(run):
    messages, events = run(
        ActionAnswerTopic(), make_tracker("do I need a permit to connect", "ask_connection_permits", village_meta="poquott")
    )
    assert [m["response"] for m in messages] == ["utter_law_topic_not_covered", "utter_offer_person"]
    assert messages[0]["custom"]["covered"] is False
    assert SlotSet("offer", "person") in events


def test_a_fines_question_naming_a_discharge_gets_its_verdict_then_the_fines(run):
    text = "would the village fine me for tipping old paint into the gutter?"
    messages, _ = run(ActionAnswerTopic(), make_tracker(text, "ask_penalties", [("discharge", "paint")], "bayville"))
    customs = [m.get("custom") or {} for m in messages]
    assert (customs[0]["type"], customs[0]["discharge"], customs[0]["verdict"]) == ("discharge_answer", "paint", "prohibited")
    topics = [c for c in customs if c.get("type") == "law_answer"]
    assert [t["topic"] for t in topics] == ["penalties"]
    assert sum(c.get("type") == "discharge_answer" for c in customs) == 1  # one verdict
    # the not-legal-advice line once, with the verdict
    assert messages[0]["legal_note"] and not next(m for m in messages if (m.get("custom") or {}).get("topic") == "penalties")["legal_note"]


def test_a_connection_question_naming_a_floor_drain_gets_the_floor_drain_verdict(run):
    text = "the floor drain in our garage is plumbed to the storm sewer"
    messages, _ = run(ActionAnswerTopic(), make_tracker(text, "ask_illicit_connections", [("discharge", "floor drain")], "poquott"))
    verdicts = [m["custom"] for m in messages if (m.get("custom") or {}).get("type") == "discharge_answer"]
    assert [(v["discharge"], v["verdict"]) for v in verdicts] == [("floor_drain", "prohibited")]


def _answers(messages):
    customs = [m.get("custom") or {} for m in messages]
    return [(c["type"], c.get("discharge") or c.get("topic"), c.get("verdict")) for c in customs if c]


def test_a_permit_question_about_an_exempt_discharge_gets_its_verdict_first(run):
    # Bayville § 63A-5B(1) exempts "air-conditioning condensate": no permit is needed for it
    text = "my air conditioner drain line runs to the gutter, do I need some kind of permit"
    messages, _ = run(ActionAnswerTopic(), make_tracker(text, "ask_spdes_permits", [("discharge", "air conditioner")], "bayville"))
    assert _answers(messages)[0] == ("discharge_answer", "ac_condensate", "allowed")


def test_a_permit_question_about_a_discharge_not_exempt_gets_the_permit_topic(run):
    # Poquott § 132-3 lists "pool water" as a pollutant, but a SPDES-permitted discharge is
    # exempt (Subsection A(4)): a "Not allowed" badge before the permit answer would contradict it
    text = "what permit would I need to let pool water into the storm sewer"
    messages, _ = run(ActionAnswerTopic(), make_tracker(text, "ask_spdes_permits", [("discharge", "pool water")], "poquott"))
    assert _answers(messages) == [("law_answer", "spdes_permits", None)]


def test_an_ms4_question_naming_a_discharge_gets_its_verdict_first(run):
    text = "how often does the water dept do hydrant flushing into the storm sewer"
    messages, _ = run(ActionAnswerTopic(), make_tracker(text, "ask_ms4", [("discharge", "hydrant flushing")], "poquott"))
    assert _answers(messages)[0] == ("discharge_answer", "water_line_flushing", "allowed")


def test_a_pure_topic_question_keeps_the_topic_answer(run):
    messages, _ = run(ActionAnswerTopic(), make_tracker("how much are the fines", "ask_penalties", village_meta="bayville"))
    assert [m["custom"]["topic"] for m in messages if m.get("custom")] == ["penalties"]
    assert not any((m.get("custom") or {}).get("type") == "discharge_answer" for m in messages)


# ---- clarifying questions, contamination, somebody else's discharge (issues 12 and 14) ----

from actions.respond_affirm import ActionRespondAffirm  # noqa: E402
from actions.respond_deny import ActionRespondDeny  # noqa: E402
from actions.fallback import ActionFallback  # noqa: E402


def asked(question, text):
    """The events of a conversation whose last bot words were clarifying ``question``."""
    return [
        {"event": "bot", "text": "Whose car wash is it?", "metadata": {"utter_action": f"utter_clarify_{question}"}},
        {"event": "user", "text": text, "parse_data": {}},
    ]


def badges(messages):
    return [(m["custom"]["discharge"], m["custom"]["verdict"]) for m in messages if (m.get("custom") or {}).get("type") == "discharge_answer"]


def slot(events, name):
    return [e["value"] for e in events if e.get("event") == "slot" and e.get("name") == name]


def test_oily_sump_pump_is_answered_as_contaminated(run):
    tracker = make_tracker("my sump pump water is oily, can it go in the street?", "ask_discharge", [("discharge", "sump pump")], "bayville")
    messages, _ = run(ActionAnswerDischarge(), tracker)
    # § 63A-5B(1): only "uncontaminated crawl space or basement sump pump discharges" are exempt
    assert badges(messages) == [("contaminated_sump_pump", "prohibited")]
    assert "uncontaminated crawl space or basement sump pump discharges" in messages[0]["source"]


def test_washing_ones_car_with_soap_gets_one_badge(run):
    tracker = make_tracker(
        "can I wash my car with soap in the driveway and let the soapy water go to the drain",
        "ask_discharge",
        [("discharge", "wash my car"), ("discharge", "soap"), ("discharge", "soapy water")],
        "bayville",
    )
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert badges(messages) == [("car_wash_residential", "allowed")]
    assert "utter_also_asked" not in [m["response"] for m in messages]


def test_car_wash_of_unknown_owner_asks_then_a_tapped_choice_answers(run):
    question = "is car wash water ok in the storm drain?"
    messages, events = run(ActionAnswerDischarge(), make_tracker(question, "ask_discharge", [("discharge", "car wash")], "bayville"))
    assert badges(messages) == []
    assert [m["response"] for m in messages] == ["utter_clarify_car_wash_owner"]
    assert [b["title"] for b in messages[0]["buttons"]] == ["My own car at home", "A business, school or charity wash"]
    state = slot(events, "clarifying")[0]
    assert state["clarify"] == "car_wash_owner" and state["asked"] == question

    payload = messages[0]["buttons"][1]["payload"]
    tracker = make_tracker(payload, "ask_discharge", [], "bayville", slots={"clarifying": state}, events=asked("car_wash_owner", payload))
    answered, events = run(ActionAnswerDischarge(), tracker)
    assert badges(answered) == [("car_wash_commercial", "prohibited")]
    assert slot(events, "clarifying") == [None]


@pytest.mark.parametrize(
    "action,intent,text,expected",
    [
        (ActionFallback, "nlu_fallback", "just my own", ("car_wash_residential", "allowed")),
        (ActionFallback, "inform", "it's for the school", ("car_wash_commercial", "prohibited")),
        (ActionAnswerDischarge, "ask_discharge", "a charity one", ("car_wash_commercial", "prohibited")),
    ],
)
def test_typed_answers_to_the_car_wash_question(run, action, intent, text, expected):
    state = {"clarify": "car_wash_owner", "clarify_key": "car_wash_residential", "asked": "car wash water ok?", "tries": 1}
    messages, events = run(action(), make_tracker(text, intent, [], "poquott", slots={"clarifying": state}, events=asked("car_wash_owner", text)))
    assert badges(messages) == [expected]
    assert slot(events, "clarifying") == [None]


@pytest.mark.parametrize("action,text,expected", [(ActionRespondAffirm, "yes", "contaminated_sump_pump"), (ActionRespondDeny, "no", "sump_pump")])
def test_yes_or_no_answers_the_water_question(run, action, text, expected):
    state = {"clarify": "water_contents", "clarify_key": "sump_pump", "asked": "my sump water smells funny", "tries": 1}
    events = asked("water_contents", text)
    messages, _ = run(action(), make_tracker(text, "affirm" if text == "yes" else "deny", [], "bayville", slots={"clarifying": state}, events=events))
    assert [b[0] for b in badges(messages)] == [expected]


def test_an_answer_not_understood_asks_once_more_then_lets_go(run):
    state = {"clarify": "car_wash_owner", "clarify_key": "car_wash_residential", "asked": "car wash?", "tries": 1}
    messages, events = run(ActionFallback(), make_tracker("hmm", "nlu_fallback", [], "bayville", slots={"clarifying": state}, events=asked("car_wash_owner", "hmm")))
    assert [m["response"] for m in messages] == ["utter_clarify_car_wash_owner"]
    again = slot(events, "clarifying")[0]
    assert again["tries"] == 2
    messages, events = run(ActionFallback(), make_tracker("hmm", "nlu_fallback", [], "bayville", slots={"clarifying": again}, events=asked("car_wash_owner", "hmm")))
    assert [m["response"] for m in messages] == ["utter_fallback"]
    assert slot(events, "clarifying") == [None]


def test_a_new_question_replaces_the_clarifying_one(run):
    state = {"clarify": "car_wash_owner", "clarify_key": "car_wash_residential", "asked": "car wash?", "tries": 1}
    tracker = make_tracker("what about pool water?", "ask_discharge", [("discharge", "pool water")], "bayville", slots={"clarifying": state}, events=asked("car_wash_owner", "x"))
    messages, events = run(ActionAnswerDischarge(), tracker)
    assert badges(messages) == [("pool_water", "conditional")]
    assert slot(events, "clarifying") == [None]


def test_clarifying_before_the_village_is_known(run):
    messages, events = run(ActionAnswerDischarge(), make_tracker("is car wash water allowed in the gutter", "ask_discharge"))
    assert messages[0]["response"] == "utter_ask_village"
    pending = slot(events, "pending_question")[0]
    assert pending["clarify"] == "car_wash_owner"
    messages, events = run(ActionSetVillage(), make_tracker("Bayville", "inform_village", [("village", "Bayville")], slots={"pending_question": pending}))
    assert [m["response"] for m in messages] == ["utter_clarify_car_wash_owner"]
    assert slot(events, "clarifying")[0]["clarify_key"] == "car_wash_residential"


def test_the_neighbors_basement_water_is_answered_then_reporting_is_offered(run):
    text = "MY NEIGHBOR IS PUMPING HIS BASEMENT WATER INTO THE STREET IS THAT EVEN LEGAL"
    messages, _ = run(ActionAnswerDischarge(), make_tracker(text, "ask_discharge", [], "bayville"))
    # basement water, no sump pump said: the files' basement_flood_water, not named (issue 33 finding 4)
    assert badges(messages) == [("basement_flood_water", "not_named")]
    assert messages[-1]["response"] == "utter_offer_report"


@pytest.mark.parametrize(
    "text,response",
    [
        ("my plumber wants to do a dye test", "utter_discharge_conditional"),
        # flood water pumped out of a basement is not a sump pump discharge: not named
        ("basement is flooding, where can the water go", "utter_discharge_general_rule"),
        ("connecting a septic line to the drain", "utter_discharge_prohibited"),
    ],
)
def test_fallback_answers_what_the_vocabulary_names(run, text, response):
    messages, _ = run(ActionFallback(), make_tracker(text, "nlu_fallback", [], "bayville"))
    assert messages[0]["response"] == response


def test_fallback_reads_a_material_nobody_listed_when_asked_about(run):
    # issue 27: the discharge reader runs on fallback; a thing nobody listed gets the general rule
    text = "the rinse water from my boat lift motor runs into the canal drain, problem?"
    messages, _ = run(ActionFallback(), make_tracker(text, "nlu_fallback", [], "poquott"))
    assert messages[0]["response"] == "utter_discharge_general_rule"
    assert messages[0]["custom"]["verdict"] == "not_named"


def test_fallback_without_discharge_words_still_suggests(run):
    messages, events = run(ActionFallback(), make_tracker("what is the meaning of life", "nlu_fallback", [], "bayville"))
    assert [m["response"] for m in messages] == ["utter_fallback"]
    assert events == []


def test_not_named_discharge_gets_the_note_after_the_general_rule(run):
    messages, _ = run(ActionAnswerDischarge(), make_tracker("can I flush my water heater into the street", "ask_discharge", [], "poquott"))
    responses = [m["response"] for m in messages]
    assert responses[:2] == ["utter_discharge_general_rule", "utter_not_named_note"]
    assert "heat" in messages[1]["source"]


def test_a_question_left_unanswered_is_not_answered_by_a_later_yes(run):
    # the car wash question was asked, then a report came in between: "yes" is not its answer
    state = {"clarify": "water_contents", "clarify_key": "sump_pump", "asked": "sump water smells", "tries": 1}
    events = [
        {"event": "bot", "text": "Is anything in the water?", "metadata": {"utter_action": "utter_clarify_water_contents"}},
        {"event": "user", "text": "I want to report a spill", "parse_data": {}},
        {"event": "bot", "text": "Your report is filed.", "metadata": {"utter_action": "utter_report_filed"}},
        {"event": "user", "text": "yes", "parse_data": {}},
    ]
    messages, _ = run(ActionRespondAffirm(), make_tracker("yes", "affirm", [], "bayville", slots={"clarifying": state}, events=events))
    assert badges(messages) == []
    assert [m["response"] for m in messages] == ["utter_anything_else"]
def _bot(custom):
    return {"event": "bot", "text": "...", "data": {"custom": custom}}


def test_asking_how_to_get_rid_of_it_after_a_not_allowed_gets_what_to_do_instead(run):
    before = [_bot({"type": "discharge_answer", "discharge": "pool_water", "verdict": "prohibited", "basis": "rule"})]
    tracker = make_tracker("How am I supposed to get rid of it?", "ask_discharge", [], "poquott", events=before)
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert len(messages) == 1 and messages[0]["text"].startswith("What you may do instead")
    assert "hauled away" in messages[0]["text"]


def test_the_follow_up_is_answered_when_nlu_is_unsure_too(run):
    before = [_bot({"type": "discharge_answer", "discharge": "pool_water", "verdict": "prohibited", "basis": "rule"})]
    tracker = make_tracker("How am I supposed to get rid of it?", "nlu_fallback", [], "poquott", events=before)
    messages, _ = run(ActionFallback(), tracker)
    assert len(messages) == 1 and messages[0]["text"].startswith("What you may do instead")
    assert "hauled away" in messages[0]["text"]


@pytest.mark.parametrize("previous", [
    {"type": "discharge_answer", "discharge": "sump_pump", "verdict": "allowed", "basis": "rule"},
    {"type": "discharge_answer", "discharge": None, "verdict": "prohibited", "basis": "general_rule"},
])
def test_without_a_not_allowed_before_the_question_gets_the_usual_answer(run, previous):
    tracker = make_tracker("How am I supposed to get rid of it?", "ask_discharge", [], "poquott", events=[_bot(previous)])
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert messages[0]["response"] == "utter_discharge_general_rule"


@pytest.mark.parametrize("text, expected", [
    ("How am I supposed to get rid of it?", True), ("where can I dump it then", True),
    ("what can I do instead?", True), ("how should I dispose of it", True),
    ("can I drain my pool?", False), ("is pet waste allowed", False),
])
def test_what_instead_questions(text, expected):
    assert asks_what_instead(text) is expected


def test_a_fines_question_naming_a_discharge_before_the_village_is_known_keeps_the_discharge(run):
    text = "what is the fine for letting motor oil run into the gutter?"
    messages, events = run(ActionAnswerTopic(), make_tracker(text, "ask_penalties", [("discharge", "motor oil")]))
    assert [m["response"] for m in messages] == ["utter_ask_village"]
    pending = next(e["value"] for e in events if e.get("name") == "pending_question")
    assert pending["kind"] == "discharge" and pending["keys"][0] == "motor_oil"


@pytest.mark.parametrize("text, expected", [
    ("no, it's my neighbour's", True), ("not mine, the neighbors", True), ("it's the neighbors pool", True),
    ("someone else's", True), ("the house next door", True), ("no", False), ("it's mine", False),
    ("my neighbor is pumping his pool into the street and I want to know if that is legal here", False),
])
def test_someone_elses_follow_ups(text, expected):
    from stormwater.dialogue.followups import says_someone_elses

    assert says_someone_elses(text) is expected


def test_the_last_discharge_answered_is_the_latest_answers_whatever_its_verdict():
    from stormwater.dialogue.followups import last_discharge_answered

    older = _bot({"type": "discharge_answer", "discharge": "motor_oil", "verdict": "prohibited", "basis": "rule"})
    newer = _bot({"type": "discharge_answer", "discharge": "pool_water", "verdict": "conditional", "basis": "rule"})
    topic = _bot({"type": "law_answer", "topic": "penalties"})
    assert last_discharge_answered([older, newer, topic]) == "pool_water"
    assert last_discharge_answered([topic]) is None


def test_no_chemicals_after_a_refused_discharge_says_it_changes_nothing(run):
    """Tried as a resident: "no chemicals" after "Not allowed" for motor oil got "not understood",
    as if the fact were lost; it gets the line that it does not change that answer, no badge."""
    before = [_bot({"type": "discharge_answer", "discharge": "motor_oil", "verdict": "prohibited", "basis": "rule"})]
    messages, _ = run(ActionAnswerDischarge(), make_tracker("no chemicals", "ask_discharge", [("discharge", "chemicals")], "bayville", events=before))
    assert [m["response"] for m in messages] == ["utter_denial_changes_nothing"]
    assert "motor oil" in messages[0]["label"].lower()
    assert badges(messages) == []


def test_no_chemicals_with_nothing_answered_before_is_not_understood(run):
    messages, _ = run(ActionAnswerDischarge(), make_tracker("no chemicals", "ask_discharge", [("discharge", "chemicals")], "bayville"))
    assert [m["response"] for m in messages] == ["utter_fallback"]
    assert badges(messages) == []


def test_no_chemicals_still_answers_the_clarifying_question_about_the_water(run):
    state = {"clarify": "water_contents", "clarify_key": "sump_pump", "asked": "my sump water smells funny", "tries": 1}
    tracker = make_tracker("no chemicals", "ask_discharge", [], "bayville", slots={"clarifying": state}, events=asked("water_contents", "no chemicals"))
    messages, _ = run(ActionAnswerDischarge(), tracker)
    assert [b[0] for b in badges(messages)] == ["sump_pump"]  # clear water: the sump pump exemption


def test_an_answer_to_a_resident_who_told_of_their_own_release_offers_the_report(run):
    """Issue 28: "i spilled diesel ..., is that something i have to report?" got the spill rules
    and no way on; the offer to report follows, and a yes starts it from the resident's words."""
    from stormwater.dialogue.offers import offer_taken_up

    text = "yesterday i tipped the mower and the gas leaked into the gutter, do i need to report that?"
    messages, events = run(ActionAnswerTopic(), make_tracker(text, "ask_spill_rules", village_meta="bayville"))
    assert messages[-1]["response"] == "utter_offer_report" and SlotSet("offer", "report:own") in events
    said = [{"event": "user", "text": text}, {"event": "user", "text": "ok ya i'll report it"}]
    assert offer_taken_up("ok ya i'll report it", "report:own", said) == text
    asked, events = run(ActionAnswerDischarge(), make_tracker("can i hose grass clippings into the drain?", "ask_discharge",
                                                              village_meta="bayville"))
    assert all(m.get("response") != "utter_offer_report" for m in asked)  # a question, no release told


def test_a_discharge_going_on_now_heard_as_a_question_starts_the_report(run):
    """Found typing a restart by hand: "ok actually my neighbor is draining his pool into the street
    rn, its on Sylvan Ave", heard as ask_discharge, got the verdict and an offer instead of the report."""
    text = "ok actually my neighbor is draining his pool into the street rn, its on Sylvan Ave"
    messages, events = run(ActionAnswerDischarge(), make_tracker(text, "ask_discharge", village_meta="poquott"))
    slots = {e["name"]: e["value"] for e in events if e.get("event") == "slot"}
    assert slots["report_kind"] == "spill" and slots["responsible"] == "no"
    assert slots.get("location") is None  # a street alone: where on it is asked (docs/report-form.md)
    assert any(e.get("event") == "followup" and e.get("name") == "report_form" for e in events)
