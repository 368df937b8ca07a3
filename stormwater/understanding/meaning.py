"""What a discharge question is about, before the law answers it.

The vocabulary (``data/discharges.yml``) names discharges; this module reads the words around
them that change which rule applies. "Oily" turns sump pump water into contaminated sump pump
water, "for the school fundraiser" turns car washing into a car wash that is not "individual
residential car washing", "furnace" turns condensate into something the air-conditioning
exemption does not name. When the words fit two rules with different verdicts and nothing
settles which, the answer is one question with choices, never the nearest rule. And one
question gets one verdict: the soap in "washing my car with soap" is part of washing the car.
"""
from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from stormwater.understanding.catalogue import Mention, find_mentions, load_catalogue, narrowed_keys, normalize, resolve
from stormwater.understanding.brands import glossed
from stormwater.understanding.facets_file import facets_file
from stormwater.understanding.removed_things import removed_words
from stormwater.understanding.argued_cases import argued_words
from stormwater.understanding.side_mentions import side_keys
from stormwater.understanding.who_washes import alternative_asked, qualifies_another_thing
from stormwater.understanding.named_objects import affirmed_things, lies_under, names_an_object
from stormwater.understanding.dye_tests import dye_test_told
from stormwater.understanding.whose_doing import someone_elses
from stormwater.understanding.own_payments import charged_words
from stormwater.understanding.meaning_vocabulary import (  # noqa: F401 (re-exported for callers)
    IN_PLACE_OF, IN_PLACE_REACH, NEGATION_WINDOW, NEGATIONS, OTHER_PEOPLE, Choice, denied_in, Qualifier, Question, Vocabulary, load_vocabulary,
)


@dataclass(frozen=True)
class Span:
    """Character offsets of a phrase in normalised text."""

    start: int
    end: int


def _find(text: str, phrase: str) -> List[Span]:
    """Whole-word occurrences of ``phrase`` in the normalised ``text``, its last word (of four
    letters or more) also in the plural ("car wash fundraisers" has the word "fundraiser")."""
    return [Span(m.start() - 1, m.end() - 1) for m in _phrase_pattern(phrase).finditer(f" {text} ")]


@lru_cache(maxsize=None)
def _phrase_pattern(phrase: str) -> "re.Pattern[str]":
    # Compiled once per phrase: the vocabulary outnumbers re's own cache of 512 patterns.
    last = phrase.split()[-1] if phrase.split() else ""
    plural = "(?:s|es)?" if len(last) >= 4 and last.isalpha() else ""  # not "i" -> "is"
    return re.compile(f"(?<= ){re.escape(phrase)}{plural}(?= )")


def _contains(text: str, phrases: Iterable[str]) -> bool:
    return any(_find(text, p) for p in phrases)


def _negated(text: str, span: Span) -> bool:
    said = text[: span.start].split()
    return denied_in(said, NEGATION_WINDOW) or any(p in " ".join(said[-IN_PLACE_REACH:]) for p in IN_PLACE_OF)


@lru_cache(maxsize=1)
def _who_words() -> Dict[str, Tuple[str, ...]]:
    raw = facets_file().get("who") or {}
    return {group: tuple(str(w).lower() for w in words or ()) for group, words in raw.items()}


def _qualifier_spans(text: str, qualifier: Qualifier) -> List[Span]:
    """Where ``qualifier`` applies in ``text``: its words not negated, nor the alternative a
    question offers ("residential or a business?"), nor a product's name ("with chlorine
    neutralizer"); its negated words negated."""
    who = _who_words()
    spans = [
        s for w in qualifier.words for s in _find(text, w)
        if not _negated(text, s) and not alternative_asked(text[: s.start], w, who) and not qualifies_another_thing(text[: s.start], text[s.end :])
    ]
    spans += [s for w in qualifier.negated for s in _find(text, w) if _negated(text, s)]
    return spans


def _overlaps(mention: Mention, spans: Sequence[Span]) -> bool:
    return any(mention.start < s.end and s.start < mention.end for s in spans)


