"""The blind typed-report sets (tests/blind_typed_reports/ to tests/blind_typed_reports6/) are
whole, held out, and their checker can fail.

The set is played on the real services only by ``bench.typed_reports`` (docs/benchmarks.md);
these tests check the file and the comparison without starting anything, and name no
conversation's words.
"""
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bench.typed_report_sets import DEFAULT_SET, command_for, conversations_file, section_for
from bench.typed_reports import CONVERSATIONS, FIELDS, check_discovered, check_text, compare, load
from stormwater.store.paths import REPO_ROOT

MIN_CONVERSATIONS = 45
ROUND_2 = REPO_ROOT / "tests/blind_typed_reports2"
ROUND_3 = REPO_ROOT / "tests/blind_typed_reports3"
ROUND_4 = REPO_ROOT / "tests/blind_typed_reports4"
ROUND_5 = REPO_ROOT / "tests/blind_typed_reports5"
ROUND_6 = REPO_ROOT / "tests/blind_typed_reports6"
# Each set and the least it must hold; rounds 2 to 6 also name a public source per conversation.
SETS = {"first": (CONVERSATIONS, MIN_CONVERSATIONS, False), "round2": (ROUND_2 / "conversations.yml", 30, True),
        "round3": (ROUND_3 / "conversations.yml", 40, True), "round4": (ROUND_4 / "conversations.yml", 44, True),
        "round5": (ROUND_5 / "conversations.yml", 44, True), "round6": (ROUND_6 / "conversations.yml", 44, True)}
SHORT_WORDS = 6  # stock openings ("I want to report a spill") are what everyone types
NEEDED = ("kind", "responsible", "hazardous", "material", "location", "amount", "discovered", "name", "phone",
          "notify_by", "written_by")


def _normalised(line):
    return " ".join(line.strip().strip("-").strip().strip("\"'").lower().split())


def _resident_lines(conversations):
    for conversation in conversations:
        yield from conversation.get("turns") or []
        for answer in (conversation.get("answers") or {}).values():
            yield from answer if isinstance(answer, list) else [answer]


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_set_exists_and_every_conversation_says_the_ticket_meant(name):
    path, least, sourced = SETS[name]
    assert path.is_file(), f"{path.relative_to(REPO_ROOT)} is missing"
    now, _, conversations = load(path)
    assert now.tzinfo is not None, "the fixed clock needs its UTC offset"
    assert len(conversations) >= least
    assert len({c["id"] for c in conversations}) == len(conversations), "ids must be unique"
    assert {c["village"] for c in conversations} == {"bayville", "poquott"}
    assert set(NEEDED) <= set(FIELDS)
    for conversation in conversations:
        missing = [key for key in NEEDED if key not in conversation["expect"]]
        assert not missing, (conversation["id"], missing)
        assert not sourced or str(conversation.get("source", "")).startswith("http"), conversation["id"]


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_set_shares_no_line_with_the_training_and_knowledge_data(name):
    found = set()
    for path in (REPO_ROOT / "data").rglob("*"):
        if path.is_file() and path.suffix in (".yml", ".yaml", ".txt", ".md", ".json"):
            found |= {_normalised(line) for line in path.read_text(encoding="utf-8", errors="replace").splitlines()}
    _, _, conversations = load(SETS[name][0])
    typed = {_normalised(str(line)) for line in _resident_lines(conversations) if len(str(line).split()) > SHORT_WORDS}
    shared = typed & found
    assert not shared, f"{len(shared)} typed lines of the blind set also occur under data/"


def _assert_repeats_none(earlier, later):
    """No id, no longer line and no opening of ``later`` is one of ``earlier``'s."""
    assert not {c["id"] for c in earlier} & {c["id"] for c in later}
    opening = {_normalised(c["turns"][0]) for c in earlier if c.get("turns")}
    typed = {_normalised(str(line)) for line in _resident_lines(later) if len(str(line).split()) > SHORT_WORDS}
    assert not typed & {_normalised(str(line)) for line in _resident_lines(earlier)}
    assert not {_normalised(c["turns"][0]) for c in later if c.get("turns")} & opening


