"""A message the classifier heard as a spill report: report it now, or answer the law first?

"My neighbor is pumping his pool into the street, is that legal?" asks for a verdict; the
report can follow with one tap. Only an explicit request ("I want to report a spill") or an
emergency (fire, injury, danger) goes straight into the report form, and so does a resident's
own accident told without a question about the law ("I spilled oil, what do I do?"), whose
answer is the spill duties the report walks through. Someone else's discharge told as happening
now ("someone is dumping paint into the storm drain on Main St") is a report too: its verdict
comes in one line inside it (:mod:`stormwater.dialogue.seen_report`).

Plain functions over the words (no Rasa), used by ``actions/spill.py``.
"""
from __future__ import annotations

import re

from stormwater.understanding.dye_tests import dye_test_told
from stormwater.understanding.form_reader import hazard_from_words, is_question
from stormwater.understanding.meaning import Reading
from stormwater.understanding.asking import asks, asks_leave_for_it, asks_permission, asks_verdict, emergency_word_denied, emergency_word_is_a_name, vouches_for_water

ANSWER = "answer"
REPORT = "report"

# "report", "complaint": the resident asks to report, whatever else the message says.
# (not the resident being reported: "the neighbor says hes reporting us", "threatened to report me";
# nor a report denied: "he says i cant complain about his ac")
_REPORT_REQUEST = re.compile(
    r"(?<!cant )(?<!can't )(?<!cannot )(?<!not )(?<!dont )(?<!don't )(?<!wont )(?<!won't )(?<!never )"
    r"\b(report|reporting|complaint|complain|file a ticket)\b(?! (?:us|me)\b)")