@dataclass(frozen=True)
class Reading:
    """What a question is about, once qualifiers and precedence are applied.

    ``keys`` are the discharges to answer, the one the law decides for the resident's case
    first; ``clarify`` names the question to ask instead (about ``clarify_key``), if the words
    do not settle which rule applies; ``about_others`` is true when the resident asks about
    somebody else's discharge.
    """

    keys: Tuple[str, ...]
    clarify: Optional[str] = None
    clarify_key: Optional[str] = None
    about_others: bool = False
    topic: Optional[str] = None
    qualified: Tuple[str, ...] = field(default=())

    @property
    def key(self) -> Optional[str]:
        """The discharge the answer is about (``None``: nothing the vocabulary knows)."""
        return self.keys[0] if self.keys else None


def read_question(text: str, entity_values: Iterable[str] = (), folder: Optional[str] = None) -> Reading:
    """Read a discharge question: which discharge, in which case, or which question to ask.

    :param text: what the resident wrote
    :param entity_values: discharge entities NLU extracted (values or keys), used when the
        words themselves name nothing exact (typos)
    :param folder: the data folder (tests); defaults to the project's
    """
    vocabulary = load_vocabulary(folder)
    catalogue = load_catalogue(folder)
    removed = removed_words(text, folder) | argued_words(text)  # "we skimmed the leaves out", "its X, which is allowed": no entity of them either
    entity_values = [v for v in entity_values if not set(normalize(str(v)).split()) <= removed]
    text = glossed(text, folder)  # a brand is read as its kind: "dawn" is dish soap
    norm = normalize(text)
    mentions = find_mentions(text, folder)
    # "goose poop" is no pet's; "... firefighting water is exempt right?" names a claim, not the thing
    denied = _denied_keys(text, norm, mentions, folder) | narrowed_keys(text, folder) | side_keys(text, lambda part: {m.key for m in find_mentions(part, folder)})
    mentions = [m for m in mentions if m.key not in denied]
    keys: List[str] = list(dict.fromkeys(m.key for m in mentions))
    for value in entity_values:
        key = resolve(str(value), folder)
        if key and key not in keys and key not in denied:
            keys.append(key)
    if not mentions and not keys and not denied:  # a denied word is no typo to guess from
        keys = [k for k in [resolve(text, folder)] if k]

    # A clarifying question whose trigger words appear comes before any qualifier: "the
    # condensate from my furnace and AC" fits two rules, and neither word may win alone. But
    # not when the words already say the case a choice leads to ("smells like sewage").
    applying = {q.name for q in vocabulary.qualifiers if _qualifier_spans(norm, q) and any(k in q.turns for k in keys)}
    for question in vocabulary.questions:
        asked = next((k for k in keys if k in question.about), None)
        settled = any(c.leads_to in applying for c in question.choices) or _one_choice_said(norm, question, asked)
        if asked and (question.when or question.when_all) and not settled and _triggered(norm, question):
            return Reading(keys=tuple(keys), clarify=question.name, clarify_key=asked, about_others=_about_others(norm))

    qualified: List[str] = []
    for qualifier in vocabulary.qualifiers:
        spans = _qualifier_spans(norm, qualifier)
        if not spans or not any(k in qualifier.turns for k in keys):
            continue
        keys = [qualifier.turns.get(k, k) for k in keys]
        qualified.append(qualifier.name)
        # "oil" in "sump water with oil in it" is the qualifier, not a question of its own
        dropped = {m.key for m in mentions if _overlaps(m, spans)} - set(qualifier.turns.values())
        keys = [k for k in keys if k not in dropped]

    keys = _absorb(keys, mentions, catalogue, norm, folder)
    keys = list(dict.fromkeys(keys))
    if "dye_test" in catalogue and dye_test_told(text):
        keys = ["dye_test"]  # a dye test told is the thing asked, whatever drain the dye is put in

    priced = charged_words(text)  # a payment the resident makes ("done paying at the tunnel wash") reopens nothing
    for question in vocabulary.questions:
        asked = next((k for k in keys if k in question.about), None)
        if asked and not (question.when or question.when_all) and not question.settled(lambda ps: _contains(norm, ps), lambda ps: _contains(priced, ps)):
            return Reading(keys=tuple(keys), clarify=question.name, clarify_key=asked, about_others=_about_others(norm))

    topic = catalogue[keys[0]].topic if keys and keys[0] in catalogue else None
    return Reading(keys=tuple(keys), about_others=_about_others(norm), topic=topic, qualified=tuple(qualified))


