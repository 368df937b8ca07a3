"""The real-phrasings test set (tests/real_phrasings/questions.yml) is well formed and never trained on.

The set is written by someone who writes no training data (see tests/real_phrasings/SOURCES.md);
these tests keep it usable by ``bench/real_phrasings.py`` and keep its wording out of every
training input and out of the other held-out sets.
"""
import re
from pathlib import Path

import pytest
import yaml

from stormwater.store.paths import REPO_ROOT

QUESTIONS = REPO_ROOT / "tests/real_phrasings/questions.yml"
KINDS = {"discharge", "topic", "report", "other"}
VERDICTS = {"allowed", "conditional", "prohibited", "not_named", "clarify"}
FIRM = {"allowed", "conditional", "prohibited"}
REPORTS = {"spill", "septic", "dye_test", "illicit_discharge"}
VILLAGES = ("bayville", "poquott")
# Folders whose text must never contain one of these questions: training inputs and the other held-out sets.
GUARDED = ("data", "tests/nlu_heldout", "tests/verdict_questions")
TEXT_SUFFIXES = {".yml", ".yaml", ".md", ".txt", ".json", ".csv", ".py"}


@pytest.fixture(scope="module")
def items():
    return yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))


def normalise(text: str) -> str:
    """Lowercase, Rasa entity markup reduced to its words, punctuation and spaces folded."""
    text = re.sub(r"\[([^\]]*)\](\([^)]*\)|\{[^}]*\})", r"\1", text)
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def line_forms(line: str):
    """A line as written, and without a leading list marker or ``key:``, normalised."""
    forms = {normalise(line)}
    stripped = line.strip().lstrip("-").strip()
    forms.add(normalise(stripped))
    if ":" in stripped:
        forms.add(normalise(stripped.split(":", 1)[1]))
    return forms - {""}


def discharge_keys(entry) -> list:
    key = entry.get("discharge")
    return [] if key is None else list(key) if isinstance(key, list) else [key]


def test_the_set_has_at_least_300_items_with_unique_ids(items):
    assert len(items) >= 300
    ids = [item["id"] for item in items]
    assert len(ids) == len(set(ids))


def test_at_least_200_items_are_discharge_questions(items):
    assert sum(item["expect"]["kind"] == "discharge" for item in items) >= 200


def test_every_item_has_text_and_a_public_source(items):
    missing = [item["id"] for item in items if not str(item.get("text", "")).strip() or "http" not in str(item.get("source", ""))]
    assert not missing, f"items without text or a source address: {missing}"


def test_no_text_appears_twice(items):
    seen = {}
    for item in items:
        seen.setdefault(normalise(item["text"]), []).append(item["id"])
    assert not [ids for ids in seen.values() if len(ids) > 1]


def test_every_kind_is_known(items):
    assert {item["expect"]["kind"] for item in items} <= KINDS


def test_discharge_items_give_a_known_rule_key_and_verdict_per_village(items, villages):
    problems = []
    for item in items:
        expect = item["expect"]
        if expect["kind"] != "discharge":
            continue
        for slug in VILLAGES:
            entry = expect.get(slug)
            if not entry:
                problems.append(f"{item['id']}: no expectation for {slug}")
                continue
            if entry.get("verdict") not in VERDICTS:
                problems.append(f"{item['id']}/{slug}: verdict {entry.get('verdict')!r}")
            unknown = [key for key in discharge_keys(entry) if key not in villages[slug].rules]
            if unknown:
                problems.append(f"{item['id']}/{slug}: no rule {unknown} in data/villages/{slug}.yml")
            if entry.get("verdict") in FIRM and not discharge_keys(entry):
                problems.append(f"{item['id']}/{slug}: a firm verdict needs the rule it rests on")
    assert not problems, "\n".join(problems)


