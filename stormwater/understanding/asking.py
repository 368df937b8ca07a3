"""Is the resident asking something, and is an emergency word an emergency?

"my AC drips onto the driveway, problem?", "thats just water right", "any issue with either
one" and "can I get fined for hosing the patio" all ask for a verdict, however punctuated. A
resident who asks gets the answer first; only a request to report, an emergency, or an
accident told without asking anything starts the report form (``stormwater/dialogue/spill_route.py``).

"fire" in "fire sprinkler test" or "fire hydrant flushing" names a thing, not a fire: an
emergency word followed by a noun it modifies is part of a name.
"""
from __future__ import annotations

import re

_PRONOUNS = r"(?:i|we|you|it|that|this|these|those|they|he|she|there|my|our|your|the|a|an|someone|somebody|anyone|people|residents?|homeowners?)"
_AUXILIARIES = r"(?:is|isn't|isnt|are|aren't|arent|am|was|were|can|could|may|might|should|shall|do|does|did|will|would|must|have|has|need)"
# A clause opening with an auxiliary before its subject asks: "is that ok", "can I", "do we need".
_INVERTED = re.compile(rf"(?:^|[,;:.!?\-]\s*|\b(?:so|and|but|then|also|or)\s+){_AUXILIARIES}\s+{_PRONOUNS}\b")
# "is leaving a cart in the drain against anything": a sentence opened by a verb of being, then a
# gerund (only a sentence: after a comma, "oil, is running into the drain" is told, not asked)
_GERUND_ASKED = re.compile(r"(?:^|[.!?]\s*)(?:is|isn't|isnt|would|does|doesn't|doesnt)\s+[a-z]+ing\b"
                           # "is lawn sprinkler runoff against the rules here": a sentence opened by "is" or "are"
                           r"|(?:^|[.!?]\s+)(?:is|are)\s+[a-z]+\s+[a-z]+")
# "ok to pour it in the catch basin", "fine if i hose it off": a sentence opened by a verdict, then
# what is to be done, asks it without "is it" (texting style, no question mark)
_ELLIPTICAL = re.compile(r"(?:^|[.!?]\s*)(?:ok|okay|alright|all right|fine|safe|legal|cool)\s+(?:to|if)\s+[a-z]+")
_WH = re.compile(r"(?:^|[,;:.!?\-]\s*|\b(?:so|and|but)\s+)(?:what|whats|what's|how|why|where|which|who|when)\b")
# Words that ask for a verdict wherever they stand.
_VERDICT_WORDS = re.compile(
    r"\b(?:legal|illegal|lawful|unlawful|allowed|permitted|allowable|exempt|exempted|exemption|against (?:the |any |a )?(?:[a-z]+ ){0,2}?(?:laws?|rules?|code|ordinance|regulations?)|against (?:anything|something)|a violation|violat(?:e|es|ing)|"
    r"fined?|fines|penalt(?:y|ies)|ticketed|cited|in trouble|get away with|ok|okay|alright|all right|acceptable|kosher|fine|"
    # "am I breaking a rule?", "is that against any law", "is leaving a cart there against anything"
    r"break(?:s|ing)? (?:a|the|any) (?:rules?|laws?|code|ordinance)|"
    # "is that polluting the storm drain?", "isn't that pollution?", "is it harmful to the bay?"
    r"pollut(?:e|es|ed|ing|ion)|polluter|harmful|harmless|bad for|contaminat(?:e|es|ing)|"
    # "can they just do that?", "are they even supposed to do that": whether someone may do it
    r"(?:can|could|may) (?:they|he|she|people|someone|anyone|the \w+) (?:just |even |really |legally )?do (?:that|this|it)|"
    r"supposed to)\b"
)
# "isn't that a health problem?", "a safety issue?": a kind of trouble, asked about
# "what about my window unit dripping on the sidewalk": a message opened so asks about the thing it names
_WHAT_ABOUT = re.compile(r"^(?:and |so |ok |okay |also |then )?(?:what|how) about\b")
# "better idea?", "is there a better way", "any other options": advice on what one means to do asked
_ADVICE = re.compile(r"\b(?:better|other|another|safer)\s+(?:ideas?|ways?|options?|plans?|alternatives?)\b"
                     # "should we be doing it different", "should i handle it differently": the practice asked about
                     r"|\bshould (?:i|we|they) (?:be )?(?:doing|do|handling|handle) (?:it|this|that|things) (?:any )?different(?:ly)?\b")