# What may stand beside the denied words of a bare denial ("no, there's no oil in it at all").
_DENIAL_FILLER = frozenset("no nope nah just only it its it's there there's is was any at all in of the".split())


def bare_denial(text: str, folder: Optional[str] = None) -> bool:
    """Whether ``text`` only denies discharges ("no chemicals", "not oil"), asking nothing.

    Such a message answers something (a report form's question, a clarifying question) and is
    no question about a discharge: on its own it must not get the general rule for "that".
    """
    norm = normalize(text)
    mentions = find_mentions(text, folder)
    denied = _denied_keys(text, norm, mentions, folder)
    if not mentions or any(m.key not in denied for m in mentions):
        return False
    rest = norm
    for mention in sorted(mentions, key=lambda m: m.start, reverse=True):
        rest = rest[: mention.start] + " " + rest[mention.end :]
    words = re.findall(r"[\w']+", rest)
    return all(w in NEGATIONS or w in _DENIAL_FILLER or w.endswith("n't") for w in words)


def _denied_keys(text: str, norm: str, mentions: Sequence[Mention], folder: Optional[str]) -> set:
    """Discharges the message names only to deny them ("no soap, just water").

    Both readings must agree: a negation right before the mention (this module's window) and
    the report form's denied phrase ("no ...", "without ...", up to a comma or "just"), so that
    "why can't I drain my pool" or "is it not allowed to drain pool water" still ask about the pool.
    A discharge also named without a negation is not denied.
    """
    if folder is not None:
        return set()  # the form's reader knows only the project's vocabulary
    said = set(affirmed_things(text))  # (not a word naming only the noun after it: "the pool cover")
    negated = {m.key for m in mentions if m.key not in said and _negated(norm, Span(m.start, m.end))}
    # named again without a negation ("it's not AC condensate? so my AC drip line is fine?"): asked about
    plain = {m.key for m in mentions if not _negated(norm, Span(m.start, m.end)) and not names_an_object(norm, m) and not lies_under(norm, m)}
    return negated - plain


