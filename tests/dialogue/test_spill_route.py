"""A message heard as a spill report: the law's answer first, or straight into the report?

Issue 12: a question about somebody else's discharge gets the verdict, then the offer to
report it; only a request to report, an emergency, or the resident's own accident told
without a question about the law goes straight into the form.
"""
import pytest

from stormwater.understanding.meaning import read_question
from stormwater.dialogue import spill_route
from stormwater.dialogue.spill_route import ANSWER, REPORT, needs_safety_line, route


def routed(text):
    return route(text, read_question(text))


@pytest.mark.parametrize(
    "text",
    [
        "the house behind mine drains their swimming pool over the curb every fall, can they do that?",
        "a contractor was hosing concrete washout into the gutter on Main St. isn't that against the rules?",
        "our tenant upstairs pours used motor oil down the storm grate",
        "somebody keeps throwing grass clippings into the catch basin by the park",
        "the landscapers blew leaves into the storm drain, what can I do about it?",
        "is it legal for the body shop to wash engines out back where it runs to the drain?",
    ],
)
def test_questions_and_accounts_of_someone_elses_discharge_get_the_answer_first(text):
    assert routed(text) == ANSWER


@pytest.mark.parametrize(
    "text",
    [
        "I want to report a spill",
        "I'd like to report my neighbor for pumping his pool into the street, is that allowed?",
        "file a complaint about the gas station washing oil into the drain",
        "gasoline is pouring into the storm drain and there's a fire on the corner",
        "someone is hurt, a drum of chemicals tipped over by the drain, is that legal",
        "I spilled antifreeze in the driveway and it ran into the drain, what do I do now?",
        "some soapy water went into the storm drain",
        "there's oil running down the gutter right now",
    ],
)
def test_report_requests_emergencies_and_ones_own_spill_go_to_the_report(text):
    assert routed(text) == REPORT


def test_a_legality_question_about_ones_own_spill_is_answered():
    assert routed("I spilled a little paint in the gutter, is that illegal?") == ANSWER


@pytest.mark.parametrize(
    "text, safety",
    [
        ("the neighbor dumped gasoline in the drain, is that legal?", True),
        ("someone poured paint thinner in the gutter", True),
        ("the neighbor drains his pool into the street, is that legal?", False),
        ("the neighbors washed their patio, no chemicals, just water", False),
    ],
)
def test_the_911_line_goes_with_hazardous_material_only(text, safety):
    assert needs_safety_line(text) is safety


@pytest.mark.parametrize(
    "text, expected",
    [
        ("the fire department hosed down the road and it all ran into the catch basin, is that allowed?", ANSWER),
        ("after the garage fire the firefighting water went down the storm drain, was that legal?", ANSWER),
        ("there's a fire near the storm drain and gasoline in the gutter, is that legal?", REPORT),
        # a fire told in the past is over, unless it still burns or is now
        ("the shed went up in flames last night and the firemen flooded it, the runoff hit the catch basin. legal?", ANSWER),
        ("a dumpster was burning behind the diner and the crew emptied a tank on it into the drain, is that allowed", ANSWER),
        ("the shed went up in flames last nite, fire co sprayed it, r they in trouble?", ANSWER),
        ("the shed caught fire last night and it is still smoking, oil running to the drain, is that legal?", REPORT),
        ("the shed burned last year and now theres a fire in the new one right now, is that legal", REPORT),
    ],
)
def test_a_fire_department_or_a_fire_that_is_over_is_no_emergency(text, expected):
    assert routed(text) == expected