def test_round_2_repeats_no_conversation_of_the_first_set():
    _assert_repeats_none(load(CONVERSATIONS)[2], load(SETS["round2"][0])[2])


@pytest.mark.parametrize("earlier", ["first", "round2"])
def test_round_3_repeats_no_conversation_of_an_earlier_set(earlier):
    _assert_repeats_none(load(SETS[earlier][0])[2], load(SETS["round3"][0])[2])


@pytest.mark.parametrize("earlier", ["first", "round2", "round3"])
def test_round_4_repeats_no_conversation_of_an_earlier_set(earlier):
    _assert_repeats_none(load(SETS[earlier][0])[2], load(SETS["round4"][0])[2])


@pytest.mark.parametrize("earlier", ["first", "round2", "round3", "round4"])
def test_round_5_repeats_no_conversation_of_an_earlier_set(earlier):
    _assert_repeats_none(load(SETS[earlier][0])[2], load(SETS["round5"][0])[2])


@pytest.mark.parametrize("earlier", ["first", "round2", "round3", "round4", "round5"])
def test_round_6_repeats_no_conversation_of_an_earlier_set(earlier):
    _assert_repeats_none(load(SETS[earlier][0])[2], load(SETS["round6"][0])[2])


def _assert_mixes_what_residents_do(conversations):
    expects = [c["expect"] for c in conversations]
    share = len(expects)
    assert 3 * sum(1 for e in expects if e["kind"] == "spill") >= share, "the resident's own spills"
    assert 3 * sum(1 for e in expects if e["kind"] == "illicit_discharge") >= share, "someone else's dumping"
    assert 5 * sum(1 for e in expects if e["notify_by"]) >= share, "business-day deadlines"
    assert 4 * sum(1 for e in expects if e["hazardous"]) >= share, "emergencies"
    assert {c["village"] for c in conversations if c["expect"]["notify_by"]} == {"bayville", "poquott"}
    assert sum(1 for c in conversations if c.get("withdraws_contact")) >= 4
    assert sum(1 for c in conversations if len(c.get("turns") or []) >= 3) >= 2, "withdrawals followed by a restart"


def test_round_3_keeps_set_2s_clock_and_mixes_what_residents_do():
    now2, _, _ = load(SETS["round2"][0])
    now3, _, conversations = load(SETS["round3"][0])
    assert now3 == now2
    _assert_mixes_what_residents_do(conversations)


def _assert_halves_weekends_and_contact(now, conversations):
    villages = [c["village"] for c in conversations]
    assert villages.count("bayville") == villages.count("poquott"), "half Bayville, half Poquott"
    assert all(c.get("place_source", "http").startswith("http") for c in conversations)
    # own nonhazardous discoveries from Friday evening to Sunday all fall due on the clock's Monday
    weekend = [c for c in conversations if c["expect"]["notify_by"] and c["expect"].get("discovered")
               and date.fromisoformat(str(c["expect"]["discovered"]["date"])).weekday() >= 4]
    assert len(weekend) >= 3 and {str(c["expect"]["notify_by"]) for c in weekend} == {now.date().isoformat()}
    assert sum(1 for c in conversations if c["expect"]["name"] is None) >= 4, "reports without a name"
    assert sum(1 for c in conversations if c["expect"]["phone"] is None) >= 4, "reports without a phone"
    assert len({c.get("withdraws_contact") for c in conversations} - {None}) >= 4, "don't contact me, at different points"


def test_round_4_keeps_set_3s_clock_and_mixes_what_residents_do():
    now3, _, _ = load(SETS["round3"][0])
    now4, _, conversations = load(SETS["round4"][0])
    assert now4 == now3
    _assert_mixes_what_residents_do(conversations)
    _assert_halves_weekends_and_contact(now4, conversations)


# Fields asked before the phone: a "don't contact me" typed there must hold for the phone question.
BEFORE_THE_PHONE = {"responsible", "material", "hazard", "location", "discovered", "reached_drain", "commercial",
                    "amount", "reporter_name"}