_KIND_OF_TROUBLE = re.compile(r"\b(?:any|an?|no|big|real)\s+[a-z]+\s+(?:problems?|issues?|concerns?|hazards?)\b")
# "problem?", "any issue with either one", "is that an issue"
_TROUBLE = re.compile(
    r"\b(?:any|an?|no|big|real)\s+(?:problems?|issues?|concerns?|harm)\b|\b(?:problems?|issues?)\s*(?:\?|$)|\bproblem with (?:that|this|it)\b|"
    # "against anything", "against any regulations": asked, never stated
    r"\bagainst (?:anything|any (?:laws?|rules?|code|ordinance|regulations?))\b|"
    # "any rule against that", "is there a law about it": a rule on it, asked
    r"\bany (?:laws?|rules?|codes?|ordinances?|regulations?) (?:against|about|on) (?:that|this|it|doing)\b|"
    # "do the rules apply to the village too": whether the one doing it is bound is asked
    r"\b(?:do|does|don't|dont|doesn't|doesnt) (?:the|these|those|this|that|any|your) (?:laws?|rules?|codes?|ordinances?|regulations?) (?:even |also |still )?apply to\b|"
    # "whats wrong with pouring them in the storm drain", "anything wrong with that": harm, asked
    r"\b(?:what'?s|what is|anything|something|is there anything) wrong with\b"
)
# A question tag at the end: "thats just water right", "it's fine, correct?"
_TAG = re.compile(r"(?:\b(?:right|correct|yes|yeah|no|true|ok|okay|surely|isn'?t (?:it|that|this)|ain'?t it|is it|aren'?t (?:they|we)|"
                  r"don'?t (?:i|we)|can i|do i))\s*[?.!]*\s*$")  # texted without the apostrophe too: "isnt it"
_WONDER = re.compile(
    r"\b(?:wondering|wonder (?:if|whether)|want(?:ed)? to know|would like to know|i'd like to know|not sure (?:if|whether)|"
    r"curious (?:if|whether|about)|asking (?:if|whether|about)|any idea|tell me (?:if|whether)|need to know)\b"
)
# Statements that happen to end in a tag word ("my neighbour said no") are not questions.
_NOT_A_TAG = re.compile(r"\b(?:said|says|told me|answer(?:ed)? was|say)\s+(?:no|yes|ok|okay)\s*[.!]*\s*$")


def plain(text: str) -> str:
    """Lower case, typographic apostrophes straightened, spaces collapsed (punctuation kept)."""
    return " ".join((text or "").lower().replace("\u2019", "'").split())


def asks(text: str) -> bool:
    """Whether ``text`` asks something: a question mark, an inverted clause ("is that ok",
    "can I"), a wh-question, a question tag ("... right"), "wondering if", or a sentence opened
    by a verdict ("ok to pour it in the drain")."""
    words = plain(text)
    if not words:
        return False
    if "?" in words or _INVERTED.search(words) or _GERUND_ASKED.search(words) or _WH.search(words) or _WONDER.search(words) \
            or _ELLIPTICAL.search(words):
        return True
    return bool(_TAG.search(words)) and not _NOT_A_TAG.search(words)


# "can I get fined for ...", "what's the penalty for ...": the fines are asked along with the verdict
_FINES = re.compile(r"\b(?:get|be|being|getting|gets) (?:fined|ticketed|cited|penali[sz]ed)\b|\b(?:fines?|penalt(?:y|ies)) (?:for|if)\b")


def asks_about_fines(text: str) -> bool:
    """Whether ``text`` asks whether one can be fined for something ("can I get fined for ...")."""
    return bool(_FINES.search(plain(text)))


# "can it pump that water out to the storm drain?", "can that go in the street drain": leave for
# the water ("can it all go in the storm drain", "can all of it go": how much is no other thing)
_LEAVE_FOR_IT = re.compile(
    r"\b(?:can|could|may)\s+(?:at least\s+|even\s+)?(?:it|that|this|they|he|she|all of (?:it|that|this|them)|everything|the rest|all that|"
    # "can at least the rinse water go": a water named by its use
    r"(?:the|this|that|my|our|his|her|their)\s+(?:[a-z-]+\s+){0,2}(?:water|rinse|runoff|liquid))\s+"
    r"(?:(?:all|both|just|legally|also|then|still|now)\s+)*(?:be\s+)?"
    r"(?:go|goes|pump|pumped|drain|drained|run|empty|emptied|flow|discharge|discharged|dump|dumped|put|sent|send)\b"
)
# "can we pile it over the drain", "may I put it by the catch basin": asking leave to do it
_PERMISSION = re.compile(
    r"\b(?:can|could|may|can't|cant|cannot|can not|couldn't|couldnt)\s+(?:i|we)\b(?!\s*[.!,]?\s*$)"  # "cant i just tip it"
    rf"|{_LEAVE_FOR_IT.pattern}"
    # what the village must give first ("what do i need from the village for that", "do they need
    # something from the village too"): leave asked of it
    r"|\b(?:what|do|does|would|will)\s+(?:\w+\s+){0,2}?(?:i|we|they|he|she|you)\s+need\s+(?:\w+\s+){0,2}?from\s+(?:the\s+)?(?:village|town|officer|smo)\b"
)


def asks_leave_for_it(text: str) -> bool:
    """Whether ``text`` asks leave for the thing itself to go ("can it all go in the storm drain"):
    whether that is allowed is the question, even after one's own accident."""
    return bool(_LEAVE_FOR_IT.search(plain(text)))


