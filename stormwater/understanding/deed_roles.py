"""The one a question asks may do something, told apart from the water (issue 27).

"Could the den leaders simply pour the dye buckets into the catch basin?": "leaders" is also a
word for downspouts, but here it names the people asked about, the subject of a deed done to a
thing (the buckets); the thing discharged is what the buckets hold. A water a question is about moves on
its own ("can the pool water go into the drain", "will the runoff reach the street") or is what
the law asks about ("does the rain water need a permit"): those verbs are
``roles.agent_not_deeds`` in ``data/facets.yml``. The pipeline has no dependency parser, so the
reading rests on closed classes of words, as :mod:`stormwater.understanding.word_roles` does.
Plain Python (no Flask, no Rasa).
"""
from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, List, Optional

from stormwater.understanding.facets_file import facets_file

# The words that ask whether someone may do something, before the one asked about ("can the ...").
ASKING = frozenset("can could should may might must will would do does did".split())
# Words that stand between the one asked about and the deed ("could the den leaders simply pour ...").
HEDGES = frozenset("just simply also still then now really ever safely legally".split())
# Prepositions, joining words and copulas: after them the mention is no subject of a deed.
NO_DEED = frozenset("in at of from for with without after before during about as and or but that which who "
                    "on off over under by near is are was were be been being".split())
# An indefinite one is no one asked about: "the department did a dye test on a pump" tells of a deed.
INDEFINITE = frozenset("a an some any".split())
# How many describing words may stand between the determiner and the mention ("the scout leaders").
DESCRIBING = 2


@lru_cache(maxsize=4)
def not_deeds(folder: Optional[str] = None) -> FrozenSet[str]:
    """``roles.agent_not_deeds`` of ``data/facets.yml``: verbs of a water moving or being a problem."""
    return frozenset(str(w).lower() for w in (facets_file(folder).get("roles") or {}).get("agent_not_deeds") or ())


def asked_to_act(before_words: List[str], following: List[str], role_words, folder: Optional[str] = None) -> bool:
    """Whether the mention is the one a question asks may do something to a thing ("could the
    den leaders simply pour the buckets", "should the cleaners empty their buckets"): a word of asking,
    a determiner and at most :data:`DESCRIBING` describing words, the mention, then a verb and
    its object's determiner.

    :param role_words: :class:`stormwater.understanding.word_roles.RoleWords`
    """
    at = len(before_words) - 1
    while at >= 0 and len(before_words) - 1 - at < DESCRIBING and before_words[at] not in role_words.determiners:
        at -= 1
    if at < 1 or before_words[at] not in role_words.determiners or before_words[at] in INDEFINITE or before_words[at - 1] not in ASKING:
        return False
    rest = list(following[:4])
    while rest and rest[0] in HEDGES:
        rest.pop(0)
    if len(rest) < 2:
        return False
    verb, object_word = rest[0], rest[1]
    closed = role_words.determiners | role_words.destination | role_words.carrying | role_words.filling | NO_DEED
    if verb in closed or verb in role_words.place or verb in not_deeds(folder):
        return False
    return object_word in role_words.determiners | role_words.possessives


# Prepositions that put a noun phrase in place ("on the rusty sprinkler marks"): the phrase's
# last noun is its head, so a vocabulary word before it only says which one.
IN_A_PHRASE = frozenset("on onto off over in at with under around across inside".split())
# Words after a mention that are no noun it could modify ("in the pool yesterday").
AFTER_A_NOUN = frozenset("of from by near beside behind".split())
# A time after the noun closes its phrase too ("on our gravel driveway every spring").
_TIME_AFTER_A_NOUN = frozenset("every each today yesterday tonight overnight daily weekly nightly".split())
NOT_NOUNS = frozenset("today yesterday tonight overnight now then again too first last later before after every each out up down away back "
                      "once twice all both either".split())


def modifies_a_noun(before_words: List[str], following: List[str], role_words) -> bool:
    """Whether the mention, inside a phrase of place ("dabbed rust remover on the brown sprinkler
    marks"), only says which thing the next noun is: a preposition, a determiner and at most
    :data:`DESCRIBING` describing words, the mention, then a noun that is no water, material,
    container nor function word, and a preposition of its own phrase after it ("stains on our
    sidewalk"). The thing discharged is not the sprinkler's water then.

    :param role_words: :class:`stormwater.understanding.word_roles.RoleWords`
    """
    at = len(before_words) - 1
    while at >= 0 and len(before_words) - 1 - at < DESCRIBING and before_words[at] not in role_words.determiners:
        at -= 1
    if at < 1 or before_words[at] not in role_words.determiners or before_words[at - 1] not in IN_A_PHRASE:
        return False
    if len(following) < 2 or not (following[1] in IN_A_PHRASE or following[1] in AFTER_A_NOUN or following[1] in role_words.destination
                                  or following[1] in _TIME_AFTER_A_NOUN):
        return False  # the noun's own phrase goes on ("stains on our sidewalk"); a verb or an adverb would not say
    noun = following[0]
    closed = (role_words.determiners | role_words.destination | role_words.material_heads | role_words.containers | role_words.carrying
              | role_words.activities | role_words.using | role_words.filling | role_words.treating | NO_DEED | HEDGES | NOT_NOUNS)
    if noun in closed or noun in role_words.place or noun in role_words.conduits or noun in role_words.measures:
        return False
    return noun.isalpha() and not noun.endswith("ly")
