"""Who discharges it, where the words that say so are about vehicles or a comparison (issue 27).

- **A trade's vehicles.** "Our delivery vans", "the service trucks": vehicles named by the
  trade they serve, more than one, are a business's fleet; "my work van" is one vehicle a
  household may wash at home (the texts exempt "individual residential car washing").
- **A seller's lot.** "The used car lot", "the truck dealer": the vehicles washed there are a
  dealer's stock, a business's, whoever lives next to it.
- **A comparison.** "That's the same as washing your car at home, isn't it?": what the
  resident compares the case with is the question, not who discharges it; the words of the
  clause after ``comparing`` (data/facets.yml ``roles``) say no one.

- **A question between two of them.** "Is that still residential car washing or a business
  now?": a clause that sets a household's word against a business's with "or" asks which it
  is; it tells neither (:func:`asked_between`).

- **One who tells, not one who discharges.** "DPW left a flyer that says don't wash your car
  that day", "the marina told us": a business's or a public body's word followed by a verb of
  telling is the one who informs the resident, not who discharges (:func:`informants_away`).

- **A speaker who runs a business, a public body acting.** "We run a laundromat", "the county
  applied brine": a business's or a public body's discharge, never a household's.

The words are ``vehicle_trade``, ``running_a_business``, ``public_body_acting`` and ``informing`` in
``data/facets.yml``. Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, FrozenSet, List, Optional, Tuple

from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.water_gone import a_remover
from stormwater.understanding.role_shapes import CLAUSE_ENDS as _CLAUSE_ENDS, compared_away as _compared_away
from stormwater.understanding.word_roles import load_role_words


def _words(group: str, folder: Optional[str]) -> FrozenSet[str]:
    raw = facets_file(folder).get("vehicle_trade") or {}
    return frozenset(str(w).lower() for w in raw.get(group) or ())


def _plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith("ss")


def trade_vehicles(tokens: List[str], folder: Optional[str] = None) -> bool:
    """Whether ``tokens`` name a trade's fleet ("our delivery vans") or a seller's lot of
    vehicles ("the used car lot", "a truck dealer")."""
    vehicles = load_role_words(folder).exempt_objects
    uses, sellers = _words("uses", folder), _words("sellers", folder)
    for i, word in enumerate(tokens[:-1]):
        following = tokens[i + 1]
        if word in uses and following in vehicles and _plural(following):
            return True
        if word in vehicles and following in sellers:
            return True
    return False


def compared_away(tokens: List[str], folder: Optional[str] = None) -> List[str]:
    """``tokens`` without each comparison and the rest of its clause ("the same as washing your car
    at home"): the case compared with says nothing of who discharges this one."""
    return _compared_away(tokens, load_role_words(folder).comparing)


def asked_between(tokens: List[str], groups: Dict[str, Tuple[str, ...]]) -> List[str]:
    """``tokens`` without each clause that asks which of two groups of ``groups`` discharges
    ("is that residential or a business now?"): an "or" with one group's word before it and
    another group's after it, in the same clause."""
    kept: List[str] = []
    clause: List[str] = []
    for token in [*tokens, "."]:
        if token not in _CLAUSE_ENDS:
            clause.append(token)
            continue
        if not _sets_against(clause, groups):
            kept.extend(clause)
        kept.append(token)
        clause = []
    return kept[:-1]


def _sets_against(clause: List[str], groups: Dict[str, Tuple[str, ...]]) -> bool:
    """Whether ``clause`` has an "or" between words of two different groups."""
    for at in (i for i, t in enumerate(clause) if t == "or"):
        before, after = f" {' '.join(clause[:at])} ", f" {' '.join(clause[at + 1:])} "
        sides = [{g for g, ws in groups.items() if any(f" {w} " in side for w in ws)} for side in (before, after)]
        if sides[0] and sides[1] and sides[0] != sides[1]:
            return True
    return False


_OR = re.compile(r"(.*)\bor(?: a| an| the| just| more| really)?$")


# Nouns of where advice was read or heard: a word of who washes before one names the source,
# not the washing ("the detailing blog says strip the wax", "the car show flyer")
_ADVICE_SOURCES = frozenset(
    "blog blogs flyer flyers website websites video videos article articles forum forums newsletter newsletters "
    "channel podcast manual magazine guide guides book books tutorial tutorials instructions site sites page pages post "
    "posts thread threads".split())


def qualifies_another_thing(before: str, after: str, folder: Optional[str] = None) -> bool:
    """Whether a qualifier's word between normalised texts ``before`` and ``after`` modifies
    another thing: a product ("with chlorine neutralizer",
    :func:`~stormwater.understanding.water_gone.a_remover`), a source of advice ("the detailing
    blog") or one vehicle whose owner it names (:func:`owns_one_vehicle`)."""
    following = after.split()
    next_word = following[0] if following else ""
    return next_word in _ADVICE_SOURCES or a_remover(next_word) or owns_one_vehicle(before, following, folder)


def owns_one_vehicle(before: str, after: List[str], folder: Optional[str] = None) -> bool:
    """Whether a business word between normalised text ``before`` and the words ``after`` only
    says whose one vehicle it is ("i wash a company car at home", "my work van"): one owner's
    determiner before it, one vehicle after it, and no "wash" after that ("a company car wash" is
    the company's). A fleet ("our company trucks") is a business's."""
    previous = before.split()[-1:]
    vehicle = after[0] if after else ""
    one = vehicle in load_role_words(folder).exempt_objects and not _plural(vehicle)
    return one and previous in (["the"], ["my"], ["a"], ["his"], ["her"]) and after[1:2] not in (["wash"], ["washes"])


def alternative_asked(before: str, word: str, groups: Dict[str, Tuple[str, ...]]) -> bool:
    """Whether ``word``, said right after normalised text ``before``, is the second half of an
    either-or question about who discharges ("residential car washing or a business"): an "or"
    just before it and, in the six words before that, a word of another group."""
    found = _OR.match(before.strip())
    if not found:
        return False
    window = f" {' '.join(found.group(1).split()[-6:])} "
    own = {g for g, ws in groups.items() if word in ws}
    other = {g for g, ws in groups.items() if any(f" {w} " in window for w in ws)}
    return bool(own) and bool(other - own)


@lru_cache(maxsize=8)
def _word_groups(section: str, folder: Optional[str] = None) -> dict:
    """One section of data/facets.yml ("running_a_business", "public_body_acting"): group -> its words."""
    raw = facets_file(folder).get(section) or {}
    return {k: frozenset(str(w).lower() for w in v or ()) for k, v in raw.items()}


def runs_a_business(tokens: list, folder: Optional[str] = None) -> bool:
    """Whether the speaker says they run a business ("we run a laundromat", "I own a deli"):
    a speaker, a verb of running, a determiner, then no household equipment ("I run a hose")."""
    words = _word_groups("running_a_business", folder)
    for i in range(len(tokens) - 3):
        speaker, verb, det, thing = tokens[i : i + 4]
        if speaker in words.get("speakers", ()) and verb in words.get("verbs", ()) and det in words.get("determiners", ()):
            # "can I run the chlorinated water out the hose": water run, not a business
            # "the kids run a car wash": the equipment's own trade
            household = thing in words.get("not_a_business", ()) and not set(tokens[i + 4 : i + 5]) & words.get("trades", frozenset())
            if not household and "water" not in tokens[i + 3 : i + 5]:
                return True
    return _starts_a_business(tokens, words)


def starts_a_business(raw: str, folder: Optional[str] = None) -> bool:
    """Whether ``raw`` (lower-case words) says a business is being opened ("opening a small hand car wash")."""
    return _starts_a_business(raw.split(), _word_groups("running_a_business", folder))


STARTED_REACH = 4  # words from the determiner to the trade ("opening a small hand car wash")


def _starts_a_business(tokens: list, words: dict) -> bool:
    """"opening a small hand car wash", "we're starting a grooming shop": a verb of starting, a
    determiner, then within :data:`STARTED_REACH` words a trade or a business's word."""
    trades = words.get("trades", frozenset()) | words.get("businesses", frozenset())
    return any(verb in words.get("starting", ()) and det in words.get("determiners", ()) and set(tokens[i + 2 : i + 2 + STARTED_REACH]) & trades
               for i, (verb, det) in enumerate(zip(tokens, tokens[1:])))


def public_body_acts(tokens: list, folder: Optional[str] = None) -> bool:
    """Whether a public body is said to do the thing ("the town sprays weed killer along the
    curbs", "the county applied brine"): a determiner, the body, then a verb of its doing (a word
    ending in -s, -ed or -ing that says no leave, rule or saying: "the village allows" is the law's)."""
    words = _word_groups("public_body_acting", folder)
    for i in range(len(tokens) - 2):
        det, body, verb = tokens[i : i + 3]
        # "what if the town spots us": a body watching or enforcing is the law's side, not the one discharging
        watching = verb in words.get("not_acting", ()) or verb in words.get("watching", ())
        if det in words.get("determiners", ()) and body in words.get("bodies", ()) and not watching:
            if verb.endswith(("s", "ed", "ing")) and len(verb) > 3:
                return True
    return False


def informants_away(tokens: List[str], groups: Dict[str, Tuple[str, ...]], folder: Optional[str] = None) -> List[str]:
    """``tokens`` without each business or public body word of ``groups`` followed by a verb of
    telling (``informing`` in data/facets.yml: "dpw left a flyer", "the landlord says"): the one
    who informs the resident is not the one who discharges."""
    telling = _word_groups("informing", folder).get("verbs", frozenset())
    text = f" {' '.join(tokens)} "
    for group in ("business", "public"):
        for phrase in sorted(groups.get(group, ()), key=len, reverse=True):
            for verb in telling:
                text = text.replace(f" {phrase} {verb} ", f" {verb} ")
    return text.split()
