"""The words around a discharge that change which rule applies, from ``data/discharges.yml``:
qualifiers, clarifying questions and their choices, negations, somebody else's discharge.
Read by :mod:`stormwater.understanding.meaning`."""
from __future__ import annotations

import re

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterable, Optional, Sequence, Tuple

import yaml

from stormwater.understanding.catalogue import load_catalogue, normalize
from stormwater.store.paths import data_dir

# A qualifier preceded by one of these (within three words) is denied: "no oil in it".
NEGATIONS = frozenset(
    "no not without never none isn't isnt wasn't wasnt aren't arent doesn't doesnt don't dont "
    "hasn't hasnt haven't havent didn't didnt free zero".split()
)
NEGATION_WINDOW = 3
# A negation that opens a negative question asks, it does not deny: "isnt that sewage?", "doesn't
# it have chlorine in it" (an auxiliary with "n't", then its subject; not "it isn't that soapy")
_QUESTION_SUBJECTS = frozenset("that it this those these there they".split())
_STATED_SUBJECTS = frozenset("it that this there they he she we i you which who what".split())


def denied_in(before: Sequence[str], window: int) -> bool:
    """Whether a negation among the last ``window`` of ``before`` (the words before a mention,
    its clause where the caller knows it) denies the mention: not one opening a negative question."""
    for i in range(max(0, len(before) - window), len(before)):
        word = before[i]
        if word not in NEGATIONS and not word.endswith("n't"):
            continue
        asks = (word.endswith("n't") or word.endswith("nt")) and i + 1 < len(before) and before[i + 1] in _QUESTION_SUBJECTS
        if set(before[i + 1 :]) & _REMOVING:
            continue  # "we don't neutralize the chlorine": a removal denied leaves the thing there
        if i < len(before) - 2 and before[-1] in _AMOUNTS:
            continue  # "zero ph and high chlorine": the mention's own amount, not the negation, says how much
        if not (asks and (i == 0 or before[i - 1] not in _STATED_SUBJECTS)):
            return True
    return False


# Verbs of taking a thing out of the water: denied, they say the thing is still in it
_REMOVING = frozenset("neutralize neutralise neutralizes neutralises neutralized neutralised remove removes removed "
                      "filter filters filtered strip strips stripped".split())


# Words of an amount said of the mention itself
_AMOUNTS = frozenset("high higher low lots plenty heavy elevated strong".split())


# A thing one has stopped putting in ("we stopped adding chlorine two weeks ago", "quit using the
# fertilizer") is neither said to be there now nor denied: whether any is left is not said.
_CEASED = re.compile(r"\b(?:stopped|stop|quit|ceased)\s+(?:\w+ing\s+)?(?:the\s+|any\s+|in\s+|our\s+|my\s+)?$")


def ceased_before(before: str) -> bool:
    """Whether ``before`` (the words up to a mention) ends in a verb of stopping ("stopped adding")."""
    return bool(_CEASED.search(before))


# A thing named after these is what is used in its place, not the thing ("instead of weed killer
# i pour boiling water", "easier to dump it at the curb than fight the sink"); as two words only:
# "rather" alone is "rather oily", oil said, and "than" alone compares ("more than a gallon")
IN_PLACE_OF = ("instead of", "rather than", "than fight", "than use", "than using", "than pour", "than pouring", "than dump",
               "than dumping", "than carry", "than haul",
               # a thing the resident will not use ("i dont want to use roundup so i pour boiling water")
               "dont want to use", "don't want to use", "do not want to use", "dont like using", "don't like using", "avoid using",
               "stopped using", "no longer use", "dont use", "don't use", "never use", "wont use", "won't use")
IN_PLACE_REACH = 5  # words before a mention where these are looked for ("dont want to use")

# Words that make the question about somebody else's discharge ("my neighbor is pumping...").
OTHERS = (
    "neighbor", "neighbors", "neighbor's", "neighbour", "neighbours", "neighbour's", "someone", "somebody",
    "he's", "she's", "they're", "theyre", "he is", "she is", "they are", "the guy", "a guy", "some guy",
    "people", "the landscaper", "the contractor", "the landlord", "next door", "across the street",
    "down the street", "the restaurant", "the gas station", "a company", "that company",
    # whose discharge it is: "pumping his pool", "their hose", "the painters we hired"
    "his", "her", "their", "they", "them", "he", "she",
    "painters", "the painter", "landscapers", "contractors", "workers", "the workers", "crew", "the crew",
    "cleaners", "the cleaners", "the driver", "truck driver", "the plumber", "tenant", "tenants",
    "upstairs", "downstairs", "the business", "the store", "the shop", "the builder", "builders",
)
# The same, without "them": "soak them", "hose them off" is nearly always the things handled, not
# a person. Whose question it is (whose_doing.someone_elses) starts from these words.
OTHER_PEOPLE = tuple(word for word in OTHERS if word != "them")