# Issue 27: a question is any message asking whether something is allowed, ok, a problem or
# fine, or whether one can be fined, however it is punctuated; the resident's own ongoing
# discharge asked about gets the verdict, not the 911 lines and the report form.
@pytest.mark.parametrize(
    "text",
    [
        "my dehumidifier hose runs out the basement window onto the driveway, problem?",
        "the condensate from my mini split drips down the wall and into the gutter. thats just water right",
        "we rinse the pool cover and drain the hot tub into the street, any issue with either one",
        "doing our annual fire sprinkler test and the water runs into the catch basin, is that ok",
        "the village is doing fire hydrant flushing and it pours into the storm drain. fine?",
        "can I get fined for hosing the patio into the street",
        "I let the kiddie pool drain into the gutter every evening - that's fine, correct",
        "I'm draining my aquarium down the driveway, is that an issue",
        # the resident is the one being reported: no request to report
        "the hose runs over the curb into the drain and the lady next door says shes reporting us. are we breaking a rule",
        "my neighbor threatened to report me for rinsing the grill in the gutter, is that illegal",
        # a report denied is no request to report
        "the deli guy says i cant complain about his ice machine draining onto the sidewalk to the drain. is he right",
        "we hose the dead moths off the porch into the storm drain. any rule against that",
    ],
)
def test_a_question_however_punctuated_gets_the_answer(text):
    assert routed(text) == ANSWER


@pytest.mark.parametrize(
    "text",
    [
        "there's smoke coming out of the storm drain",
        "the fire is spreading toward the gas tank by the drain",
        "oil is pouring out of my tank into the drain right now",
        "I spilled a gallon of bleach in the driveway and it went down the drain",
        "i want to report the deli, they dump grease in the catch basin",
    ],
)
def test_emergencies_and_accidents_told_without_asking_still_start_the_report(text):
    assert routed(text) == REPORT


@pytest.mark.parametrize(
    "text",
    [
        "the landscaping company across the street rinses its mowers in the lot and it all runs to the catch basin",
        "the body shop next door dumps their bucket water in the storm drain",
    ],
)
def test_someone_elses_practice_told_in_the_present_gets_the_answer_first(text):
    # a way of working, not an accident happening now: the verdict, then the offer to report
    assert routed(text) == ANSWER


def test_someone_elses_discharge_going_on_now_is_still_a_report():
    assert routed("the body shop next door is dumping their bucket water in the storm drain right now") == REPORT


# Issue 27 round 7: a fire the resident tells is already out is over; the question about the
# water that put it out is answered, while a fire still burning still starts the report.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("my smoker caught fire last night, I sprayed it with the garden hose till it was out and the sooty water went down the gutter. am I in trouble?", ANSWER),
        ("the brush pile caught fire, we put it out with buckets and the runoff went to the drain, is that a problem", ANSWER),
        ("the shed is on fire and the hose water is going into the storm drain, is that ok?", REPORT),
        ("the fire was out but my neighbor got hurt and the water went into the catch basin, is that ok?", REPORT),
    ],
)
def test_a_fire_told_as_put_out_is_no_emergency_but_a_burning_one_or_an_injury_is(text, expected):
    assert routed(text) == expected


# Issue 27 round 8: an emergency word the resident denies ("it's not a fire", "nobody got hurt")
# is no emergency; the same word affirmed still is.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("the crew is hosing the bridge deck for a parade and the water runs to the drains, is that ok since it's not a fire?", ANSWER),
        ("no danger to anyone, but is it allowed for the carnival to drain their dunk tank into the gutter?", ANSWER),
        ("the dumpster behind the diner is on fire and the water is running into the storm drain", REPORT),
        ("I think it's dangerous, the fumes from the catch basin are strong", REPORT),
    ],
)
def test_a_denied_emergency_word_is_no_emergency(text, expected):
    assert routed(text) == expected


# Issue 27 round 8: one's own practice told with "it's just water" argues that it is fine, which
# asks whether it is: the verdict comes first. An accident or someone else's discharge does not.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("emptying my horse trough onto the lane with a bilge pump, it is only clean well water", ANSWER),
        ("every week we hose down the loading dock into the yard drain, plain water, no detergent", ANSWER),
        ("I spilled a bucket into the gutter, it's just water", REPORT),
        ("the neighbor is draining his hot tub into the street right now, he says it's only water", REPORT),
    ],
)
def test_ones_own_practice_vouched_for_as_water_gets_the_verdict(text, expected):
    assert routed(text) == expected


# ---- issue 27 round 9: a habit told is answered, an accident told is reported -------------------


