"""An SMS turn that fits: a bot turn in :data:`~stormwater.intake.sms_text.TURN_SEGMENTS`
segments, whole sentences only (:func:`sentences`), safety and the question first
(:func:`plan_turn`); :func:`next_part` sends what waits for "MORE" (or "LAW") the same way.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, List, Sequence, Tuple

from stormwater.intake.sms_text import TURN_SEGMENTS, gsm7_septets, septet_budget

# Sentences sent first: emergency dispatch, the state's spill hotline, the ordinance's notice
# deadline for a filed spill ("... no later than Monday, ...") and the letter that confirms it.
_SAFETY = re.compile(r"\b911\b|1-800-457-7362|\bno later than\b|/letters/[A-Za-z0-9_-]+(?![A-Za-z0-9_/-])")
# The not-legal-advice line of a law answer (data/messages.yml legal_note): said once per
# conversation by SMS, so it is sent with the answer, not held for a MORE that may never come.
_LEGAL_NOTE = re.compile(r"\bnot legal advice\b")
# A full stop after these words does not end a sentence ("ch. 63A", "Art. I", "12 Main St. east").
_ABBREVIATIONS = frozenset(
    "ch art sec secs st rd ave blvd ln dr ct pl hwy mt ft no nos mr mrs ms jr sr inc co corp ltd vs etc "
    "e.g i.e a.m p.m u.s n.y approx gal min max dept tel fig ex".split()
)
# A sentence end: ., ? or ! (with closing quotes or brackets) before a space and a capital,
# a digit, a quote or a bracket.
_SENTENCE_END = re.compile(r"""(?<=[.?!])["')\]]*(?= +["'(\[]?[A-Z0-9§])""")
_DOTTED = re.compile(r"(?:[a-z]\.)+[a-z]")  # "e.g", "a.m", "u.s"
_CLAUSE_ENDS = ("; ", ", ", " ")



def _ends_sentence(line: str, at: int) -> bool:
    """Whether the full stop (or ? or !) just before ``at`` in ``line`` ends a sentence."""
    head = line[:at].rstrip("\"')]")
    if not head.endswith("."):
        return True
    word = head[:-1].rsplit(None, 1)[-1].lower() if head[:-1].split() else ""
    word = word.lstrip("(\"'")
    # "ch. 63A", an initial ("J. Smith"), "e.g." and "a.m." are not sentence ends.
    return not (word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()) or _DOTTED.fullmatch(word))


def sentences(text: str) -> List[Tuple[str, str]]:
    """``text`` cut into sentences, each with what joined it to the one before (``""`` for the
    first, ``" "`` within a line, ``"\\n"`` or ``"\\n\\n"`` at a line or paragraph break).

    A line is never joined across: a line break ends a sentence (a read-back field, a contact,
    a "Source: ..." line, the numbered choices). ``"".join(sep + s for sep, s in sentences(t))``
    gives back ``t`` with its spacing folded.
    """
    out: List[Tuple[str, str]] = []
    for p, paragraph in enumerate(re.split(r"\n\s*\n", text.strip())):
        for number, line in enumerate(paragraph.split("\n")):
            line = " ".join(line.split())
            if not line:
                continue
            sep = ("\n\n" if p and not number else "\n") if out else ""
            start = 0
            for match in _SENTENCE_END.finditer(line):
                if _ends_sentence(line, match.end()):
                    out.append((sep, line[start:match.end()].strip()))
                    sep, start = " ", match.end()
            out.append((sep, line[start:].strip()))
    return [(sep, s) for sep, s in out if s]


