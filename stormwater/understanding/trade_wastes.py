"""The wastes of a trade, read by category (issue 27).

Poquott § 132-3 lists "chemical wastes" and "industrial, municipal, agricultural waste" among
pollutants; a resident seldom says those words. Two readings say them by what they are:

- **A spent product** (:func:`spent_product`): a product or process liquid said to be spent
  ("the spent rinse"), or used or left over by a business or an institution ("its leftover
  mash", "the lab's used bath"), is the process's waste, whatever the product's name. Water or
  ice as it came, or a vehicle ("a used car"), is no such product. So is a bath things were
  soaked in ("soaked the wrenches in rust remover for two days"), anyone's: what was soaked
  left itself in the product, whose name need not be known; a bath of water, a vessel ("in a
  kiddie pool"), the ground or the weather is none.
- **A workplace's sump** (:func:`workplace_sump`): a sump said to stand where a trade works
  (a shop, a shed, a plant) and not in a basement or crawl space is not the exemption's
  "crawl space or basement sump pumps": what collects in it is the workplace's water.

The words are ``trade_wastes`` in ``data/facets.yml``. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import FrozenSet, Optional

from stormwater.understanding.facets_file import facets_file

LISTED_WASTE = "listed_waste"  # the `water` category of the industrial and chemical wastes listed
WORKPLACE_SUMP = "workplace_sump"  # the `pump` value of a sump that is no basement's
_CLAUSE = re.compile(r"[,;.!?]|\b(?:and|but|so|because|while|when)\b")
REACH = 2  # words between a spent word and the product it says is used up
SOAK_REACH = 8  # words between a soaking verb and its "in" ("soaked a box of my dads old wrenches in")
BATH_REACH = 3  # words of a bath's name after its determiners ("a 40 gallon tote")


@dataclass(frozen=True)
class TradeWords:
    """``trade_wastes`` of data/facets.yml (phrases as space-joined words)."""

    spent: FrozenSet[str]
    used_up: FrozenSet[str]
    institutions: FrozenSet[str]
    determiners: FrozenSet[str]
    not_wastes: FrozenSet[str]
    soaks: FrozenSet[str]
    not_baths: FrozenSet[str]
    bath_ends: FrozenSet[str]
    bath_measures: FrozenSet[str]
    sumps: FrozenSet[str]
    workplaces: FrozenSet[str]
    basements: FrozenSet[str]


@lru_cache(maxsize=4)
def load_trade_words(folder: Optional[str] = None) -> TradeWords:
    raw = facets_file(folder).get("trade_wastes") or {}

    def words(key: str) -> FrozenSet[str]:
        return frozenset(" ".join(str(w).lower().replace("-", " ").split()) for w in raw.get(key) or ())

    return TradeWords(words("spent"), words("used_up"), words("institutions"), words("determiners"), words("not_wastes"), words("soaks"), words("not_baths"), words("bath_ends"),
                      words("bath_measures"), words("sumps"), words("workplaces"), words("basements"))


def _tokens(text: str) -> list:
    """Lower-case words, punctuation as words of its own, a possessive's "'s" dropped ("the shop's sump")."""
    spaced = re.sub(r"([,;.!?])", r" \1 ", text.lower().replace("-", " ").replace("\u2019", "'"))
    return re.sub(r"'s\b", "", re.sub(r"[^a-z0-9',;.!?]+", " ", spaced)).split()


def _has(tokens: list, phrases: FrozenSet[str]) -> bool:
    joined = f" {' '.join(tokens)} "
    return any(f" {p} " in joined for p in phrases)


def spent_product(text: str, business: bool = False, folder: Optional[str] = None) -> bool:
    """Whether ``text`` says a product is used up: a determiner, a spent word, then within
    :data:`REACH` words a thing that is neither water as it came nor a vehicle ("the spent
    bath"; not "the used car", "our leftover ice", "we used the hose"). "Used" and "leftover"
    count only when a business (``business``) or an institution (a school's lab) discharges it
    ("its leftover mash"): a household's leftover is read by what it is."""
    words = load_trade_words(folder)
    tokens = _tokens(text)
    kinds = words.spent | (words.used_up if business or _has(tokens, words.institutions) else frozenset())
    for i, token in enumerate(tokens):
        spent = next((s for s in kinds if tokens[i : i + len(s.split())] == s.split()), None)
        if spent is None or i == 0 or tokens[i - 1] not in words.determiners:
            continue
        after = tokens[i + len(spent.split()) : i + len(spent.split()) + REACH]
        after = after[: next((k for k, w in enumerate(after) if _CLAUSE.fullmatch(w)), len(after))]
        if after and not any(w in words.not_wastes for w in after):
            return True
    return _soaking_bath(tokens, words)


def _soaking_bath(tokens: list, words: TradeWords) -> bool:
    """Whether a soaking verb is followed, in its clause, by "in" and a product: up to
    :data:`BATH_REACH` words after any determiners, to a word that ends the name, none of them
    water, a vessel, the ground or the weather ("soaked the bolts in vinegar overnight"; not
    "soaked it in the kiddie pool", "let it soak in")."""
    for i, token in enumerate(tokens):
        if token not in words.soaks:
            continue
        for j in range(i + 1, min(i + 1 + SOAK_REACH, len(tokens))):
            if _CLAUSE.fullmatch(tokens[j]) and tokens[j] != "and":
                break
            if tokens[j] != "in":
                continue
            k = j + 1
            while k < len(tokens) and (tokens[k] in words.determiners or tokens[k] in ("a", "an") or tokens[k] in words.bath_measures
                                       or tokens[k].isdigit()):
                k += 1
            if tokens[k + 1 : k + 2] == ["of"]:
                k += 2  # "in a bucket of vinegar": the bath is what the vessel holds
            product = tokens[k : k + BATH_REACH]
            product = product[: next((n for n, w in enumerate(product) if _CLAUSE.fullmatch(w) or w in words.bath_ends), len(product))]
            blocked = words.not_wastes | words.not_baths
            if product and not any(w in blocked for w in product):
                return True
            break
    return False


def workplace_sump(text: str, folder: Optional[str] = None) -> bool:
    """Whether a sump in ``text`` stands where a trade works (a word of a workplace in the
    sump's clause) while no basement or crawl space is said anywhere."""
    words = load_trade_words(folder)
    tokens = _tokens(text)
    if _has(tokens, words.basements):
        return False
    clauses, clause = [], []
    for token in tokens:
        if _CLAUSE.fullmatch(token) and token not in ("and",):
            clauses.append(clause)
            clause = []
        else:
            clause.append(token)
    clauses.append(clause)
    return any(_has(c, words.sumps) and _has(c, words.workplaces) for c in clauses)