@pytest.mark.parametrize(
    "text",
    [
        "the laundromat's back room floods with groundwater and the owner just pumps it out to the alley drain",
        "my brother in law hoses the shop floor grease into the street every friday",
        "we keep draining the dehumidifier bucket into the catch basin out front",
    ],
)
def test_a_practice_told_without_a_question_gets_the_answer_first(text):
    assert routed(text) == ANSWER


@pytest.mark.parametrize(
    "text",
    [
        "we spilled a can of paint thinner on the driveway and it ran into the drain",
        "my car keeps leaking oil onto the driveway and it runs to the drain",
    ],
)
def test_an_accident_or_a_leak_told_without_a_question_still_starts_the_report(text):
    assert routed(text) == REPORT


@pytest.mark.parametrize(
    "text",
    [
        "every saturday i hose the sawdust off my driveway into the drain",
        "we melt the ice from the cooler on the sidewalk and it drains to the street",
        "the church pours the leftover water from the font out in the parking lot",
    ],
)
def test_a_practice_with_a_thing_nobody_listed_gets_the_answer_not_the_report(text):
    # a way of working told without a question, whatever the thing: answered ("not named" and
    # the general rule when the ordinance does not name it), never the spill form's 911 lines
    assert routed(text) == ANSWER


@pytest.mark.parametrize(
    "text",
    [
        "i spilled some grout on the patio, can i wash it into the drain?",
        "knocked over a jar of wood stain in the driveway, can we just hose it toward the street?",
        "we tipped over the mop bucket by the back door, ok to squeegee it out to the gutter?",
    ],
)
def test_ones_own_accident_with_leave_asked_to_let_it_out_gets_the_verdict_first(text):
    # whether it may go to the drain is the question: the verdict, then the offer to report
    assert routed(text) == ANSWER


@pytest.mark.parametrize(
    "text",
    [
        "the print shop wants to pour its fixer down the storm drain",
        "we are going to pump the old koi pond into the street next week",
        "my brother is planning to drain the waterbed out to the gutter",
    ],
)
def test_a_discharge_meant_not_done_gets_the_answer(text):
    # nothing is released yet: whether it may go is the answer, not the spill form's 911 lines
    assert routed(text) == ANSWER


@pytest.mark.parametrize("text", [
    "our septic is failing and the wet spot by the leach field runs to the ditch. are we breaking a rule till the septic guy comes?",
    "the cesspool behind the house is overflowing a bit, is that illegal for us until its pumped?",
    "septic backing up into the yard and down to the road. can i get fined while we wait for repairs?",
    # leave asked to go on as now is the law asked
    "the leach field is soggy and the wet spot by the curb seeps into the storm drain. can we keep using the septic until april",
])
def test_a_septic_report_that_asks_about_the_law_is_answered(text):
    assert spill_route.asks_the_law(text)


@pytest.mark.parametrize("text", [
    "my neighbor's cesspool is overflowing into the street",
    "I want to report a failing septic on Main St, it smells and runs into the road",
    "the septic behind the school is leaking sewage onto the field",
    "septic overflowing and my kid is sick from the fumes, is that legal?",  # someone may be in danger: the report
])
def test_a_septic_report_that_asks_nothing_of_the_law_stays_a_report(text):
    assert not spill_route.asks_the_law(text)


@pytest.mark.parametrize("text", [
    "the painter is hosing his brushes out at the curb right now. he says thats normal",
    "the landscaper is blowing the grass clippings into the storm drain, he told me its fine",
    "our contractor is washing the concrete truck chute in the street and claims it's totally legal",
])
def test_a_claim_that_it_is_fine_passed_on_is_answered(text):
    assert route(text, read_question(text)) == ANSWER


@pytest.mark.parametrize("text", [
    "the painter is hosing his brushes out at the curb right now",
    "someone is dumping oil in the storm drain on main st right now, he says he doesn't care",
])
def test_without_such_a_claim_someone_elses_discharge_going_on_is_reported(text):
    assert route(text, read_question(text)) == REPORT