def test_round_5_keeps_set_4s_clock_and_covers_what_earlier_sets_covered_little():
    now4, _, _ = load(SETS["round4"][0])
    now5, _, conversations = load(SETS["round5"][0])
    assert now5 == now4
    _assert_mixes_what_residents_do(conversations)
    _assert_halves_weekends_and_contact(now5, conversations)
    withdrawn = {c.get("withdraws_contact") for c in conversations} - {None}
    assert len(withdrawn & BEFORE_THE_PHONE) >= 4, "nobody contact me, before the phone question"
    assert all(c["expect"]["phone"] is None for c in conversations if c.get("withdraws_contact"))
    # a house number or street corrected at the read-back: the ticket meant must not keep the wrong one
    corrected = [c for c in conversations if str((c.get("answers") or {}).get("change", "")).startswith("the place")]
    assert len(corrected) >= 3 and all(c["expect"]["location"].get("none") for c in corrected), "read-back corrections"
    assert sum(1 for c in conversations if "offer" in (c.get("answers") or {})) >= 4, "reports that begin as questions"


def _assert_covers_contact_corrections_and_questions(conversations):
    withdrawn = {c.get("withdraws_contact") for c in conversations} - {None}
    assert len(withdrawn & BEFORE_THE_PHONE) >= 4, "nobody contact me, before the phone question"
    assert all(c["expect"]["phone"] is None for c in conversations if c.get("withdraws_contact"))
    # a house number or street corrected at the read-back: the ticket meant must not keep the wrong one
    corrected = [c for c in conversations if str((c.get("answers") or {}).get("change", "")).startswith("the place")]
    assert len(corrected) >= 3 and all(c["expect"]["location"].get("none") for c in corrected), "read-back corrections"
    assert sum(1 for c in conversations if "offer" in (c.get("answers") or {})) >= 4, "reports that begin as questions"


def test_round_6_keeps_set_5s_clock_and_covers_what_residents_type():
    now5, _, _ = load(SETS["round5"][0])
    now6, _, conversations = load(SETS["round6"][0])
    assert now6 == now5
    _assert_mixes_what_residents_do(conversations)
    _assert_halves_weekends_and_contact(now6, conversations)
    _assert_covers_contact_corrections_and_questions(conversations)
    # a correction typed right after the opening, before any question (a second turn that is not a restart)
    assert any(len(c.get("turns") or []) == 2 for c in conversations), "a correction in the turns"
    # own nonhazardous spills dated from a weekday as well as from the weekend, in both villages
    dated = [c for c in conversations if c["expect"]["notify_by"]]
    assert {str(c["expect"]["notify_by"]) for c in dated} - {now6.date().isoformat()}, "weekday discoveries"


@pytest.mark.parametrize("name", sorted(SETS))
def test_deadlines_are_meant_only_for_the_residents_own_nonhazardous_spills(name):
    now, _, conversations = load(SETS[name][0])
    for conversation in conversations:
        expect = conversation["expect"]
        assert (expect["kind"] == "spill") == (str(expect["responsible"]) != "no"), conversation["id"]
        dated = expect["kind"] == "spill" and not expect["hazardous"]
        assert bool(expect["notify_by"]) == bool(expect["written_by"]) == dated, conversation["id"]
        if dated:
            notify, written = (date.fromisoformat(str(expect[d])) for d in ("notify_by", "written_by"))
            assert notify.weekday() < 5 and written.weekday() < 5 and notify < written, conversation["id"]
            assert 3 <= (written - notify).days <= 5, conversation["id"]
            if expect.get("discovered"):
                assert date.fromisoformat(str(expect["discovered"]["date"])) < notify, conversation["id"]
        if expect.get("discovered"):
            assert date.fromisoformat(str(expect["discovered"]["date"])) <= now.date(), conversation["id"]