def test_verdicts_that_are_not_obvious_say_which_words_they_rest_on(items):
    unexplained = [
        f"{item['id']}/{slug}"
        for item in items
        if item["expect"]["kind"] == "discharge"
        for slug in VILLAGES
        if item["expect"][slug]["verdict"] in {"conditional", "not_named", "clarify"} and not item["expect"][slug].get("note")
    ]
    assert not unexplained, f"conditional / not_named / clarify without a note: {unexplained}"


def test_topic_and_report_items_name_a_known_topic_or_report(items, villages):
    problems = []
    for item in items:
        expect = item["expect"]
        if expect["kind"] == "topic" and not all(expect.get("topic") in villages[slug].topics for slug in VILLAGES):
            problems.append(f"{item['id']}: topic {expect.get('topic')!r}")
        if expect["kind"] == "report" and expect.get("report") not in REPORTS:
            problems.append(f"{item['id']}: report {expect.get('report')!r}")
    assert not problems, "\n".join(problems)


def guarded_lines():
    """Every normalised line (and line value) of the training inputs and the other held-out sets."""
    lines = {}
    for folder in GUARDED:
        root = REPO_ROOT / folder
        if not root.exists():
            continue
        for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES):
            for line in path.read_text(encoding="utf-8", errors="ignore").splitlines():
                for form in line_forms(line):
                    lines.setdefault(form, path.relative_to(REPO_ROOT))
    return lines


def test_no_question_shares_a_line_with_training_data_or_other_test_sets(items):
    lines = guarded_lines()
    assert lines, "found no guarded text at all: the folders moved?"
    leaked = [f"{item['id']} {item['text']!r} is in {lines[normalise(item['text'])]}" for item in items if normalise(item["text"]) in lines]
    assert not leaked, "never train on tests/real_phrasings (and keep held-out sets apart):\n" + "\n".join(leaked)


def test_the_leak_check_sees_through_rasa_markup_and_list_markers():
    forms = line_forms('    - can I drain my [pool](discharge) into the street?')
    assert normalise("Can I drain my pool into the street") in forms
    assert normalise("dog poop in the storm drain ok?") in line_forms('  text: "Dog poop in the storm drain, OK?"')
    assert normalise("can I drain my pool") not in line_forms("- can I drain my pool into the street")


# --- how bench/real_phrasings.py scores a reply ---

from bench.real_phrasings import Case, judge, load_cases  # noqa: E402


def answer(discharge, verdict, basis="rule", village="bayville"):
    return {"text": "...", "custom": {"type": "discharge_answer", "village": village, "discharge": discharge, "verdict": verdict, "basis": basis}}


def test_the_bench_loads_one_case_per_village_for_every_discharge_and_topic_item(items):
    cases = load_cases()
    counted = sum(item["expect"]["kind"] in {"discharge", "topic"} for item in items)
    assert {slug: len(cs) for slug, cs in cases.items()} == {"bayville": counted, "poquott": counted}
    assert len(load_cases(include_rewrites=False)["bayville"]) < counted


def test_a_firm_verdict_is_right_only_with_an_expected_key_and_the_same_verdict():
    case = Case("x", "bayville", "oily sump water", "discharge", ("sump_pump", "motor_oil"), "prohibited")
    assert judge(case, [answer("motor_oil", "prohibited")]).right
    assert not judge(case, [answer("pool_water", "prohibited")]).right
    wrong = judge(case, [answer("sump_pump", "conditional")])
    assert not wrong.right and wrong.contradicting


def test_clarify_is_right_when_the_bot_asks_without_a_firm_verdict():
    case = Case("x", "poquott", "car wash water?", "discharge", (), "clarify")
    asked = [{"text": "Whose car wash?", "buttons": [{"title": "my own car"}, {"title": "a fundraiser"}]}]
    assert judge(case, asked).right
    guessed = judge(case, [answer("car_wash_residential", "allowed", village="poquott")])
    assert not guessed.right and guessed.contradicting