@pytest.mark.parametrize("text", [
    "the landscaper's tanker sprays the median every night and it runs into the drains, is that legal or should i report it",
    "my neighbour keeps hosing the grease off his grill into the street. is that ok or should we complain?",
    "the school's bus washing goes right to the storm drain, is that allowed, or should i report it to someone?",
    # whether to report a practice, asked alone: whether it is wrong is asked
    "the church sprinklers soak the sidewalk every morning and it sheets into the catch basin. should i be reporting that",
])
def test_asking_whether_to_report_beside_a_law_question_gets_the_answer_first(text):
    assert route(text, read_question(text)) == ANSWER


@pytest.mark.parametrize("text", [
    "i want to report my neighbour dumping oil in the drain, is that even legal?",
    "should i report it? oil is pouring into the drain right now and theres smoke",
])
def test_a_request_to_report_or_an_emergency_beside_it_still_starts_the_report(text):
    assert route(text, read_question(text)) == REPORT


@pytest.mark.parametrize("text, expected", [
    ("the ambulance crew hoses out the rig on the apron every shift and it runs into the drain, is that ok?", ANSWER),
    ("the volunteer ambulance corps washes its trucks behind the firehouse, bleach and all, problem?", ANSWER),
    ("a man collapsed by the drain, call an ambulance, there is fuel everywhere", REPORT),
])
def test_an_ambulance_service_is_no_emergency_but_a_call_for_an_ambulance_is(text, expected):
    assert route(text, read_question(text)) == expected


@pytest.mark.parametrize("text", [
    "at close we dump the mop sink bucket out the back door into the lot drain, its mostly water anyway",
    "i hose the grill drippings off the patio into the street drain after every cookout",
    "we rinse the paint rollers at the curb, it goes down the grate",
])
def test_ones_own_way_of_working_told_in_the_present_gets_the_answer(text):
    assert route(text, read_question(text)) == ANSWER


@pytest.mark.parametrize("text", [
    "we dumped the paint thinner in the drain by mistake",
    "i spilled a can of oil and it went down the storm drain",
])
def test_ones_own_accident_told_in_the_past_still_starts_the_report(text):
    assert route(text, read_question(text)) == REPORT


@pytest.mark.parametrize("text", [
    "leftover punch from the block party, my brother in law says just pour the coolers in the storm drain",
    "the plumber told us to pump the flooded window well out to the street",
    "my dad says we should hose the chalk festival off into the catch basin",
])
def test_advice_to_let_it_out_passed_on_gets_the_answer(text):
    # nothing is out yet: whether the advice is lawful is the question, not a spill to report
    assert routed(text) == ANSWER


@pytest.mark.parametrize("text", [
    "my neighbor said the tank truck is leaking diesel into the storm drain right now",  # a report passed on
    "the super told me to report the oil in the catch basin",  # told to report: a report
])
def test_a_report_passed_on_is_no_advice(text):
    assert routed(text) == REPORT


@pytest.mark.parametrize("text, expected", [
    ("the coffee shop dumps its old grounds into the catch basin every night, it can't hurt anything can it", ANSWER),
    ("my brother hoses the sawdust into the gutter, it won't hurt the fish right", ANSWER),
    ("someone dumped chemicals in the storm drain and a kid got hurt", REPORT),  # an injury told
])
def test_hurt_denied_by_a_verb_is_no_emergency(text, expected):
    assert routed(text) == expected


# Round 41's lessons: a name that holds an emergency word and a use in -ing is no emergency; a
# plural subject's way of working is a practice to be answered.

def test_an_emergency_drinking_water_tank_is_a_name_not_an_emergency():
    text = "we drain the emergency drinking water storage tank once a year to the storm sewer. just city water, ok?"
    assert route(text, read_question(text)) == ANSWER


def test_a_plural_subjects_way_of_working_is_answered():
    text = "after games the players dump the ice chests of melted ice and juice at the curb into the storm drain"
    assert route(text, read_question(text)) == ANSWER


def test_an_emergency_going_on_and_a_spill_told_stay_reports():
    for text in ("the fire is spreading toward the storm drain", "there is oil in the storm drain on main st"):
        assert route(text, read_question(text)) == REPORT


