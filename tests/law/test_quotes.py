"""Every quote is the ordinance's own words, and every section number is one the text carries."""
import re
from pathlib import Path

import pytest
import yaml

from stormwater.law.villages import load_villages
from stormwater.store.paths import REPO_ROOT


def fold(text):
    return " ".join(text.replace("’", "'").split())


def all_passages(village):
    entries = [("general_rule", village.general_rule)]
    entries += [(f"caveat {i}", c) for i, c in enumerate(village.exemption_caveats)]
    entries += [(f"rule {k}", r) for k, r in village.rules.items()]
    entries += [(f"topic {k}", t) for k, t in village.topics.items()]
    for where, entry in entries:
        for passage in entry.passages:
            yield where, entry, passage


def all_summaries(village):
    yield village.general_rule.summary
    yield from (c.summary for c in village.exemption_caveats)
    yield from (r.summary for r in village.rules.values())
    yield from (t.summary for t in village.topics.values())


PASSAGES = [(v.slug, where, p) for v in load_villages().values() for where, _, p in all_passages(v)]


@pytest.mark.parametrize("slug,where,passage", PASSAGES, ids=[f"{s}-{w}-{i}" for i, (s, w, _) in enumerate(PASSAGES)])
def test_quote_is_verbatim(villages, slug, where, passage):
    text = fold(villages[slug].ordinance_text())
    assert fold(passage.quote) in text, f"{slug} {where}: quote not in the ordinance: {passage.quote!r}"


def test_there_are_many_quotes():
    # Guards the parametrisation above against silently checking nothing.
    assert len(PASSAGES) >= 60


# A section number as cited: "§ 63A-5B(1)", "§ 132-3", "§§ 63A-6" (never Navigation Law § 175).
CITED_NUMBER = re.compile(r"§§?\s*(\d+[A-Z]?-\d+(?:[A-Z](?:\(\d+\))?)?)")
# A passage in double quotes: the text's own words when they are verbatim in an ordinance.
QUOTED = re.compile(r'"[^"\n]*"|“[^”]*”|\\"[^"]*?\\"')
# Everything the help desk says or documents: data, the bot's responses, letters, docs, code.
CITING_FILES = ["data/villages/*.yml", "data/discharges.yml", "data/messages.yml", "bot/domain.yml",
                "web/templates/**/*.html", "docs/*.md", "README.md", "stormwater/**/*.py", "actions/**/*.py",
                "web/**/*.py"]
REPO = Path(__file__).resolve().parents[2]


def raw_village(slug):
    return yaml.safe_load((REPO / "data" / "villages" / f"{slug}.yml").read_text())


def carried_sections(village):
    """The numbers a village file says its text carries, each with the line that proves it."""
    return raw_village(village.slug)["ordinance"]["carried_sections"]


@pytest.mark.parametrize("slug", ["bayville", "poquott"])
def test_each_carried_number_is_proved_by_a_line_of_the_text(villages, slug):
    village = villages[slug]
    text = fold(village.ordinance_text())
    entries = carried_sections(village)
    assert entries
    for entry in entries:
        line = fold(entry["line"])
        assert line in text, f"{slug} {entry['number']}: proving line not in the text: {line!r}"
        if entry.get("derived"):
            # Derived, not printed: the reason names the printed numbers it is derived from.
            assert CITED_NUMBER.search(entry["derived"]) or "Subsection" in entry["derived"], entry
        else:
            assert entry["number"] in line, f"{slug}: {entry['number']} is not printed in {line!r}"


def test_poquott_carries_no_number_for_its_prohibition(poquott):
    # Issue 33: the text prints "§ 132-7" for two different passages, so no number is derived.
    numbers = {e["number"] for e in carried_sections(poquott)}
    assert numbers == {"§ 132-3"}


def uncited(text, ordinance_texts):
    """``text`` without the passages it quotes verbatim from an ordinance."""
    def drop(match):
        inner = fold(match.group(0).strip('"“”\\'))
        return "" if any(inner and inner in t for t in ordinance_texts) else match.group(0)
    return QUOTED.sub(drop, text)


def citing_files():
    seen = set()
    for pattern in CITING_FILES:
        for path in sorted(REPO.glob(pattern)):
            if path not in seen and path.is_file():
                seen.add(path)
                yield path


def test_every_citation_anywhere_holds_a_number_its_text_carries(villages):
    carried = {}
    for village in villages.values():
        for entry in carried_sections(village):
            number = entry["number"].removeprefix("§ ")
            carried.setdefault(number.split("-")[0], set()).add(number)
    ordinance_texts = [fold(v.ordinance_text()) for v in villages.values()]
    checked, wrong = 0, []
    for path in citing_files():
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for number in CITED_NUMBER.findall(uncited(line, ordinance_texts)):
                chapter = number.split("-")[0]
                if chapter not in carried:
                    continue  # another village's or another law's numbering
                checked += 1
                if number not in carried[chapter]:
                    wrong.append(f"{path.relative_to(REPO)}:{lineno}: § {number}")
    assert checked > 100  # guards the scan against silently checking nothing
    assert not wrong, "section numbers the text does not carry:\n" + "\n".join(wrong)


def test_the_scan_catches_the_old_poquott_numbers(villages):
    # The check above must fail on what issue 33 found: "§ 132-7A(1)" in a reply.
    ordinance_texts = [fold(v.ordinance_text()) for v in villages.values()]
    line = 'Poquott Code ch. 132, Art. I, § 132-7A(1): "water line flushing or other potable water sources"'
    assert CITED_NUMBER.findall(uncited(line, ordinance_texts)) == ["132-7A(1)"]
    quoted = 'says "except as exempted in § 132-7 of this article"'
    assert CITED_NUMBER.findall(uncited(quoted, ordinance_texts)) == []


SHARED_ORDINANCES = Path(__file__).resolve().parents[3] / "shared" / "ordinances"


@pytest.mark.skipif(not SHARED_ORDINANCES.is_dir(), reason="no shared/ordinances beside this checkout to compare with")
def test_ordinance_copies_match_the_source_of_truth():
    # The quotes are checked against data/ordinances/; those copies must be the texts in
    # shared/ordinances/ word for word.
    for source in SHARED_ORDINANCES.glob("*.txt"):
        copy = Path(__file__).resolve().parents[2] / "data" / "ordinances" / source.name
        assert copy.read_bytes() == source.read_bytes(), source.name


def test_every_facet_rule_quotes_its_ordinance_verbatim(villages):
    """The rules by category (``facet_rules`` in each village file) cite the text they rest on."""
    for slug, village in villages.items():
        raw = yaml.safe_load((REPO_ROOT / "data" / "villages" / f"{slug}.yml").read_text(encoding="utf-8"))
        text = fold(village.ordinance_text())
        quotes = [rule["because"]["quote"] for rule in raw.get("facet_rules") or [] if rule.get("because")]
        assert len(quotes) > 50, slug
        missing = [q for q in quotes if fold(q) not in text]
        assert missing == [], f"{slug}: facet-rule quotes not in the ordinance: {missing}"
