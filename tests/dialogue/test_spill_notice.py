"""Issue 14 items 2, 3, 4 and 9: the filed-report replies say what each village's spill provision
says, rendered through stormwater.dialogue.replies and the real bot/domain.yml templates."""
from datetime import date

import pytest
import yaml

from stormwater.store.paths import REPO_ROOT
from stormwater.dialogue.replies import report_replies
from stormwater.dialogue.guided_report import Assessment
from stormwater.reports.ticket_store import file_ticket
from stormwater.store.settings import LETTER_PATH


def LETTER_URL(token):
    """The letter's address, as the settings give it."""
    return f"https://help.example.org{LETTER_PATH}{token}"


RESPONSES = yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text())["responses"]


def fold(text):
    return " ".join(text.split())


def rendered(village, ticket, assessment):
    replies = report_replies(village, ticket, assessment, village.topics["spill_rules"].summary, LETTER_URL)
    return {r.response: RESPONSES[r.response][0]["text"].format(**r.values) for r in replies}


def filed(db, village, hazardous=False, kind="spill"):
    deadlines = {} if hazardous or kind != "spill" else {"notify_by": date(2026, 12, 1), "written_by": date(2026, 12, 4)}
    ticket = file_ticket(db, village=village.slug, kind=kind, channel="web", hazardous=hazardous, fields={},
                         location="12 Main St", discovered_at=None, reporter_name=None, reporter_phone=None, **deadlines)
    assessment = Assessment((), hazardous, deadlines.get("notify_by"), deadlines.get("written_by"), False)
    return ticket, assessment


def test_poquotts_text_names_the_municipality_not_the_smo(poquott):
    text = fold(poquott.ordinance_text())
    assert "said person shall notify the municipality in person or by telephone or facsimile" in text
    assert "confirmed by written notice addressed and mailed to the municipality" in text
    assert "The Incorporated Village of Poquott." in text  # the definition of municipality


def test_poquott_deadlines_name_the_municipality(db, poquott):
    texts = rendered(poquott, *filed(db, poquott))
    deadlines = texts["utter_report_filed_steps"]
    assert 'Notify the Village of Poquott (the ordinance says "the municipality")' in deadlines
    assert "written confirmation to the Incorporated Village of Poquott" in deadlines
    assert "SMO" not in deadlines and "Stormwater Management Officer" not in deadlines
    assert poquott.contact("clerk")["phone"] in deadlines
    assert "Please notify the SMO" not in " ".join(texts.values())
    assert "This report does not replace the notice the ordinance requires" in deadlines


def test_bayville_deadlines_name_the_smo(db, bayville):
    assert "said person shall notify the SMO in person, by telephone or by facsimile" in fold(bayville.ordinance_text())
    texts = rendered(bayville, *filed(db, bayville))
    assert "Notify the Stormwater Management Officer (SMO)" in texts["utter_report_filed_steps"]
    assert bayville.contact("smo")["phone"] in texts["utter_report_filed_steps"]
    assert "written confirmation to the Stormwater Management Officer" in texts["utter_report_filed_steps"]


def test_poquott_hazardous_release_requires_only_emergency_dispatch(db, poquott):
    text = fold(poquott.ordinance_text())
    assert ("In the event of such a release of hazardous materials, said person shall immediately notify emergency "
            "response agencies of the occurrence via emergency dispatch services. In the event of a release of "
            "nonhazardous") in text
    texts = rendered(poquott, *filed(db, poquott, hazardous=True))
    everything = " ".join(texts.values())
    assert "notify the SMO" not in everything and "Please notify" not in everything
    assert "emergency dispatch (911)" in texts["utter_spill_dispatch_only"]
    assert "utter_report_filed_steps" not in texts


def test_bayville_hazardous_release_then_smo_police_and_clerk(db, bayville):
    assert ("and, immediately thereafter, the SMO, the Village Police Department, and the Village Clerk."
            in fold(bayville.ordinance_text()))
    texts = rendered(bayville, *filed(db, bayville, hazardous=True))
    after = texts["utter_spill_after_dispatch"]
    assert "the Village Police Department and the Village Clerk" in after
    for role in ("smo", "police", "clerk"):
        assert bayville.contact(role)["phone"] in after


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_written_confirmation_only_after_in_person_or_phone_notice(db, villages, slug):
    village = villages[slug]
    texts = rendered(village, *filed(db, village))
    steps = texts["utter_report_filed_steps"]
    assert "2. After a notice in person or by phone, mail a written confirmation" in steps
    assert "A notice by fax needs no written confirmation" in steps


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_business_days_are_explained_with_the_calendar_and_a_number_to_call(db, villages, slug):
    village = villages[slug]
    text = rendered(village, *filed(db, village))["utter_report_filed_steps"]
    assert 'does not define "business day"' in text
    assert "the federal holiday calendar plus the village's listed closures" in text
    assert "if the office was closed on a day I counted" in text
    assert village.contact(village.spill_notice.contact)["phone"] in text


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_state_hotline_for_hazardous_releases_without_an_invented_deadline(db, villages, slug):
    village = villages[slug]
    text = rendered(village, *filed(db, village, hazardous=True))["utter_spill_state_hotline"]
    assert "1-800-457-7362" in text and "other than petroleum" in text
    assert "hour" not in text and "within" not in text
    petroleum = RESPONSES["utter_spill_petroleum_state_law"][0]["text"]
    assert "immediately, and no later than two hours after the discharge" in petroleum and "Navigation Law § 175" in petroleum


def test_a_dye_test_notice_points_to_the_smo(db, poquott):
    texts = rendered(poquott, *filed(db, poquott, kind="dye_test"))
    assert poquott.contact("smo")["phone"] in texts["utter_dye_test_not_a_notice"]
    assert "before the test" in texts["utter_dye_test_not_a_notice"]


@pytest.mark.parametrize("today,said", [(date(2026, 12, 1), False), (date(2026, 12, 2), True)])
def test_a_notice_deadline_already_behind_us_is_said_to_have_passed(db, poquott, today, said):
    ticket, assessment = filed(db, poquott)  # notice due December 1, 2026
    replies = report_replies(poquott, ticket, assessment, poquott.topics["spill_rules"].summary, LETTER_URL, today=today)
    passed = [r.text for r in replies if r.response == "notice_deadline_passed"]
    assert bool(passed) is said
    if said:
        assert passed[0].startswith("That day has already passed") and poquott.contact("clerk")["phone"] in passed[0]
