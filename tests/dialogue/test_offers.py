"""The offer to report, and what a "yes" to it stands for."""
from datetime import datetime
from zoneinfo import ZoneInfo

from stormwater.dialogue import report_opening
from stormwater.dialogue.offers import detail_after_offer, offer_taken_up, offered_report, question_answered, report_offer


def _user(text):
    return {"event": "user", "text": text}


def test_the_offer_slot_names_the_discharge_offered():
    assert offered_report(report_offer("pool_water")) == "pool_water"
    assert offered_report(report_offer(None)) == ""
    assert offered_report("person") is None and offered_report(None) is None


def test_the_question_answered_is_the_last_message_that_was_not_a_bare_reply():
    events = [_user("can my neighbor drain his pool into the street"), _user("ya")]
    assert question_answered(events) == "can my neighbor drain his pool into the street"
    assert question_answered([_user("ya")]) is None


def test_a_reply_that_goes_on_to_tell_the_release_is_what_the_report_starts_from():
    told = "ok no, false alarm. so: this morning i hosed the leftover tile mortar from my buckets into the gutter on Elm St"
    events = [_user("i need to report something from my tiling job"), _user("never mind"), _user(told), _user("yes")]
    assert question_answered(events) == told
    assert offer_taken_up("yes", report_offer(None), events) == told  # theirs: whose, what and where are not asked


def test_a_yes_to_the_offer_stands_for_the_discharge_and_the_question():
    events = [_user("can my neighbor drain his pool into the street"), _user("ya i want to report them")]
    words = offer_taken_up("ya i want to report them", report_offer("pool_water"), events)
    assert words is not None and words.endswith(". can my neighbor drain his pool into the street")
    assert offer_taken_up("ya", "person", events) is None  # no report was offered
    assert offer_taken_up("what are the fines", report_offer("pool_water"), events) is None


def test_a_yes_after_a_question_about_ones_own_release_reports_it_as_theirs():
    question = "do i have to tell anyone if i cleaned my grill grates with oven cleaner and rinsed them in the driveway?"
    events = [_user(question), _user("ok fine, report it")]
    assert offer_taken_up("ok fine, report it", report_offer("solvents"), events) == question


def test_a_yes_to_the_offer_keeps_the_material_the_resident_named_not_the_category_s_label():
    question = "a man just emptied a bottle of oven cleaner into the catch basin on Elm St"
    events = [_user(question), _user("yes")]
    words = offer_taken_up("yes", report_offer("solvents"), events)
    assert words is not None and words.endswith(f". {question}") and "household" not in words
    # a question that names no material still says what the answer was about
    vague = "is that allowed?"
    named = offer_taken_up("yes", report_offer("solvents"), [_user(vague), _user("yes")])
    assert named is not None and "household" in named


def test_a_detail_of_the_report_typed_after_the_offer_takes_it_up_with_that_detail():
    question = "someone keeps dumping cat litter in the catch basin by the deli on Main St"
    for detail in ("dunno who", "this morning", "a couple bags", "about 5 gallons", "in front of 12 Main St"):
        events = [_user(question), _user(detail)]
        words = offer_taken_up(detail, report_offer("pet_waste"), events)
        assert words is not None and words.endswith(f". {detail}. {question}"), detail


def test_a_place_typed_after_the_offer_is_kept_before_the_vaguer_place_of_the_question():
    # found trying the desk as a resident: the typed corner was dropped and "Where is it?" asked again
    now = datetime(2026, 12, 4, 12, 0, tzinfo=ZoneInfo("America/New_York"))
    question = "someone dumped paint thinner into the catch basin on shore rd"
    for typed in ("it was at the corner of main st and shore rd", "no wait, it was at the corner of main st and shore rd",
                  "nope actually it was at the corner of main st and shore rd"):
        words = offer_taken_up(typed, report_offer("solvents"), [_user(question), _user(typed)])
        assert words is not None, typed
        location = dict(report_opening.prefill(words, "spill", False, now)).get("location") or ""
        assert location.startswith("main st and shore rd"), (typed, location)


def test_a_plain_no_to_the_offer_is_still_a_no():
    question = "someone dumped paint thinner into the catch basin on shore rd"
    for text in ("no thanks", "no, its fine", "nope", "no wait, is paint thinner hazardous?"):
        assert offer_taken_up(text, report_offer("solvents"), [_user(question), _user(text)]) is None, text


def test_a_question_a_new_discharge_or_an_aside_after_the_offer_does_not_take_it_up():
    question = "someone keeps dumping cat litter in the catch basin by the deli on Main St"
    for text in ("what are the fines", "can i drain my pool", "thanks", "its been going on for weeks", "when did it happen?"):
        events = [_user(question), _user(text)]
        assert offer_taken_up(text, report_offer("pet_waste"), events) is None, text
    # no offer open: a detail alone starts nothing
    assert offer_taken_up("dunno who", "person", [_user(question), _user("dunno who")]) is None


def test_a_report_taken_up_after_a_not_named_answer_starts_with_the_thing_the_question_named():
    now = datetime(2026, 12, 4, 12, 0, tzinfo=ZoneInfo("America/New_York"))
    for question, thing in (("my landlord keeps draining the boiler into the street, thats legal?", "draining the boiler"),
                            ("the bakery keeps hosing flour paste into the drain, is that ok?", "flour paste")):
        for offer in (report_offer(None), report_offer("furnace_condensate")):  # nothing named, or the category's key
            words = offer_taken_up("report it", offer, [_user(question), _user("report it")])
            found = dict(report_opening.prefill(words, "spill", False, now))
            # what was released is not asked again, in the resident's words; whose it is neither
            assert found.get("material") == thing and found.get("responsible") == "no", (offer, found)


def test_a_yes_after_a_long_telling_of_ones_own_release_reports_it_as_theirs():
    # typed-report round 6 on the last session's code: answered first, then filed as someone else's
    question = "we had half a bucket of old deck stain left over on saturday and poured it down the storm drain, do i have to tell anyone?"
    words = offer_taken_up("ok yes, report it", report_offer("paint"), [_user(question), _user("ok yes, report it")])
    assert words == question


def test_a_place_corrected_after_the_offer_goes_on_with_the_report_and_a_plain_no_does_not():
    for text in ("no wait, it was at the corner of main st and shore rd", "nope actually its by the deli on main st", "this morning"):
        assert detail_after_offer(text), text
    for text in ("no", "no thanks", "no wait, is paint thinner hazardous?", "what are the fines"):
        assert not detail_after_offer(text), text