# Someone may be in danger now: safety and the report, no law lesson first.
_EMERGENCY = re.compile(
    r"\b(fire|flames?|burning|explo(?:sion|sions|ded|ding)|smoke|smoking|fumes|injur(?:ed|y|ies)|hurt|bleeding|"
    r"unconscious|can'?t breathe|danger|dangerous|emergency|911|ambulance|evacuat\w*)\b"
)
# Asking whether it is lawful, or what can be done about it.
_LAW_QUESTION = re.compile(
    r"\b(legal|illegal|lawful|unlawful|allowed|permitted|ok|okay|against the (?:law|rules|code)|a violation|"
    r"violat(?:e|es|ing)|a problem|my options|can (?:they|he|she|someone|people)|are (?:they|people) allowed|"
    r"in trouble|fined?|get away with)\b"
)
# Someone's word that it is fine, passed on to be checked ("he says thats normal"): the verdict.
_CLAIMED_FINE = re.compile(
    r"\b(?:says?|said|claims?|claimed|told (?:me|us)|tells (?:me|us)|swears?)\s+(?:that\s+)?(?:(?:that'?s|thats|its|it'?s|it is|this is|"
    r"that is|it was|its all|everything'?s)\s+)?(?:totally\s+|perfectly\s+|completely\s+|just\s+)?"
    r"(?:normal|fine|ok|okay|allowed|legal|safe|harmless|no problem|standard|routine|nothing)\b"
)
# Someone's advice to let it out, passed on to be checked ("my nephew says just dump them in the
# storm drain", "the plumber told us to pump it to the street"): nothing is out yet, the verdict.
_ADVISED = re.compile(
    r"\b(?:says?|said|told (?:me|us)|tells (?:me|us)|suggests?|suggested|recommends?|recommended)\s+"
    r"(?:(?:that\s+)?(?:we|i|you)\s+(?:should|can|could|just)\s+|to\s+)?(?:just\s+)?"
    r"(?:dump|pump|pour|drain|hose|rinse|wash|empty|spray|sweep|blow|throw|toss|tip|flush|squeegee|let)\b"
)
# The resident's own accident: its answer is the spill duties, which the report carries.
_OWN_ACCIDENT = re.compile(
    r"\b(?:i|we|i've|we've|ive|weve)\s+(?:just\s+|accidentally\s+|already\s+)?"
    r"(?:spilled|spilt|leaked|knocked over|tipped over|dropped|overfilled)\b"
)
# Happening now: "right now", or a discharging verb in -ing ("is dumping", texting "dumpin"),
# not a habit ("keeps throwing", "every fall") and not the past ("was hosing").
_NOW = re.compile(r"\b(?:right now|rn|as we speak|at the moment|currently|this minute)\b")
_DOING = re.compile(
    r"\b(?<!was )(?<!were )(?<!keeps )(?<!keep )(?<!been )"
    r"(?:dump|pump|pour|drain|discharg|wash|hos|spill|leak|throw|tossin|empty|emptie|rins|spray|dispos|sweep|blow|"
    r"runn|flow|ooz|seep|gush|trickl|dripp)"
    r"\w*?(?:ing|in)\b"
    r"|\bcom(?:ing|in) (?:out|from|into|down)\b"  # "black gunk coming out of the downspout"
)
# A fire the words tell is over: put out, out, extinguished ("hosed it till it was out").
_FIRE_OVER = re.compile(
    r"\b(?:put (?:it|them|the fire|the flames) out|put out (?:the|a|my|our) (?:\w+ ){0,2}fire|(?:it|fire|flames) (?:was|were|is) (?:finally |all )?out|"
    r"(?:it|fire|flames) went out|(?:it'?s|fires?'?s|fire is) (?:all )?out now|extinguished|burned itself out|till it was out|until it was out)\b"
)
_FIRE_WORDS = re.compile(r"\b(?:fire|flames?|burning|smoke|smoking)\b")
# A fire told in the past ("went up in flames last night", "a car was burning on the shoulder"):
# over, unless the words say it still burns or it is now
_FIRE_PAST = re.compile(
    r"\b(?:last night|last nite|yesterday|overnight|last week|last weekend|the other day|earlier today|this morning|"
    r"was burning|were burning|caught fire|caught on fire|went up in flames|burned|burnt|had a (?:\w+ )?fire|there was a (?:\w+ )?fire|"
    r"last month|last year|(?:a|one|two|three|\d+|a few|a couple(?: of)?) (?:weeks|months|years) ago|"
    # "started hissing and smoking on the charger ... sitting out back for 2 days": days ago is over
    r"(?:for|been|after) (?:\d+|a|two|three|four|a few|a couple(?: of)?) (?:days|weeks)|\d+ days ago|days ago|a week ago)\b"
)
_FIRE_NOW = re.compile(r"\b(?:is|are|it's|its|still) (?:on fire|burning|smoking|in flames)\b|\bstill (?:burning|smoking|smoldering)\b")
_HABIT = re.compile(r"\b(?:keeps?|every|always|all the time|usually|often|each|all day|at close|at closing|daily|nightly|weekly)\b")
# One's own way of working told in the simple present ("at close we dump the tray out the back
# door", "i hose the mats into the lot"): a habit, not an accident (those are told in the past)
_OWN_PRACTICE = re.compile(
    r"\b(?:i|we)\s+(?:usually\s+|always\s+|just\s+|then\s+|normally\s+|typically\s+)?"
    r"(?:dump|pump|pour|drain|hose|rinse|wash|empty|spray|sweep|blow|throw|toss|dispose|squeegee|run)\s+(?!it\s+(?:now|rn)\b)"
)
# Someone else's way of working, told in the simple present ("the shop washes its trucks in the
# lot", "he hoses the mats into the gutter"): a practice to be answered, not an accident.
_PRACTICE = re.compile(
    r"\b(?:washe|hose|rinse|dump|pump|pour|drain|empt|spray|throw|sweep|blow|discharge|dispose)(?:s|ies)\b"
    # or its plural subject's ("the kids dump the coolers at the curb", "they hose the mats off")
    r"|\b(?:they|(?!(?:his|hers|this|is|was|its|has|as|does|us|yes|plus|gas|grass|less|unless|always|perhaps)\b)[a-z]+[^s']s)\s+"
    r"(?:usually\s+|always\s+|just\s+|then\s+|all\s+)?(?:dump|hose|rinse|pour|drain|empty|spray|throw|sweep|blow|discharge|dispose of|wash)\s+(?:the|their|its|out|off|all|it|them)\b"
)
# A verb of letting something out on purpose, in any form ("keeps pumping", "hose it every week"):
# with a habit word it tells a practice (not a leak or a spill: those are accidents).
# (a verb by its ending or its subject: "the drain" is a place, "drained", "we drain" are doings)
_LETTING_OUT = re.compile(
    r"\b(?:dump|pump|pour|drain|discharg|wash|hos|rins|spray|empt|throw|sweep|blow|dispos)\w*?(?:s|ed|ing|in)\b"
    r"|\b(?:i|we|they|you|he|she|just|keep|keeps|to|and|then)\s+(?:dump|pump|pour|drain|discharge|wash|hose|rinse|spray|empty|throw|sweep|blow|dispose"
    r"|tip|toss|flush|squeegee)\b"  # a bare "tip", "toss": asked or meant ("cant i just tip it"), not "tipped over"
    # a drain or line meant to be laid ("i want to pipe it to the ditch"), or a washing named with its tool ("to power wash")
    r"|\bto\s+(?:pipe|route|plumb|tie|hook up|power wash|pressure wash)\b"
    # "pull the fish box plug and let it run down to the storm drain", "open the valve"
    r"|\blet (?:it|them|that|this|the \w+) (?:all )?(?:run|go|drain|flow|out)\b|\bpull (?:the|its|his|her|my|our|their) (?:\w+ ){0,2}plugs?\b"
    r"|\bopen (?:the|its|his|her|my|our|their) (?:\w+ ){0,2}(?:valves?|drain plugs?|petcocks?)\b"
)



