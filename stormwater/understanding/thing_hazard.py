"""The hazard of a thing comes from the thing: its head noun with the words that make it a kind.

"used oil from the fryer" and "peanut oil" are cooking oil, not petroleum, though "oil" is in
them; "chalk paint" is another thing than paint, so its name alone says nothing either way and
the hazard question is asked. A harmless "no" read from the vocabulary holds only when the
vocabulary knows every thing said as a whole: "a rain barrel of larvicide water" is not rain,
"colorant sprayed on mulch" not mulch, so those are asked too (docs/report-form.md, "The
hazard of a thing"). Plain functions over the words; no Flask, no Rasa.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import FrozenSet, Iterable

from stormwater.understanding.catalogue import find_mentions, load_catalogue

# Words that say which one, how old or what colour, not what kind of thing: "old paint" is paint.
_NOT_A_KIND = re.compile(
    r"(?:[a-z]+'s|[a-z]+s'|\d+|(?:[a-z]+-)?colou?red|red|orange|yellow|green|blue|purple|pink|brown|black|white|gr[ae]y|"
    r"dark|light|bright|old|older|new|leftover|left|used|spent|wet|dry|dried|fresh|excess|extra|spare|whole|half|some|"
    r"any|all|more|less|little|big|small|large|lot|lots|bunch|can|cans|bucket|buckets|gallon|gallons|quart|quarts|"
    r"cup|cups|bit|few|much|many|thick|thin|dirty|nasty|gross|smelly|spilled|spilt|dumped|poured|leftover|same|other|"
    r"this|that|these|those|their|his|her|my|our|your|its|the|a|an|of|and|or|with|some|no|not|[a-z]+(?:ed|ing|ly))"
    # the words of the sentence around the thing, never a kind of it: "smells like sewage", "is it gas"
    r"|(?:like|smells?|smelt|looks?|seems?|as|than|about|around|maybe|probably|prob|just|only|also|even|mostly|all|"
    r"in|into|on|onto|at|to|for|from|by|off|out|up|down|over|under|near|through|is|was|are|were|be|been|it|it's|its|"
    r"there|theres|there's|here|heres|here's|thats|that's|what|whats|what's|which|who|i|we|they|he|she|you|me|them|us|but|so|if|then|yes|yeah|"
    r"ya|yep|yup|nope|nah|definitely|def|pure|straight|raw|real|actual|actually|possibly|could|might|may|some|sort|kind|"
    r"type|bit|lot|plus|too|very|really|pretty|had|has|have|do|did|does|got|get|gets|can't|dont|don't|didnt|didn't|"
    # a verb that does something to the thing: "he dumps paint thinner", "she pours motor oil"
    r"dump|dumps|pour|pours|spill|spills|empty|empties|drain|drains|toss|tosses|throw|throws|rinse|rinses|wash|washes|"
    r"hose|hoses|leak|leaks|drip|drips|use|uses|put|puts|let|lets|dispose|disposes|ditch|ditches)"
)


# What holds or carries a thing, never a thing of its own: "the dehumidifier tank" is its water.
_VESSEL = re.compile(r"(?:tank|bucket|pail|barrel|drum|tub|pot|pan|jug|bottle|container|can|tray|hose|pump|bin|bag)s?")


@lru_cache(maxsize=2)
def _hazardous_names(size: int = 1) -> FrozenSet[str]:
    """Names of ``size`` words of hazardous things in the vocabulary ("oil", "paint", "gas";
    "weed killer", "paint thinner")."""
    return frozenset(s for d in load_catalogue().values() if d.hazardous for s in d.synonyms if len(s.split()) == size)


def head_word(words: Iterable[str]) -> str:
    """The head word of a name: the word before its source ("oil from the fryer"), else the last."""
    words = list(words)
    for i, word in enumerate(words):
        if word in ("from", "of", "out", "off") and i:
            return words[i - 1]
    return words[-1] if words else ""


def without_harmless_kinds(plain: str) -> str:
    """``plain`` without the names of harmless things whose head word names a hazardous one:
    "cooking oil", "oil from the fryer" leave, so their "oil" is not read as petroleum."""
    catalogue = load_catalogue()
    out = f" {plain} "
    for mention in find_mentions(plain):
        entry = catalogue.get(mention.key)
        words = mention.phrase.split()
        if entry is not None and not entry.hazardous and len(words) > 1 and head_word(words) in _hazardous_names():
            out = out.replace(f" {mention.phrase} ", " ")
    return " ".join(out.split())


def without_absorbed_sources(plain: str) -> str:
    """``plain`` without a hazardous word whose source is a harmless thing that takes that word
    as its own: in "the oil from his deep fryer" the fryer's oil is grease, not motor oil (the
    vocabulary's ``absorbs``), so only the fryer is left to say what the thing is."""
    catalogue = load_catalogue()
    out = f" {plain} "
    for word in set(_sourced_in(plain, find_mentions(plain), catalogue)):
        out = re.sub(rf" {re.escape(word)} (?=(?:from|out of|off) )", " ", out)
    return " ".join(out.split())


