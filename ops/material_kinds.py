"""Derive data/material_kinds.json from WordNet 3.0: nouns whose usual sense is a biological material.

Poquott's § 132-3 names "biological materials" and "garbage" among pollutants, but no list of
words can name every feather, fish scale, onion skin or gingerbread house a resident hoses into a
drain. WordNet's noun hierarchy already sorts English nouns by what they are. A noun is read as
``biological`` when its most frequent sense falls under one of the roots below (materials of
animals and plants, their wastes, food), or when its most frequent sense is a living thing
("corn", "fish") and one of its next senses is such a material (corn's kernels, fish's flesh).
Whole organisms otherwise, people and body parts ("head", "hand") are never read.

The output is a committed data file: the help desk never needs WordNet at run time. Rebuild it
from the Debian package ``wordnet-base`` (Princeton WordNet 3.0, WordNet licence: free use and
redistribution with its notice; see docs/models.md)::

    apt-get download wordnet-base && dpkg -x wordnet-base_*.deb /tmp/wn
    python -m ops.material_kinds --dict /tmp/wn/usr/share/wordnet
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Dict, Iterable, List, Set, Tuple

from stormwater.store.paths import REPO_ROOT
from stormwater.understanding.material_kinds import plural_forms

OUT = REPO_ROOT / "data" / "material_kinds.json"
# The WordNet 3.0 licence asks its notice to stand on every copy, modifications included.
NOTICE = ("WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS "
          "PROVIDED \"AS IS\" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. "
          "BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF "
          "MERCHANTABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE "
          "OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS. "
          "The name of Princeton University or Princeton may not be used in advertising or publicity pertaining to "
          "distribution of the software and/or database. (Licence: docs/models.md)")
# Synsets named as NLTK names them (lemma.n.sense number in index.noun's order).
BIOLOGICAL_ROOTS = ("animal_material.n.01", "body_covering.n.01", "covering.n.01", "body_waste.n.01", "food.n.01", "food.n.02",
                    "plant_part.n.01", "plant_material.n.01")
# Drinks are liquids a resident pours out: whether one is a "biological material" the texts leave
# open, and the project answers "not named" (tests/law/test_listed_pollutants.py)
EXCLUDED_ROOTS = ("beverage.n.01",)
LIVING = "organism.n.01"
NEXT_SENSES = 3  # a living thing's next senses looked at for its material ("corn": the plant, then its kernels)


def _synsets(folder: Path) -> Dict[str, Tuple[str, List[str], List[str]]]:
    """offset -> (lexicographer file number, words, hypernym offsets) of every noun synset."""
    out = {}
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue  # the licence header
        fields = line.partition("|")[0].split()
        count = int(fields[3], 16)
        words = [fields[4 + 2 * k].lower() for k in range(count)]
        at = 4 + 2 * count
        pointers = [fields[at + 1 + 4 * k: at + 5 + 4 * k] for k in range(int(fields[at]))]
        out[fields[0]] = (fields[1], words, [p[1] for p in pointers if p[0] in ("@", "@i") and p[2] == "n"])
    return out


def _index(folder: Path, pos: str = "noun") -> Dict[str, Tuple[int, List[str]]]:
    """lemma -> (its senses' count in the tagged corpus, its synset offsets, most frequent first)."""
    out = {}
    for line in (folder / f"index.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        at = 4 + int(fields[3])
        out[fields[0]] = (int(fields[at + 1]), fields[at + 2:])
    return out


def _mostly_other(folder: Path, nouns) -> Set[str]:
    """Lemmas that are also adjectives or adverbs ("down", "sour"), verbs with more tagged senses
    than the noun ("mix", "feed"), or another word's inflection ("fell"): read as nouns, they would
    be misread."""
    other = set()
    for pos in ("adj", "adv"):
        other |= set(_index(folder, pos))
    other |= {lemma for lemma, (tagged, _) in _index(folder, "verb").items() if tagged > nouns.get(lemma, (0,))[0]}
    for pos in ("verb", "adj", "adv"):
        other |= {line.split()[0] for line in (folder / f"{pos}.exc").read_text(encoding="latin-1").splitlines() if line.split()}
    return other


def _closure(offset: str, synsets) -> Set[str]:
    seen, todo = set(), [offset]
    while todo:
        at = todo.pop()
        if at not in seen:
            seen.add(at)
            todo += synsets[at][2]
    return seen


def _named(name: str, index) -> str:
    lemma, _, sense = name.split(".")
    return index[lemma][1][int(sense) - 1]


def biological_lemmas(folder: Path) -> List[str]:
    """The noun lemmas (spaces for underscores) read as biological materials, sorted."""
    synsets, index = _synsets(folder), _index(folder)
    roots = {_named(n, index) for n in BIOLOGICAL_ROOTS}
    living, person = _named(LIVING, index), _named("person.n.01", index)
    excluded = {_named(n, index) for n in EXCLUDED_ROOTS}
    found, other = [], _mostly_other(folder, index)
    for lemma, (_, offsets) in index.items():
        if lemma in other or len(lemma) < 3:
            continue
        first = _closure(offsets[0], synsets)
        if first & excluded:
            continue
        if first & roots:
            found.append(lemma)
        elif living in first and person not in first and any(_closure(o, synsets) & roots for o in offsets[1:NEXT_SENSES]):
            found.append(lemma)
    return sorted(lemma.replace("_", " ") for lemma in found if lemma.replace("_", "").replace("-", "").isalpha())


def _plurals(folder: Path) -> Dict[str, str]:
    """Irregular plural -> lemma, from noun.exc ("geese" -> "goose")."""
    out = {}
    for line in (folder / "noun.exc").read_text(encoding="latin-1").splitlines():
        parts = line.split()
        if len(parts) >= 2:
            out[parts[0].replace("_", " ")] = parts[1].replace("_", " ")
    return out


def verb_forms(folder: Path, lemmas: Iterable[str]) -> List[str]:
    """Plural forms of ``lemmas`` that are as well a verb's third person with more tagged senses
    than the noun ("leaves": leave, not leaf): read as nouns, they would be misread."""
    nouns, verbs = _index(folder), _index(folder, "verb")
    third = {}
    for verb, (tagged, _) in verbs.items():
        for form in (verb + "s", verb + "es", verb[:-1] + "ies" if verb.endswith("y") else None):
            if form:
                third[form] = max(third.get(form, 0), tagged)
    plurals = {form: lemma for lemma in lemmas for form in plural_forms(lemma)}
    plurals.update(_plurals(folder))
    return sorted(form for form, lemma in plurals.items()
                  if lemma in lemmas and third.get(form, 0) > nouns.get(lemma.replace(" ", "_"), (0,))[0])


# Lexicographer files of the nouns a material's noun may modify ("leaf blower", "food truck",
# "bourbon barrel"): artifacts, people, acts, places and groups
HEAD_FILES = {"06": "noun.artifact", "18": "noun.person", "04": "noun.act", "15": "noun.location", "14": "noun.group"}


def head_nouns(folder: Path) -> List[str]:
    """Common one-word nouns (tagged in WordNet's corpus, seldom another part of speech) whose usual
    sense is an artifact, a person, an act, a place or a group: a material's noun before one of
    them modifies it ("leaf blower") and is not the thing."""
    synsets, index = _synsets(folder), _index(folder)
    other = _mostly_other(folder, index)
    return sorted(lemma for lemma, (tagged, offsets) in index.items()
                  if tagged and lemma.isalpha() and lemma not in other and synsets[offsets[0]][0] in HEAD_FILES)


def build(folder: Path) -> dict:
    lemmas = biological_lemmas(folder)
    keep = set(lemmas)
    irregular = {plural: lemma for plural, lemma in _plurals(folder).items() if lemma in keep}
    return {"source": "Princeton WordNet 3.0 (Debian wordnet-base), built by ops/material_kinds.py", "notice": NOTICE,
            "roots": {"biological": list(BIOLOGICAL_ROOTS), "excluded": list(EXCLUDED_ROOTS)},
            "biological": lemmas, "irregular_plurals": dict(sorted(irregular.items())), "verb_forms": verb_forms(folder, keep),
            "heads": head_nouns(folder)}


def main(argv: Iterable[str] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", type=Path, default=Path("/usr/share/wordnet"), help="WordNet 3.0 dict folder")
    args = parser.parse_args(argv)
    table = build(args.dict)
    OUT.write_text(json.dumps(table, indent=0, ensure_ascii=True) + "\n", encoding="utf-8")
    print(f"{len(table['biological'])} biological lemmas -> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