def asks_permission(text: str) -> bool:
    """Whether ``text`` asks leave to do something ("can we pile the debris over the drain"),
    which asks whether it is allowed although no verdict word is said."""
    return bool(_PERMISSION.search(plain(text)))


def asks_verdict(text: str) -> bool:
    """Whether ``text`` asks whether something is allowed, ok, a problem or fine, or whether one
    can be fined: a verdict word, a trouble word or advice ("better idea?") in a message that
    asks, a trouble word with a question tag ("any issue with either one", "problem?"), or a
    message opened by "what about"."""
    words = plain(text)
    if _TROUBLE.search(words) or _WHAT_ABOUT.search(words):
        return True
    if re.search(r"\b(?:wondering|wonder|not sure|curious|asking) (?:if|whether)\b", words):
        return True  # "wondering whether the pool can go to the street": yes or no
    return asks(words) and bool(_VERDICT_WORDS.search(words) or _TAG.search(words) or _KIND_OF_TROUBLE.search(words) or _ADVICE.search(words))


# Emergency words that also open names of things ("fire sprinkler", "smoke test", "emergency
# generator"). Followed by one of these, the word is the event itself.
_EVENT_FOLLOWERS = frozenset(
    "is was are were has had in on at near by from and or but that which to into down up out over under behind "
    "next inside outside everywhere again now right coming spreading started starting broke breaking burning "
    "going getting still just".split()
)
_NAMING_WORDS = frozenset({"fire", "smoke", "emergency", "exploding"})  # "the exploding watermelon thing"
# a word in -ing naming what a thing is for, then the thing ("emergency drinking water", "fire
# holding tank"): the -ing word is no event's verb there
_NAMED_USE = re.compile(r"\s*(?:drinking|holding|cooling|heating|storage|sprinkling|parking|lighting|training) (?:water|tank|tanks|lot|system|supply|pond|area|lights?)\b")
# "ambulance" names an emergency unless it names who works there: "the ambulance crew washes the
# rig", "the ambulance bay" (an ambulance that "came" or is "on the way" is the emergency itself)
_AMBULANCE_SERVICE = frozenset("crew crews corps squad squads station bay bays building garage barn company service district volunteers driver drivers".split())


def emergency_word_is_a_name(words: str, start: int, end: int) -> bool:
    """Whether the emergency word at ``words[start:end]`` (plain text) is the first word of a
    name: it is followed by a word that is not a function word nor an event's verb ("fire
    sprinkler test", "fire hydrant flushing"), or preceded by "the" and a word it follows as a
    compound's head ("the fire department" is handled by the follower)."""
    word = words[start:end]
    if word == "ambulance":
        after = re.match(r"\s*([a-z']+)", words[end:])
        return after is not None and after.group(1) in _AMBULANCE_SERVICE
    if word not in _NAMING_WORDS:
        return False
    after = re.match(r"\s*([a-z']+)", words[end:])
    if after is None:
        return False
    follower = after.group(1)
    if _NAMED_USE.match(words[end:]):
        return True  # "the emergency drinking water tank": a use's name, not an event going on
    return follower not in _EVENT_FOLLOWERS and not follower.endswith("ing") or follower in {"fighting", "fighters"}


# "is that ok since it's not a fire", "no danger to anyone", "nobody was hurt": the emergency word
# denied right before it (an article between at most) tells there is none.
# ("it can't hurt anything", "won't hurt the fish": a verb denied; "not even a real fire")
_DENIED_BEFORE = re.compile(
    r"\b(?:not|no|isn't|isnt|wasn't|wasnt|never|without|can't|cant|cannot|won't|wont|couldn't|couldnt|wouldn't|wouldnt|"
    r"doesn't|doesnt|didn't|didnt|don't|dont)\s+(?:(?:even|really|actually|ever)\s+)?(?:(?:a|an|any|the|real|actual)\s+){0,2}$"
)
_NOBODY_BEFORE = re.compile(r"\b(?:no one|no-one|nobody|none of us)\s+(?:(?:is|was|got|has been|were)\s+)?$")


def emergency_word_denied(words: str, start: int) -> bool:
    """Whether the emergency word starting at ``words[start]`` (plain text) is denied by the words
    just before it ("not a fire", "no danger", "nobody got hurt"): a denied emergency is none."""
    before = words[max(0, start - 40):start]
    return bool(_DENIED_BEFORE.search(before) or _NOBODY_BEFORE.search(before))


# "it's just tap water and ice", "its only water": the resident vouches for what the water is.
_VOUCHED = re.compile(
    r"\b(?:just|only|plain|purely|simply|nothing but)\s+(?:(?:clean|clear|cold|hot|warm|fresh|tap|city|well|plain)\s+){0,2}water\b"
)


def vouches_for_water(text: str) -> bool:
    """Whether the resident says the water is only water ("its just tap water and ice", "only
    water, no soap"): told of one's own discharge, that argues it is fine, and so asks whether it is."""
    return bool(_VOUCHED.search(plain(text)))