def test_not_named_is_right_only_as_a_not_named_verdict():
    case = Case("x", "bayville", "furnace condensate to the street?", "discharge", (), "not_named")
    assert judge(case, [answer(None, "not_named", basis="general_rule")]).right
    # the payload says "not_named" for an unnamed discharge; a red badge on the general rule is wrong
    old_style = judge(case, [answer(None, "prohibited", basis="general_rule")])
    assert not old_style.right and old_style.contradicting
    named = judge(case, [answer("ac_condensate", "allowed")])
    assert not named.right and named.contradicting


def test_a_finer_rule_with_the_expected_verdict_is_right():
    # chlorinated_pool_water is pool water in the case "chlorinated" turns it into
    case = Case("x", "poquott", "chlorinated pool water to the drain?", "discharge", ("pool_water",), "prohibited")
    assert judge(case, [answer("chlorinated_pool_water", "prohibited", village="poquott")]).right
    sump = Case("x", "bayville", "oily sump water", "discharge", ("sump_pump", "motor_oil"), "prohibited")
    assert judge(sump, [answer("contaminated_sump_pump", "prohibited")]).right


def test_a_finer_rule_never_relaxes_the_expected_verdict():
    bay = Case("x", "bayville", "pool water to the drain?", "discharge", ("pool_water",), "conditional")
    wrong = judge(bay, [answer("chlorinated_pool_water", "prohibited")])
    assert not wrong.right and wrong.contradicting
    # a related key that no qualifier leads to is not a finer rule
    backwash = Case("x", "poquott", "pool water?", "discharge", ("pool_water",), "prohibited")
    assert not judge(backwash, [answer("pool_backwash", "prohibited", village="poquott")]).right
    unnamed = judge(Case("x", "poquott", "oily sump", "discharge", ("sump_pump",), "prohibited"),
                    [answer("contaminated_sump_pump", "not_named", basis="general_rule", village="poquott")])
    assert not unnamed.right and not unnamed.contradicting


def test_a_question_naming_the_other_village_is_judged_on_that_villages_answer():
    case = Case("x", "bayville", "is it ok to wash my car at home in Poquott", "discharge", ("car_wash_residential",), "allowed")
    assert judge(case, [answer("car_wash_residential", "allowed", village="poquott")]).right
    asked = judge(case, [{"text": "Which village?", "buttons": [{"title": "Bayville"}]}])
    assert asked.asked_only and not asked.right


def test_allowed_as_described_is_right_only_where_the_item_says_the_resident_vouches_for_the_condition():
    vouched = Case("x", "bayville", "pool tested at zero chlorine, ok?", "discharge", ("pool_water",), "conditional",
                   as_described="allowed")
    assert judge(vouched, [answer("pool_water", "allowed")]).right
    assert judge(vouched, [answer("pool_water", "conditional")]).right
    forbidden = judge(vouched, [answer("pool_water", "prohibited")])
    assert not forbidden.right and forbidden.contradicting
    plain = Case("x", "bayville", "pool water to the drain?", "discharge", ("pool_water",), "conditional")
    relaxed = judge(plain, [answer("pool_water", "allowed")])
    assert not relaxed.right and relaxed.contradicting


def test_the_vouched_items_are_few_and_say_why():
    vouched = [item["id"] for item in yaml.safe_load(QUESTIONS.read_text(encoding="utf-8")) if item["expect"]["kind"] == "discharge"
               for slug in ("bayville", "poquott") if item["expect"][slug].get("as_described")]
    assert vouched == ["rp124", "rp128", "rp259"]


def test_leave_one_out_takes_either_verdict_of_a_vouched_item():
    from bench.leave_one_out import judge as loo_judge
    assert loo_judge("conditional|allowed", "allowed") == "right"
    assert loo_judge("conditional|allowed", "prohibited") == "contradicting"
    assert loo_judge("conditional", "allowed") == "contradicting"
    assert loo_judge("clarify", "clarify") == "right" and loo_judge("not_named", None) == "honest"
