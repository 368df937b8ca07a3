"""Text for SMS: plain GSM-7 characters, numbered choices instead of buttons, turns that fit.

One character outside the GSM-7 alphabet (a curly quote, an emoji) makes a carrier send the
whole text as UCS-2, 70 characters a segment instead of 160, so replies go through
:func:`to_gsm7` first. Each segment is billed to the village: :func:`plan_turn` fits a bot
turn into three segments in whole sentences (:func:`sentences`), safety and the question
first, and :func:`next_part` sends what waits for "MORE" (or "LAW") the same way. Twilio
refuses a body over 1,600 characters: :func:`split_for_sms` keeps any other text under that.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import List, Mapping, Optional, Sequence, Tuple

# The GSM 03.38 default alphabet (ESC 0x1B left out: it only introduces the extension table).
GSM7_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
# The extension table: each of these costs two septets (ESC + character).
GSM7_EXTENSION = frozenset("^{}\\[~]|€")
GSM7 = GSM7_BASIC | GSM7_EXTENSION

# Characters with a usual ASCII spelling that NFKD decomposition does not give.
_REPLACEMENTS = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u2039": "'", "\u203a": "'",
    "\u00b4": "'", "\u0060": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
    "\u00ad": "",
    "\u2026": "...",
    "\u2022": "*", "\u00b7": "*", "\u2023": "*", "\u25cf": "*",
    "\u2044": "/", "\u00f7": "/", "\u00d7": "x",
    "\u00a9": "(c)", "\u00ae": "(R)", "\u2122": "(TM)",
    "\u00b0": " degrees",
    "\t": " ",
}
_SPACES = re.compile(r"[ ]{2,}")
_SPACE_AT_LINE_EDGE = re.compile(r"[ \r]*\n[ ]*")  # also folds CRs before a newline (CRLF, "\r\x0c")
_CHOICE = re.compile(r"#?\s*(\d{1,2})\s*[.)]?")


def _gsm7_char(char: str) -> str:
    if char in GSM7:
        return char
    if char in _REPLACEMENTS:
        return _REPLACEMENTS[char]
    if char.isspace():  # no-break and other Unicode spaces, line/paragraph separators
        return "\n" if char in "\u2028\u2029\x0b\x0c\x85" else " "
    # Accented letters and compatibility forms ("ê" -> "e", "ﬁ" -> "fi", "①" -> "1"):
    # keep what of the decomposition is GSM-7, drop the rest (combining marks, emoji, ZWJ).
    decomposed = unicodedata.normalize("NFKD", char)
    if decomposed == char:
        return ""
    return "".join(_REPLACEMENTS.get(c, c if c in GSM7 else "") for c in decomposed)


def to_gsm7(text: str) -> str:
    """``text`` in GSM-7 characters only, so an SMS goes out as 160-character segments.

    Curly quotes, dashes, the ellipsis and no-break spaces become their ASCII forms, accented
    letters outside GSM-7 lose their accents, and what has no GSM-7 spelling (emoji, most
    non-Latin scripts) is dropped; the spaces a dropped character leaves are folded.

    :param text: any text
    :returns: text whose every character is in :data:`GSM7`
    """
    out = "".join(_gsm7_char(c) for c in text.replace("\r\n", "\n"))
    out = _SPACE_AT_LINE_EDGE.sub("\n", _SPACES.sub(" ", out))
    return out.strip(" ")


def gsm7_septets(text: str) -> int:
    """How many 7-bit septets ``text`` needs in GSM-7 (extension characters count twice).

    :raises ValueError: if ``text`` has a character outside GSM-7
    """
    bad = [c for c in text if c not in GSM7]
    if bad:
        raise ValueError(f"not GSM-7: {bad[0]!r}")
    return sum(2 if c in GSM7_EXTENSION else 1 for c in text)


def with_numbered_choices(
    text: str,
    buttons: Sequence[Mapping[str, str]],
    lead: str = "Reply",
    item: str = "{number} for {title}",
    separator: str = " / ",
) -> str:
    """``text`` followed by the buttons as numbered choices on a line of their own:
    ``"... Reply 1 for Yes / 2 for No, someone else / 3 for Not sure."``.

    The separator is not a comma, so a choice with a comma in it ("No, someone else") stays
    one choice when read.

    :param buttons: the bot's buttons, each with a ``title``
    :param lead: the words before the first choice (from ``data/messages.yml``)
    :param item: how one choice reads, with ``{number}`` and ``{title}``
    :param separator: what stands between two choices
    """
    titles = [str(b.get("title", "")).strip() for b in buttons]
    if not titles:
        return text
    choices = separator.join(item.format(number=i, title=t.rstrip(".")) for i, t in enumerate(titles, 1))
    line = f"{lead} {choices}" + ("" if choices.endswith(("?", "!")) else ".")
    return f"{text}\n{line}" if text else line


def choice_payload(text: str, buttons: Sequence[Mapping[str, str]]) -> Optional[str]:
    """The payload of the button a reply such as ``"1"`` (or ``"#2"``, ``"3."``) picks, else ``None``.

    :param text: the resident's (cleaned) reply
    :param buttons: the buttons offered in the last reply, in order
    """
    match = _CHOICE.fullmatch(text.strip())
    if not match:
        return None
    number = int(match.group(1))
    if 1 <= number <= len(buttons):
        payload = buttons[number - 1].get("payload")
        return str(payload) if payload is not None else None
    return None


def _cut_point(text: str, limit: int) -> int:
    """Where to end a part of at most ``limit`` characters: a paragraph, line, sentence or word end."""
    if len(text) <= limit:
        return len(text)
    window = text[: limit + 1]
    for pattern in ("\n\n", "\n", ". ", "? ", "! ", "; ", ", ", " "):
        at = window.rfind(pattern, 0, limit + 1)
        # Do not make a silly little first part just to break at a nicer place.
        if at > 0 and (pattern == " " or at >= limit // 3):
            return min(at + len(pattern.rstrip()), limit) if pattern.strip() else at
    return limit


def split_for_sms(text: str, limit: int = 320, total: int = 1600, overflow: str = "...") -> List[str]:
    """Cut a reply into SMS bodies of at most ``limit`` characters, ``total`` in all.

    Parts end at a paragraph, line, sentence or word where one is near. A text longer than
    ``total`` is cut at a word and ends with ``overflow`` (e.g. "... More: call <office>.").

    :param text: the reply (already :func:`to_gsm7` if it is to stay GSM-7)
    :param limit: the longest part, in characters
    :param total: the most characters of all parts together (Twilio's hard limit is 1,600)
    :param overflow: what ends a text that had to be cut short
    :returns: the bodies in order; ``[]`` for an empty text
    """
    if limit < 1 or total < 1:
        raise ValueError("limit and total must be positive")
    overflow = overflow[: min(total, limit)]
    text = text.strip()
    if len(text) > total:
        room = total - len(overflow)
        head = text[: room + 1]
        cut = head.rfind(" ", 0, room + 1)
        head = (head[:cut] if cut > room // 2 else head[:room]).rstrip()
        text = head + overflow
    parts: List[str] = []
    rest = text
    while rest:
        at = _cut_point(rest, limit)
        part = rest[:at].strip()
        if part:
            parts.append(part)
        rest = rest[at:].strip()
    return parts


# A multi-part SMS carries 153 septets a segment (the rest is the header that joins them).
SINGLE_SEPTETS, PART_SEPTETS = 160, 153
# Every SMS turn, and every part sent on "MORE" or "LAW", is at most this many segments.
TURN_SEGMENTS = 3
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


def sms_segments(text: str) -> int:
    """How many billed segments ``text`` (GSM-7) takes as one SMS: 1 up to 160 septets,
    else 153 septets a segment."""
    septets = gsm7_septets(text)
    if septets <= SINGLE_SEPTETS:
        return 1 if septets else 0
    return -(-septets // PART_SEPTETS)


def septet_budget(segments: int = TURN_SEGMENTS) -> int:
    """The most septets a text of ``segments`` segments can hold (459 for 3)."""
    return segments * PART_SEPTETS if segments > 1 else SINGLE_SEPTETS


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
    asked = _units([question], room, first=len(texts)) if question.strip() else []
    # The question: the whole message if there is room, else from its last sentence asking
    # something to the end, else that sentence and the choices, else the choices alone.
    asked = [_Unit(u.message, u.sep, u.text, u.safety, True, u.note) for u in asked]
    ask = next((i for i in range(len(asked) - 1, -1, -1) if asked[i].text.endswith("?")), max(len(asked) - 1, 0))
    question_groups = [asked, asked[ask:], list(dict.fromkeys(asked[ask:ask + 1] + asked[-1:])), asked[-1:]] if asked else []
    units += asked

    def in_order(chosen: List[_Unit]) -> List[_Unit]:
        picked = {id(u) for u in chosen}
        return [u for u in units if id(u) in picked]

    def fits(chosen: List[_Unit], held: bool) -> bool:
        body = _assemble(in_order(chosen))
        tail = hints(held)
        return gsm7_septets(body + ("\n\n" + tail if tail and body else tail)) <= budget

    if fits(units, False):
        return SmsTurn(text=_finish(_assemble(units), hints(False)), law=law)
    chosen: List[_Unit] = []
    safety = [u for u in units if u.safety]
    # The first safety sentence (911), the question, then the turn's first sentence, which
    # leads (the verdict, "Filed: your reference is BAY-7K3Q9P."), then the other safety
    # sentences: each while it fits.
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
    held = [u for u in units if u not in chosen]
    return SmsTurn(text=_finish(_assemble(in_order(chosen)), hints(bool(held))), more=_assemble(held), law=law)


def _finish(body: str, tail: str) -> str:
    return f"{body}\n\n{tail}" if body and tail else body or tail


def next_part(held: str, hint: str = "Reply MORE for the rest.", segments: int = TURN_SEGMENTS) -> SmsTurn:
    """What a "MORE" (or "LAW") sends of ``held``: the next ``segments`` segments in whole
    sentences, ``hint`` at its end when more remains (``more`` of the answer)."""
    return plan_turn(held.split("\n\n"), more_hint=hint, segments=segments)