def _pieces(sentence: str, room: int) -> List[str]:
    """A sentence too long for one text, cut at clauses (or words) into pieces of at most
    ``room`` septets; any other sentence whole."""
    pieces, rest = [], sentence
    while gsm7_septets(rest) > room:
        window = rest[: room + 1]
        while gsm7_septets(window) > room + 1:
            window = window[:-1]
        at = max((window.rfind(end, room // 3) for end in _CLAUSE_ENDS[:-1]), default=-1)
        at = at if at > 0 else window.rfind(" ", room // 3)
        cut = at + 1 if at > 0 else len(window) - 1
        pieces.append(rest[:cut].strip())
        rest = rest[cut:].strip()
    return pieces + ([rest] if rest else [])


@dataclass(frozen=True, eq=False)  # compared by identity: two sentences may read the same
class _Unit:
    message: int  # which message it comes from (its order)
    sep: str  # what joins it to the unit before it in its message
    text: str
    safety: bool = False
    question: bool = False
    note: bool = False  # the not-legal-advice line


def _units(texts: Sequence[str], room: int, first: int = 0) -> List[_Unit]:
    units = []
    for number, text in enumerate(texts, first):
        for at, (sep, sentence) in enumerate(sentences(text)):
            for p, piece in enumerate(_pieces(sentence, room)):
                units.append(_Unit(number, (sep if at else "") if not p else " ", piece,
                                   safety=bool(_SAFETY.search(sentence)), note=bool(_LEGAL_NOTE.search(sentence))))
    return units


def _assemble(units: Sequence[_Unit]) -> str:
    """Units (in reading order) back into text: messages apart by a blank line, sentences as
    they were joined."""
    out, last = "", None
    for unit in units:
        if last is None:
            out = unit.text
        elif unit.message != last:
            out += "\n\n" + unit.text
        else:
            out += (unit.sep or " ") + unit.text
        last = unit.message
    return out


@dataclass(frozen=True)
class SmsTurn:
    """One SMS answer: what is sent now, and what waits for the resident to ask."""

    text: str
    more: str = ""  # the messages held back; sent on "MORE", a budget at a time
    law: str = ""   # the ordinance's words; sent on "LAW", a budget at a time


def plan_turn(
    texts: Sequence[str],
    question: str = "",
    law: str = "",
    *,
    more_hint: str = "Reply MORE for the rest.",
    law_hint: str = "Reply LAW for the ordinance's words.",
    segments: int = TURN_SEGMENTS,
) -> SmsTurn:
    """Fit a bot turn into ``segments`` SMS segments, whole sentences only.

    The first sentence with emergency guidance (911, the NYSDEC Spill Hotline) comes first,
    then the question asked (whole if it fits, else from its last sentence asking something,
    else that sentence and its numbered choices, else the choices; never cut), then the
    turn's first sentence (it leads: the verdict, the reference), then the other sentences
    with emergency guidance, the ordinance's notice deadline or the letter that confirms a
    notice, then the not-legal-advice line, each while it fits; then the other sentences in their order while they fit. From the
    first sentence that does not fit, the rest waits for "MORE" (announced by ``more_hint``);
    the ordinance's words wait for "LAW". Only a single sentence longer than a whole text is
    cut, at a clause or a word. The text sent keeps the messages' reading order.

    :param texts: the bot's messages, in order, GSM-7, without the question
    :param question: the message asking the resident something, with its numbered choices
    :param law: the quotes behind the answer ("" when there are none)
    :returns: the text to send now (at most ``segments`` segments) and what is held back
    """
    budget = septet_budget(segments)
    law = law.strip()
    hints = lambda held: " ".join(([more_hint] if held else []) + ([law_hint] if law else []))  # noqa: E731
    # Room for one sentence: a text with the hints must still hold it. Only a sentence longer
    # than that (a list of definitions) is cut, at its clauses.
    room = max(budget - gsm7_septets(hints(True)) - 3, 20)
    texts = [t.strip() for t in texts if t and t.strip()]
    units = _units(texts, room)
    asked = _question_units(question, room, len(texts))
    units += asked
    fits = _fits(units, hints, budget)
    if fits(units, False):
        return SmsTurn(text=_finish(_assemble(units), hints(False)), law=law)
    chosen = _choose(units, _question_groups(asked), fits)
    held = [u for u in units if u not in chosen]
    return SmsTurn(text=_finish(_assemble(_in_order(units, chosen)), hints(bool(held))), more=_assemble(held), law=law)


def _question_units(question: str, room: int, first: int) -> List[_Unit]:
    if not question.strip():
        return []
    return [_Unit(u.message, u.sep, u.text, u.safety, True, u.note) for u in _units([question], room, first=first)]


def _question_groups(asked: List[_Unit]) -> List[List[_Unit]]:
    """The question, as much as fits: the whole message, else from its last sentence asking
    something to the end, else that sentence and the choices, else the choices alone."""
    if not asked:
        return []
    ask = next((i for i in range(len(asked) - 1, -1, -1) if asked[i].text.endswith("?")), max(len(asked) - 1, 0))
    return [asked, asked[ask:], list(dict.fromkeys(asked[ask:ask + 1] + asked[-1:])), asked[-1:]]


def _in_order(units: Sequence[_Unit], chosen: Sequence[_Unit]) -> List[_Unit]:
    picked = {id(u) for u in chosen}
    return [u for u in units if id(u) in picked]


def _fits(units: Sequence[_Unit], hints: Callable[[bool], str], budget: int) -> Callable[[List[_Unit], bool], bool]:
    """Whether the chosen units, in reading order, with the hints, fit ``budget`` septets."""

    def fits(chosen: List[_Unit], held: bool) -> bool:
        body = _assemble(_in_order(units, chosen))
        tail = hints(held)
        return gsm7_septets(body + ("\n\n" + tail if tail and body else tail)) <= budget

    return fits


def _choose(units: List[_Unit], question_groups: List[List[_Unit]], fits) -> List[_Unit]:
    """The units sent now, by priority: the first safety sentence (911), the question, the
    turn's first sentence, which leads (the verdict, "Filed: your reference is BAY-7K3Q9P."),
    the other safety sentences and the legal note, each while it fits; then the rest in order
    until one does not fit."""
    chosen: List[_Unit] = []
    safety = [u for u in units if u.safety]
    for unit in safety[:1]:
        if fits([unit], True):
            chosen.append(unit)
    for group in question_groups:
        wanted = [u for u in group if u not in chosen]
        if fits(chosen + wanted, True):
            chosen += wanted
            break
    for unit in dict.fromkeys(units[:1] + safety[1:] + [u for u in units if u.note]):
        if unit not in chosen and fits(chosen + [unit], True):
            chosen.append(unit)
    for unit in (u for u in units if u not in chosen and not (u.safety or u.note)):
        if not fits(chosen + [unit], True):
            break  # the rest waits, in order: nothing skipped, nothing out of its place
        chosen.append(unit)
    return chosen


def _finish(body: str, tail: str) -> str:
    return f"{body}\n\n{tail}" if body and tail else body or tail


def next_part(held: str, hint: str = "Reply MORE for the rest.", segments: int = TURN_SEGMENTS) -> SmsTurn:
    """What a "MORE" (or "LAW") sends of ``held``: the next ``segments`` segments in whole
    sentences, ``hint`` at its end when more remains (``more`` of the answer)."""
    return plan_turn(held.split("\n\n"), more_hint=hint, segments=segments)
