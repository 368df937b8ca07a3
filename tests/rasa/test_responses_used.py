"""Every response in bot/domain.yml is sent by something: the check Rasa's own cannot make.

Rasa's validation sees only rules and stories, so it calls "not used" every response a custom
action or the report form sends (and the launcher and the build keep that warning out of the
console, ops/console.py). This finds each response's sender instead: a rule, the form asking
for one of its slots (``utter_ask_<slot>``), or a name in the code of actions/ or stormwater/,
an f-string such as ``f"utter_discharge_{verdict}"`` standing for every name it can make.
"""
import re

import yaml

from stormwater.store.paths import REPO_ROOT

NAME = re.compile(r"""f?(["'])(utter_[^"'\s]*)\1""")


def domain():
    return yaml.safe_load((REPO_ROOT / "bot/domain.yml").read_text())


def names_in_code():
    """Response names in the code, each as a pattern (an f-string's fields match any word)."""
    patterns = set()
    for folder in ("actions", "stormwater"):
        for path in (REPO_ROOT / folder).rglob("*.py"):
            for _, name in NAME.findall(path.read_text()):
                parts = re.split(r"\{[^}]*\}", name)
                patterns.add(re.compile(r"\w+".join(re.escape(p) for p in parts) + r"\Z"))
    return patterns


def names_in_rules():
    rules = yaml.safe_load((REPO_ROOT / "bot/rules.yml").read_text())["rules"]
    return {step["action"] for rule in rules for step in rule["steps"] if "action" in step}


def unused_responses(found):
    asks = {f"utter_ask_{slot}" for slot in found["slots"]}
    in_rules, in_code = names_in_rules(), names_in_code()
    return sorted(
        name for name in found["responses"]
        if name not in in_rules and name not in asks and not any(p.match(name) for p in in_code)
    )


def test_every_response_is_sent_by_a_rule_the_report_form_or_the_code():
    assert unused_responses(domain()) == []


def test_the_check_finds_a_response_nothing_sends():
    found = domain()
    found["responses"]["utter_nobody_sends_this"] = [{"text": "unused"}]
    assert unused_responses(found) == ["utter_nobody_sends_this"]


def test_f_strings_in_the_code_stand_for_the_names_they_make():
    assert any(p.match("utter_discharge_conditional") for p in names_in_code())
    assert not any(p.match("utter_discharge") for p in names_in_code())