def _one_choice_said(norm: str, question: Question, asked: Optional[str]) -> bool:
    """Whether a question between discharges is answered already: outside the words that raise it,
    one choice only is said, the one asked ("a heat pump ... in summer it runs as the ac")."""
    if not asked or not all(c.leads_to in question.about for c in question.choices):
        return False
    rest = f" {norm} "
    for phrase in question.when:
        rest = re.sub(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", " | ", rest)
    said = [c for c in question.choices if any(_find(rest, a) for a in c.answers)]
    return len(said) == 1 and said[0].leads_to == asked


def _triggered(norm: str, question: Question) -> bool:
    if question.settled(lambda ps: _contains(norm, ps)):
        return False
    if question.when and _contains(norm, question.when):
        return True
    return bool(question.when_all) and all(_contains(norm, group) for group in question.when_all)


def _absorb(keys: List[str], mentions: Sequence[Mention], catalogue, norm: str = "", folder: Optional[str] = None) -> List[str]:
    """Drop a discharge that is part of another one named beside it (soap while washing a car)."""
    phrases: Dict[str, set] = {}
    for m in mentions:
        phrases.setdefault(m.key, set()).add(m.phrase)
    dropped = set()
    for key in keys:
        if key not in catalogue or key in dropped:
            continue
        for other, allowed in catalogue[key].absorbs:
            if other not in keys or other == key or _named_as_its_own(key, other, mentions, norm, folder):
                continue
            named_by = phrases.get(other, set())
            # absorbed only if every word that named it belongs to this discharge's case
            if allowed == ("any",) or (named_by and named_by <= set(allowed)):
                dropped.add(other)
    return [k for k in keys if k not in dropped]


def _named_as_its_own(key: str, other: str, mentions: Sequence[Mention], norm: str, folder: Optional[str] = None) -> bool:
    """Whether ``other`` is named as a thing of its own beside discharge ``key``: a word of
    ``key`` just before it says which ``other`` ("pool chlorine", "hot tub chlorine"), or the
    product's noun follows it ("chlorine tablets", "a jug of chlorine" is read by the roles)."""
    ends = {m.end for m in mentions if m.key == key}
    products = _product_nouns(folder)

    def its_own(m: Mention) -> bool:
        after = norm[m.end :].split()[:1]
        return m.start - 1 in ends or bool(after and after[0] in products)

    return any(its_own(m) for m in mentions if m.key == other)


@lru_cache(maxsize=8)
def _product_nouns(folder: Optional[str] = None) -> frozenset:
    """The nouns of a product or its vessel (``roles.object_heads`` and ``roles.containers`` of data/facets.yml)."""
    roles = facets_file(folder).get("roles") or {}
    return frozenset(str(w) for w in (*(roles.get("object_heads") or ()), *(roles.get("containers") or ())))


def _about_others(norm: str) -> bool:
    return someone_elses(norm.lower(), _contains(norm, OTHER_PEOPLE))


def pick_choice(question: Question, text: str, base_key: str, folder: Optional[str] = None) -> Optional[str]:
    """The discharge a typed or tapped answer to ``question`` leads to, or ``None`` if unclear.

    :param question: the question that was asked
    :param text: the resident's answer ("my own car", "yes, it's oily", "2" is handled upstream)
    :param base_key: the discharge the question was about
    """
    choice = picked_choice(question, text)
    return lead(choice, base_key, load_vocabulary(folder)) if choice is not None else None


def picked_choice(question: Question, text: str) -> Optional[Choice]:
    """The choice of ``question`` a typed answer's words pick, or ``None`` if unclear."""
    norm = normalize(text)
    # The longest matching answer wins, so "not sure" is not read as "no".
    best: Tuple[int, Optional[Choice]] = (0, None)
    tie = False
    for choice in question.choices:
        for answer in choice.answers:
            if _find(norm, answer) and not (choice.leads_to != "same" and _negated_answer(norm, answer)):
                if len(answer) > best[0]:
                    best, tie = (len(answer), choice), False
                elif len(answer) == best[0] and best[1] is not None and best[1].name != choice.name:
                    tie = True
    return None if tie else best[1]


def _negated_answer(norm: str, answer: str) -> bool:
    return any(_negated(norm, s) for s in _find(norm, answer)) and answer not in ("no", "nope", "n")


def lead(choice: Choice, base_key: str, vocabulary: Vocabulary) -> str:
    """The discharge key ``choice`` leads to from ``base_key``."""
    if choice.leads_to == "same":
        return base_key
    qualifier = vocabulary.qualifier(choice.leads_to)
    if qualifier is not None:
        return qualifier.turns.get(base_key, base_key)
    return choice.leads_to


def qualified_case(text: str, case: Optional[str], folder: Optional[str] = None) -> Optional[str]:
    """``case`` as the qualifiers in ``text`` turn it, whatever reached it.

    A facet rule can reach a case the phrase list never named: "washing the club's vans with
    soap" names soap, and the vehicle washing makes it a car washing; the words that say whose
    washing it is ("club") must then decide it as they would for "car wash" itself."""
    if case is None:
        return None
    norm = normalize(glossed(text, folder))
    for qualifier in load_vocabulary(folder).qualifiers:
        if case in qualifier.turns and _qualifier_spans(norm, qualifier):
            case = qualifier.turns[case]
    return case