@dataclass(frozen=True)
class Qualifier:
    """Words that turn one discharge into the resident's actual case."""

    name: str
    words: Tuple[str, ...]
    negated: Tuple[str, ...]
    turns: Dict[str, str]


@dataclass(frozen=True)
class Choice:
    """One answer to a clarifying question."""

    name: str
    leads_to: str  # a discharge key, a qualifier name, or "same"
    answers: Tuple[str, ...]


@dataclass(frozen=True)
class Question:
    """A clarifying question: asked when the words fit rules with different verdicts."""

    name: str
    about: Tuple[str, ...]
    when: Tuple[str, ...]
    when_all: Tuple[Tuple[str, ...], ...]
    unless: Tuple[str, ...]
    choices: Tuple[Choice, ...]
    # words that leave the case open although an ``unless`` word appears: "the neighborhood
    # kids" settle whose car wash it is, "for a couple bucks a car" opens it again
    reopened_by: Tuple[str, ...] = ()

    def settled(self, contains, reopening=None) -> bool:
        """Whether the message settles the case: an ``unless`` word, and no ``reopened_by`` word
        (``contains``: whether the message holds one of the phrases given; ``reopening``: the same,
        of the words that speak of the thing asked about, where a reopening word counts)."""
        return contains(self.unless) and not (reopening or contains)(self.reopened_by)


@dataclass(frozen=True)
class Vocabulary:
    """The qualifiers and clarifying questions of ``data/discharges.yml``."""

    qualifiers: Tuple[Qualifier, ...]
    questions: Tuple[Question, ...]

    def qualifier(self, name: str) -> Optional[Qualifier]:
        """The qualifier called ``name``, if any."""
        return next((q for q in self.qualifiers if q.name == name), None)

    def question(self, name: str) -> Optional[Question]:
        """The clarifying question called ``name``, if any."""
        return next((q for q in self.questions if q.name == name), None)


def _phrases(items: Iterable) -> Tuple[str, ...]:
    return tuple(dict.fromkeys(normalize(str(i)) for i in items or () if normalize(str(i))))


@lru_cache(maxsize=8)
def load_vocabulary(folder: Optional[str] = None) -> Vocabulary:
    """Qualifiers and clarifying questions, checked against the discharge keys.

    :param folder: the data folder; defaults to :func:`stormwater.store.paths.data_dir`
    """
    with (Path(folder or data_dir()) / "discharges.yml").open(encoding="utf-8") as fh:
        raw = yaml.safe_load(fh) or {}
    keys = set(load_catalogue(folder))
    qualifiers = []
    for name, entry in (raw.get("qualifiers") or {}).items():
        turns = {str(k): str(v) for k, v in (entry.get("turns") or {}).items()}
        unknown = (set(turns) | set(turns.values())) - keys
        if unknown:
            raise ValueError(f"discharges.yml: qualifier {name} turns unknown discharges {sorted(unknown)}")
        qualifiers.append(Qualifier(name, _phrases(entry.get("words")), _phrases(entry.get("negated")), turns))
    names = {q.name for q in qualifiers}
    questions = []
    for name, entry in (raw.get("questions") or {}).items():
        choices = tuple(
            Choice(str(c["name"]), str(c["leads_to"]), _phrases(c.get("answers"))) for c in entry.get("choices") or ()
        )
        about = tuple(str(k) for k in entry.get("about") or ())
        for target in [*about, *(c.leads_to for c in choices)]:
            if target not in keys and target not in names and target != "same":
                raise ValueError(f"discharges.yml: question {name} names unknown '{target}'")
        if len(choices) < 2:
            raise ValueError(f"discharges.yml: question {name} needs at least two choices")
        questions.append(
            Question(
                name=str(name),
                about=about,
                when=_phrases(entry.get("when")),
                when_all=tuple(_phrases(group) for group in entry.get("when_all") or ()),
                unless=_phrases(entry.get("unless")),
                choices=choices,
                reopened_by=_phrases(entry.get("reopened_by")),
            )
        )
    return Vocabulary(tuple(qualifiers), tuple(questions))
