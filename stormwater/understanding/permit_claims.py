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

# The SMO's written approval (the `emergency_approval` kind) told as a writing that lets them do it,
# in any words: "gave us a letter saying we can pump it out", "an email allowing it", "a note
# that says they may": a writing, then what it says lets someone act. "A letter saying we must
# stop" lets no one.
EMERGENCY_APPROVAL = "emergency_approval"
_WRITING_LETS = re.compile(
    r"\b(?:letter|e-?mail|note|memo|notice|paper|form|document|authorization)\b(?:\s+[\w']+){0,3}?\s+"
    r"(?:(?:saying|says|said|stating|that says)\s+(?:that\s+)?(?:we|i|they|he|she|it's|its|it is)\s+"
    r"(?:can|could|may|are allowed|were allowed|is allowed|was allowed|have permission|ok|okay|fine)"
    r"|allowing|permitting|letting|giving (?:us|me|them|him|her) permission)\b"
)


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
        said = {kind for kind, words in permit_words.items() if found(sentence, words)[0]}
        if EMERGENCY_APPROVAL in permit_words and _WRITING_LETS.search(sentence.lower()):
            said.add(EMERGENCY_APPROVAL)
        held += [kind for kind in permit_words if kind in said and kind not in held
                 and (kind not in grantors or any(re.search(rf"\b{re.escape(g)}\b", sentence.lower()) for g in grantors[kind]))]
    return tuple(held)
