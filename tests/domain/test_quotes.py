"""Every quote is the ordinance's own words, and every section number is one the text carries."""
import re
from pathlib import Path

import pytest

from stormwater.law.villages import load_villages


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


def section_numbers(text):
    return re.findall(r"§\s*(\d+[A-Z]?-\d+)([A-Z](?:\(\d+\))?)?", text)


def test_bayville_cites_only_sections_its_text_carries_or_implies(bayville):
    text = bayville.ordinance_text().replace("\xa0", " ")
    headed = set(re.findall(r"^§ (63A-\d+) ", text, flags=re.M))
    cited = [c for _, _, p in all_passages(bayville) for c in section_numbers(p.citation)]
    cited += [c for s in all_summaries(bayville) for c in section_numbers(s)]
    assert cited
    for number, sub in cited:
        if number == "63A-5":
            # § 63A-5 is implied by the text's references to § 63A-5B(1) and § 63A-5B(4).
            assert sub in ("", "A", "B", "B(1)", "B(2)", "B(3)", "B(4)"), sub
        else:
            assert number in headed, f"§ {number} is not a heading of Bayville's text"
            assert sub == "", f"§ {number}{sub}: the text does not letter that section's subsections"


def test_poquott_cites_only_the_numbers_its_text_carries(poquott):
    text = fold(poquott.ordinance_text())
    cited = [c for _, _, p in all_passages(poquott) for c in section_numbers(p.citation)]
    cited += [c for s in all_summaries(poquott) for c in section_numbers(s)]
    assert cited
    for number, _ in cited:
        assert number in ("132-3", "132-7"), f"§ {number} is not carried by Poquott's text"
        if number == "132-7":
            # The text letters § 132-7's first subsection A and its items (1)-(4) only.
            assert _ in ("", "A", "A(1)", "A(2)", "A(3)", "A(4)"), f"§ 132-7{_}"
        assert f"§ {number}" in text


SHARED_ORDINANCES = Path(__file__).resolve().parents[3] / "shared" / "ordinances"


@pytest.mark.skipif(not SHARED_ORDINANCES.is_dir(), reason="no shared/ordinances beside this checkout to compare with")
def test_ordinance_copies_match_the_source_of_truth():
    # The quotes are checked against data/ordinances/; those copies must be the texts in
    # shared/ordinances/ word for word.
    for source in SHARED_ORDINANCES.glob("*.txt"):
        copy = Path(__file__).resolve().parents[2] / "data" / "ordinances" / source.name
        assert copy.read_bytes() == source.read_bytes(), source.name