def _sourced_in(plain: str, mentions, catalogue) -> Iterable[str]:
    """Hazardous words said as coming from a harmless thing that absorbs them ("oil from the fryer")."""
    for mention in mentions:
        entry = catalogue.get(mention.key)
        for other, words in (entry.absorbs if entry is not None and not entry.hazardous else ()):
            for word in words:
                source = re.search(rf"\b{re.escape(word)} (?:from|out of|off) (?:[a-z']+ ){{0,3}}?{re.escape(mention.phrase)}\b", plain)
                if source and other in catalogue and catalogue[other].hazardous:
                    yield word


def without_other_kinds(plain: str) -> str:
    """``plain`` without a hazardous thing's one-word name when a word before it makes it another
    kind the vocabulary does not know ("the finger paint pictures": finger paint, not paint); a word
    that only says which one ("old paint", "the neighbor's paint") keeps it."""
    words = plain.split()
    kept: list = []
    i = 0
    while i < len(words):
        before = words[i - 1] if i else ""
        # a two-word name is one thing: "homemade weed killer" is another kind than weed killer
        size = 2 if " ".join(words[i:i + 2]) in _hazardous_names(2) else 1
        name = " ".join(words[i:i + size])
        if (name in _hazardous_names(size) and before and f"{before} {name}" not in _all_names()
                and before not in _hazardous_names() and not _NOT_A_KIND.fullmatch(before)
                and (size == 1 or before not in _name_words())):  # "the rv black tank": the vocabulary's word
            i += size
            continue
        kept.append(words[i])
        i += 1
    return " ".join(kept)


@lru_cache(maxsize=1)
def _name_words() -> FrozenSet[str]:
    return frozenset(w for name in _all_names() for w in name.split())


@lru_cache(maxsize=1)
def _all_names() -> FrozenSet[str]:
    return frozenset(s for d in load_catalogue().values() for s in d.synonyms)


def known_whole(words: str) -> bool:
    """Whether the vocabulary knows every thing in a filed material ("soapy water, grass
    clippings") as a harmless one: a phrase it does not know ("larvicide water", "tinted
    water") or knows only in part ("demolition dust off the porch") leaves the hazard to be asked."""
    catalogue = load_catalogue()
    for phrase in (p.strip() for p in re.split(r"[,;(]| and ", words.lower()) if p.strip(" )")):
        mentions = find_mentions(phrase)
        if not mentions or any(catalogue[m.key].hazardous for m in mentions if m.key in catalogue):
            return False
        named = " ".join(m.phrase for m in mentions).split()
        rest = [w for w in re.sub(r"[^a-z0-9' -]", " ", phrase).split() if w not in named]
        head = head_word(phrase.split())
        if rest and not all(_NOT_A_KIND.fullmatch(w) or _VESSEL.fullmatch(w) for w in rest) and (
                head not in named or _VESSEL.fullmatch(head) or head in ("pool", "pools")):
            return False  # "dust off the porch": the thing's head is not the vocabulary's; "a jello kiddie pool": what it held
    return True