# Round 43's lessons: a fire told as over ("there was a fire", "put out a little grass fire") is
# no emergency going on: its question is answered.

@pytest.mark.parametrize("text", [
    "there was a fire in the boat shed last week and the fire company hosed it for an hour into the storm drain. was that water allowed?",
    "a driver put out a little grass fire with his extinguisher and now powder is on the shoulder by the drain. is that ok?",
])
def test_a_fire_told_as_over_is_answered(text):
    assert route(text, read_question(text)) == ANSWER


def test_an_exploding_thing_named_by_its_game_is_no_explosion():
    text = "the kids did the exploding pumpkin thing in the driveway and want to hose the guts into the storm drain, ok?"
    assert route(text, read_question(text)) == ANSWER
    text = "the propane tank is exploding, fumes everywhere near the drain"
    assert route(text, read_question(text)) == REPORT


@pytest.mark.parametrize("text", [
    # someone else's discharge going on now, with "should i report this?": the verdict first, the offer after it
    "the pressure washing crew next door just emptied their dirty tank into the street and its running to the drain now. should i report this?",
    # a drain meant to be piped, the water's contents told, nothing asked in words: a plan, no spill
    "putting in a wash pad for the goats, i want to pipe its drain to the road ditch. the rinse will have some goat shampoo in it",
    # a fire told as over (a month ago): its words are no emergency
    "we had a garage fire a few weeks ago and now the cleanup company wants to power wash the soot off the siding into the street drain",
])
def test_a_question_or_a_plan_is_answered_not_reported(text):
    assert route(text, read_question(text)) == ANSWER


# Rounds 80-81's lessons: the resident's own letting out told without a question, whether to
# report asked in other words, the urgency of leave asked, are answered first.

@pytest.mark.parametrize("text", [
    # one's own doing, told as a statement: whether it may go is the answer
    "emptying our hydronic heating loop for the plumber, the water is dark and the hose goes to the gutter",
    "i swap out a third of the fish pond water every week through a pipe that ends at the curb",
    "we raked the pond scum out and i spread it by the street to dry, now the rain carries it into the drain",
    # whether to report, asked in other words
    "water has been seeping out of the lawn by the sidewalk for days into the drain, is it something i should report or leave it",
    # "its an emergency": the urgency of the leave asked, no danger told
    "the water heater split and flooded the basement with tap water, can i get permission to pump it to the street drain? its an emergency",
])
def test_ones_own_practice_whether_to_report_and_urgent_leave_are_answered(text):
    assert routed(text) == ANSWER


@pytest.mark.parametrize("text", [
    # one's own release, whether to report asked: the report form walks through its duties
    "i was pressure washing the patio and the rinse ran into the street drain, do i need to report that?",
    "we emptied the paint thinner into the drain by accident",  # a mishap: its duties are the report's
    "i need to report a spill",  # a request
    "emergency, the tank is leaking fumes and my son feels sick",  # danger told
])
def test_a_mishap_a_request_and_danger_still_start_the_report(text):
    assert routed(text) == REPORT


def test_a_septic_report_that_tells_a_dye_test_or_asks_whom_to_tell_is_answered():
    assert spill_route.asks_the_law("the inspector is running dye through our septic friday and will look for it at the curb drain")
    assert spill_route.asks_the_law("our cesspool is overflowing, do we have to notify the village?")
    assert not spill_route.asks_the_law("our cesspool is overflowing into the yard")


def test_ones_own_letting_out_heard_by_no_intent_is_answered():
    from stormwater.dialogue.unheard_report import names_a_discharge

    # heard by no intent, one's own letting out toward the drains is still answered
    assert names_a_discharge("im emptying our old hot tub for the move, the hose runs to the street drain")
    assert not names_a_discharge("im emptying the dishwasher")


def test_whether_to_report_texted_without_a_question_mark_is_answered():
    assert routed("the restaurant next door let its grease trap back up n some went in the catch basin should i report it") == ANSWER