def test_a_set_is_named_by_its_folder_or_file_and_gets_its_own_section():
    assert conversations_file(DEFAULT_SET) == CONVERSATIONS
    assert conversations_file(Path("tests/blind_typed_reports2")) == conversations_file(ROUND_2 / "conversations.yml")
    assert "set `" not in section_for(DEFAULT_SET)
    assert section_for(ROUND_2).endswith("set `tests/blind_typed_reports2`")
    assert section_for(ROUND_2) != section_for(DEFAULT_SET)
    assert section_for(ROUND_4).endswith("set `tests/blind_typed_reports4`") and section_for(ROUND_4) != section_for(ROUND_3)
    assert section_for(ROUND_5).endswith("set `tests/blind_typed_reports5`") and section_for(ROUND_5) != section_for(ROUND_4)
    assert section_for(ROUND_6).endswith("set `tests/blind_typed_reports6`") and section_for(ROUND_6) != section_for(ROUND_5)
    assert command_for(ROUND_2).endswith("--set tests/blind_typed_reports2")
    with pytest.raises(SystemExit):
        conversations_file(REPO_ROOT / "tests/no_such_typed_set")


def test_a_place_cut_short_or_padded_is_a_miss():
    meant = {"all": ["deli", "bayville ave"], "words": "behind the deli on bayville ave"}
    assert check_text("behind the deli on Bayville Avenue", meant, place=True) is None
    assert check_text("Bayville Ave", meant, place=True) == "missing deli"
    assert check_text("behind the deli on Bayville Ave, I saw it yesterday", meant, place=True).startswith("extra words")


def test_a_material_replaced_or_with_its_negation_eaten_is_a_miss():
    assert check_text("idea what's in them, brown liquid", {"any": ["brown liquid"], "none": ["^idea"]}) == "holds '^idea'"
    assert check_text("washing machine water", {"any": ["wash water"], "none": ["washing machine"]}) is not None
    assert check_text("rinse water", {"any": ["rinse water"], "none": ["washing machine"]}) is None


def test_a_time_outside_the_meant_window_is_a_miss():
    new_york = ZoneInfo("America/New_York")
    meant = {"date": "2026-06-08", "between": ["15:30", "16:30"]}
    assert check_discovered(datetime(2026, 6, 8, 16, 0, tzinfo=new_york), meant) is None
    assert check_discovered(datetime(2026, 6, 8, 4, 0, tzinfo=new_york), meant).startswith("time")
    assert check_discovered(None, meant) == "no time read"


def test_a_day_filed_with_time_not_given_is_checked_on_its_date_only():
    new_york = ZoneInfo("America/New_York")
    meant = {"date": "2026-06-08", "between": ["15:30", "16:30"]}
    assert check_discovered(datetime(2026, 6, 8, 0, 0, tzinfo=new_york), meant, hour_given=False) is None
    assert check_discovered(datetime(2026, 6, 7, 0, 0, tzinfo=new_york), meant, hour_given=False).startswith("date")


def test_every_field_of_a_ticket_is_compared():
    expect = {"kind": "spill", "responsible": "yes", "hazardous": False, "material": {"any": ["soap"]},
              "location": {"all": ["12 oak ln"], "words": "12 oak ln"}, "amount": {"any": ["bucket"]},
              "discovered": {"date": "2026-06-08"}, "name": None, "phone": "5165550100",
              "notify_by": "2026-06-09", "written_by": "2026-06-12"}
    ticket = {"kind": "spill", "hazardous": 0, "location": "12 Oak Lane", "discovered_at": "2026-06-08T19:00:00+00:00",
              "reporter_name": "anonymous", "reporter_phone": "(516) 555-0100", "notify_by": "2026-06-09",
              "written_by": "2026-06-12", "fields": '{"responsible": "yes", "material": "soapy water", "amount": "a bucket"}'}
    assert compare(ticket, expect) == {}
    wrong = dict(ticket, kind="illicit_discharge", hazardous=1, reporter_name="Dana Cruz", reporter_phone=None,
                 notify_by=None, written_by=None, location="Oak Lane",
                 fields='{"responsible": "unsure", "material": "rainwater", "amount": "not sure"}', discovered_at=None)
    assert set(compare(wrong, expect)) == set(NEEDED)