def happening_now(text: str) -> bool:
    """Whether the words tell of a discharge going on now, not a habit or one that is over."""
    plain = plain_words(text)
    return bool(_NOW.search(plain) or (_DOING.search(plain) and not _HABIT.search(plain)))


def practice(plain: str) -> bool:
    """Whether the plain words tell of a way of doing things, not a one-off accident: a verb of
    letting something out in the simple present ("the super pumps it out"), or with a habit
    word ("they hose it into the street every week", "we keep draining it")."""
    return bool(_PRACTICE.search(plain) or _OWN_PRACTICE.search(plain) or (_HABIT.search(plain) and _LETTING_OUT.search(plain)))


# The resident letting it out on purpose: "draining my boiler for a repair", "i change 10 percent of
# the pond water every day", "i spread the muck on the grass strip": no accident, and whether it
# may go is the answer (the offer to report follows it)
_OWN_LETTING = re.compile(
    r"^(?:(?:i'?m|im|i am|we're|we are)\s+)?(?:draining|pumping|dumping|emptying|flushing|hosing|rinsing|washing|pouring|changing|spreading)"
    r"\s+(?:out\s+)?(?:my|our)\b"
    r"|\b(?:i|we|i'?m|im|we're|i am|we are)\s+(?:just\s+|then\s+|also\s+|usually\s+|always\s+)?"
    # (the present or a doing going on: a release told in the past is reported, as before)
    r"(?:drain|dump|pump|pour|hose|rinse|wash|empty|flush|dispose|spread|change|swap|squeegee)(?:s|es|ing|ping)?\b"
)
_MISHAP = re.compile(r"\b(?:by mistake|by accident|accidental(?:ly)?|oops|didn'?t mean|without meaning)\b")


def own_letting_out(plain: str) -> bool:
    """Whether the plain words tell of the resident letting something out on purpose (not an
    accident: nothing spilled, leaked or tipped over, nothing done by mistake)."""
    return bool(_OWN_LETTING.search(plain)) and not _OWN_ACCIDENT.search(plain) and not _MISHAP.search(plain)


# Asking leave: "can i", "could we", "cant i just", "ok to", "fine to".
_LEAVE = re.compile(r"\b(?:(?:can|could|may|can't|cant|cannot|couldn't|couldnt)\s+(?:i|we)|(?:ok|okay|fine|alright|all right)\s+to)\b")


# "the gas can i left by the garage": a can is a container there, no asking leave
_A_CAN = re.compile(
    r"\b(?:(?:the|a|an|my|our|his|her|their|this|that|old|empty)|gas|gasoline|fuel|paint|trash|garbage|oil|watering|soda|beer|spray|"
    r"aerosol|tin|coffee|food)\s+can\s+(?:i|we)$"
)


