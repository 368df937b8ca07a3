"""Reading a resident's answers, and what follows from a report."""
from datetime import date, datetime, timezone

import pytest

from stormwater.understanding import form_reader
from stormwater.dialogue import guided_report as reports

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc)  # a Monday


@pytest.mark.parametrize(
    "text,expected",
    [("yes", "yes"), ("Yeah", "yes"), ("y", "yes"), ("yes it did", "yes"), ("no", "no"), ("Nope.", "no"),
     ("no it didn't", "no"), ("not sure", "unsure"), ("I don't know", "unsure"), ("idk", "unsure"),
     ("purple", None), ("", None), ("the corner of main st", None)],
)
def test_yes_no(text, expected):
    assert form_reader.yes_no(text) == expected


@pytest.mark.parametrize(
    "text,expected",
    [("516-555-0199", "(516) 555-0199"), ("(631) 555 0123", "(631) 555-0123"), ("call me at 1 516 555 0100", "(516) 555-0100"),
     ("none", "none"), ("skip", "none"), ("no phone", "none"), ("555-0199", None), ("banana", None)],
)
def test_phone_answer(text, expected):
    assert form_reader.phone_answer(text) == expected


@pytest.mark.parametrize("text", ["anonymous", "I'd rather not say", "skip", "prefer not to give my name"])
def test_anonymous(text):
    assert form_reader.is_anonymous(text)


def test_a_name_is_not_anonymous():
    assert not form_reader.is_anonymous("Pat O'Brien")


def test_questions_per_kind():
    assert reports.questions_for("spill")[0] == "responsible"
    assert reports.questions_for("spill")[-2:] == ("reporter_name", "reporter_phone")
    assert "test_when" in reports.questions_for("dye_test")
    assert set(reports.FORM_SLOTS) >= {"material", "location", "handoff_question"}


def test_someone_elses_spill_is_an_illicit_discharge_report():
    assert reports.filed_kind("spill", "no") == "illicit_discharge"
    assert reports.filed_kind("spill", "yes") == "spill"
    assert reports.filed_kind("spill", "unsure") == "spill"


def test_nonhazardous_spill_gets_the_ordinance_deadlines(bayville):
    answers = {"responsible": "yes", "material": "grass clippings", "commercial": "no"}
    result = reports.assess("spill", answers, bayville, datetime(2026, 11, 27, 16, 0), NOW)
    # Discovered Friday 11/27 -> notify by Monday 11/30 -> written by Thursday 12/3.
    assert (result.hazardous, result.notify_by, result.written_by) == (False, date(2026, 11, 30), date(2026, 12, 3))
    assert result.discharges == ("yard_waste",) and not result.keep_records


@pytest.mark.parametrize(
    "material, hazard",
    [("motor oil", None), ("paint thinner", None), ("raw sewage", None), ("no idea what it is", "unsure"), ("pond water", "yes")],
)
def test_hazardous_or_possibly_hazardous_material_gets_no_deadline(poquott, material, hazard):
    result = reports.assess("spill", {"responsible": "yes", "material": material, "hazard": hazard}, poquott, None, NOW)
    assert result.hazardous and result.notify_by is None and result.written_by is None


@pytest.mark.parametrize(
    "material, hazard",
    [("muddy pond water, some algae and fish waste, no chemicals", "no"), ("muddy pond water, no chemicals", None),
     ("something brown, not oil", "no")],
)
def test_a_denied_or_unknown_material_is_not_hazardous_by_itself(bayville, material, hazard):
    result = reports.assess("spill", {"responsible": "yes", "material": material, "hazard": hazard}, bayville,
                            datetime(2026, 11, 27, 16, 0), NOW)
    assert not result.hazardous and result.notify_by == date(2026, 11, 30) and "solvents" not in result.discharges


def test_the_hazard_question_comes_from_the_village_file(poquott, bayville):
    assert "§ 132-3" in reports.hazard_question(poquott) and "infectious characteristics" in reports.hazard_question(poquott)
    assert reports.hazard_question(bayville) == reports.DEFAULT_HAZARD_QUESTION
    assert "132-3" not in reports.hazard_question(None)


def test_reporting_someone_else_carries_no_deadline_for_the_reporter(poquott):
    result = reports.assess("spill", {"responsible": "no", "material": "soapy water"}, poquott, None, NOW)
    assert not result.hazardous and result.notify_by is None


def test_commercial_source_keeps_records(bayville):
    answers = {"responsible": "yes", "material": "soapy water", "commercial": "yes"}
    assert reports.assess("spill", answers, bayville, None, NOW).keep_records


def test_transcript_from_events():
    events = [
        {"event": "user", "text": "oil in the drain", "timestamp": 1.0},
        {"event": "action", "name": "action_listen"},
        {"event": "bot", "text": "Call 911 now.", "timestamp": 2.0},
        {"event": "bot", "text": None},
    ]
    assert reports.transcript_from_events(events) == [
        {"who": "resident", "text": "oil in the drain", "at": 1.0},
        {"who": "bot", "text": "Call 911 now.", "at": 2.0},
    ]


@pytest.mark.parametrize(
    "text", ["cancel", "Stop", "never mind", "nvm!", "please cancel this", "hold on, I don't want to do this report after all",
             "forget about the whole thing", "ok forget it", "I changed my mind"]
)
def test_cancel_words(text):
    assert reports.is_cancel(text)


@pytest.mark.parametrize("text", ["the Stop & Shop parking lot", "bus stop on Main St", "stop sign at Shore Rd", "no", "report it",
                                  "I'd rather not", "no thanks", "I forget the address"])
def test_answers_that_are_not_cancel(text):
    assert not reports.is_cancel(text)
