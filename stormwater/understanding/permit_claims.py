"""A permit said to be held, not one asked about: "they say they have a state permit" names a
permit the discharge may run under; "do I need a state permit to drain my pool?" and "is a
SPDES permit required?" ask whether one is needed, which names none (issue 27: a named DEC
permit decides the rule; an asked one is the permit topic's question). Plain Python."""
from __future__ import annotations

import re
from typing import Callable, Dict, Iterable, List, Optional, Tuple

# Words that make a permit the question, not a fact: needing, requiring, applying, getting one.
_ASKED_FOR = re.compile(
    r"\b(?:need|needs|needed|require|requires|required|requirement|apply|applying|application|obtain|"
    r"how (?:do|can|would) (?:i|we|they|you) get|have to get|has to get|supposed to (?:have|get)|should (?:i|we|they) get|"
    r"is there a|are there any|what (?:permit|kind of permit))\b"
)
# "no permit", "without a permit": said with `found`'s own negation reading.


def claimed_permits(text: str, permit_words: Dict[str, Iterable[str]],
                    found: Callable[[str, Iterable[str]], Tuple[bool, bool]],
                    grantors: Optional[Dict[str, Iterable[str]]] = None) -> Tuple[str, ...]:
    """The kinds of ``permit_words`` that ``text`` says are held, sentence by sentence: a
    sentence that asks for or about needing one names none ("do we need a DEC permit?"); a kind
    with ``grantors`` counts only where one of them is named in its sentence ("the village
    stormwater officer gave us a written ok", not "my landlord gave us a written ok")."""
    held: List[str] = []
    grantors = grantors or {}
    for sentence in re.split(r"(?<=[.?!;])\s+", text):
        if _ASKED_FOR.search(sentence):
            continue
        held += [kind for kind, words in permit_words.items() if kind not in held and found(sentence, words)[0]
                 and (kind not in grantors or any(re.search(rf"\b{re.escape(g)}\b", sentence.lower()) for g in grantors[kind]))]
    return tuple(held)