def asks_to_let_it_out(plain: str) -> bool:
    """Whether the plain words ask leave to let something out ("i spilled some paint on the
    patio, can i wash it into the drain?", "can i just hose it toward the street"): whether
    that is allowed is the question, even after one's own accident ("can I get someone out
    here?" asks no such thing)."""
    leaves = [m for m in _LEAVE.finditer(plain) if not _A_CAN.search(plain[: m.end()])]
    return bool(leaves and _LETTING_OUT.search(plain[leaves[0].start():]))


# Meaning to do it, not having done it: "wants to", "going to", "planning to", "about to".
_INTENT = re.compile(r"\b(?:wants?|wanted|going|gonna|planning|plans?|about|thinking|hoping|would like|need|needs)\s+(?:to|of|on|about)\b"
                     r"|\b(?:plan|idea|thought) (?:is|was) (?:to|that)\b")  # "plan is to shampoo them and rinse them at the curb"


def intends_to_let_it_out(plain: str) -> bool:
    """Whether the plain words tell of a discharge meant, not done ("the dentist office wants to
    drain the developer into the storm drain", "we are going to pump the pond into the street"):
    nothing has been released yet, so whether it may go is the answer, not the spill form."""
    intent = _INTENT.search(plain)
    return bool(intent and _LETTING_OUT.search(plain[intent.start():]))


def discovered_now(text: str) -> bool:
    """Whether the words say it was found at this moment ("right now", "rn", "as we speak"), so
    the discovery time is not asked. "someone is dumping paint" tells that it goes on, not
    since when: the resident may have watched it since yesterday, so the time is asked."""
    return bool(_NOW.search(plain_words(text)))


def plain_words(text: str) -> str:
    """``text`` lowercased, its punctuation spaces: the words the route's patterns read."""
    return " ".join(re.sub(r"[^a-z0-9' ]+", " ", (text or "").lower().replace("\u2019", "'")).split())


def route(text: str, reading: Reading) -> str:
    """:data:`ANSWER` (the verdict first, then the offer to report) or :data:`REPORT` (safety
    first, then the report form) for a message heard as a spill report.

    :param text: what the resident wrote
    :param reading: the message read as a discharge question (:func:`stormwater.understanding.meaning.read_question`)
    """
    plain = plain_words(text)
    # "after the house fire, the hose water..." tells of a fire that is over
    plain_now = re.sub(r"\bafter (?:the |a |our )?(?:\w+ )?fire\b", " ", plain)
    if _FIRE_OVER.search(plain) or (_FIRE_PAST.search(plain) and not _FIRE_NOW.search(plain) and not _NOW.search(plain)):
        # "it caught fire and I hosed it till it was out": the fire is over, its words no emergency
        plain_now = _FIRE_WORDS.sub(" ", plain_now)
    if _emergency(plain_now) or (_REPORT_REQUEST.search(plain) and not _asks_whether_to_report(plain)):
        return REPORT
    # Asking whether it is allowed, ok, a problem or fine, however punctuated: the verdict.
    if _LAW_QUESTION.search(plain) or _asks_whether_to_report(plain) or asks_verdict(text) or asks_to_let_it_out(plain) or asks_leave_for_it(text) or intends_to_let_it_out(plain) or _CLAIMED_FINE.search(plain) or _ADVISED.search(plain):
        return ANSWER
    asking = is_question(text) or asks(text)
    if not reading.about_others and not _OWN_ACCIDENT.search(plain) and vouches_for_water(text):
        return ANSWER  # "draining my plunge tub to the street, its just tap water": one's own practice vouched for
    if own_letting_out(plain):
        # "draining our boiler for the plumber, the hose goes to the street drain": one's own doing,
        # whoever else is named, and whether it may go is the answer
        return ANSWER
    if reading.about_others and not asking and happening_now(text):
        return REPORT  # someone else's discharge going on now: report it, the verdict inside
    if reading.about_others and (reading.keys or reading.clarify or asking or _PRACTICE.search(plain)):
        return ANSWER
    if practice(plain) and not _OWN_ACCIDENT.search(plain):
        # a habit told ("the super just pumps it out to the lot drain"): its verdict, then the
        # offer; a thing nobody listed too ("every saturday we hose the sawdust off"): a way of
        # working is not an accident, and "not named" with the general rule is its answer
        return ANSWER
    # "I spilled oil, what do I do?" asks for the spill duties, which the report walks through
    if asking and not _OWN_ACCIDENT.search(plain):
        return ANSWER
    return REPORT


# "is that allowed or should i report it?": whether to report is asked beside the verdict, not a
# request to report; the answer comes first, with its offer to report
_SHOULD_REPORT = re.compile(
    # (not "do i have to report it" of one's own release: the report form walks through its duties)
    r"\b(?:should|do|would|could|can) (?:i|we) (?:even |just |be |still )?(?:report|reporting|complain|complaining)\b"
    # "is that an illegal discharge i should report or is it fine"
    r"|\b(?:is|was) (?:it|that|this) (?:\w+ ){0,3}(?:i|we) (?:should|need to|have to|must|ought to) (?:\w+ )?report\b")


def _asks_whether_to_report(plain: str) -> bool:
    """Whether the only report word is in asking whether to report ("the sprinklers water the
    sidewalk every morning ... should i be reporting that", "he dumped the tank in the street,
    its running into the drain now. should i report this?"): whether it is wrong is asked, and the
    verdict comes first, the offer to report one tap after it (issue 27: a question is answered;
    the 911 line still leads a hazardous discharge going on)."""
    rest = _SHOULD_REPORT.sub(" ", plain)
    return rest != plain and not _REPORT_REQUEST.search(rest)


# Leave asked of the village ("do i need the village to ok this first? its an emergency"): the
# urgency is the reason to ask, and the texts' emergency approval the answer, not 911
_ASKS_APPROVAL = re.compile(r"\b(?:permission|approv\w*|permit|ok (?:this|it|that)|okay (?:this|it|that)|sign off|allowed to)\b")


def _emergency(plain: str) -> bool:
    """An emergency word that is neither the first word of a name ("fire sprinkler test") nor
    denied ("it's not a fire", "nobody was hurt"), nor the urgency of leave asked."""
    return any(
        not emergency_word_is_a_name(plain, m.start(), m.end()) and not emergency_word_denied(plain, m.start())
        and not (m.group(0) == "emergency" and _ASKS_APPROVAL.search(plain))
        for m in _EMERGENCY.finditer(plain)
    )


def needs_safety_line(text: str) -> bool:
    """Whether an answer about a release must also carry the 911 line: the words name something
    hazardous (fuel, oil, solvents, sewage...), not denied."""
    return hazard_from_words(text) == "yes"


def asks_the_law(text: str) -> bool:
    """Whether a message heard as a report of a failing septic system asks whether it is
    lawful ("are we breaking a rule in the meantime?"): the answer, not the report form. A
    report ("the neighbour's cesspool is overflowing") or a call for help stays a report."""
    plain = plain_words(text)
    if _REPORT_REQUEST.search(plain) or _emergency(plain):
        return False
    # "can we just keep using it till spring": leave asked is the law asked; "the inspector will
    # flush dye ..., do we have to tell the village first?": a dye test told, its notice asked
    return bool(_LAW_QUESTION.search(plain) or _BREAKING.search(plain) or _DUTY_TO_TELL.search(plain)) or asks_verdict(text) \
        or asks_permission(text) or dye_test_told(text)


# Whether the village must be told is the law's duty asked, not a report made
_DUTY_TO_TELL = re.compile(r"\b(?:have to|need to|supposed to|required to|should (?:i|we)|must (?:i|we)) (?:\w+ )?(?:tell|notify|inform|call) "
                           r"(?:the )?(?:village|town|officer|smo|stormwater|anyone|anybody|someone|somebody)\b")


_BREAKING = re.compile(r"\b(?:breaking|break|broke|breach(?:ing)?)\s+(?:a|any|the|some)?\s*(?:rules?|laws?|codes?)\b")
