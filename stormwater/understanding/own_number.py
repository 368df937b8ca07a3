""""This number": a texter's wish to be called back on the phone they are texting from.

Only the SMS channel knows that number, so only it acts on the wish
(:mod:`actions.sms_number`); on the web the words are simply not a phone number."""
from __future__ import annotations

import re

# "this number", "this one", "this #", "same number", "the one I'm texting from", "use this",
# "my cell", with an optional yes before it; a bare yes to "what number ...?" by text means the same.
_OWN_NUMBER = re.compile(
    r"^(?:(?:yes|yeah|ya|yep|yup|sure|ok|okay)\b[\s,.!]*)?(?:please\s+)?(?:you\s+can\s+)?(?:use\s+|call\s+|text\s+)?"
    r"(?:(?:this|that|the\s+same|same|my)\s+(?:number|#|one|phone|cell|cell\s*phone|mobile)|this|same|"
    r"(?:the\s+)?(?:number|one|phone)\s+(?:i'?m|i\s+am|im)\s+(?:texting|messaging|writing)\s+(?:you\s+)?(?:from|on)|"
    r"(?:the\s+)?(?:number|one)\s+you\s+(?:have|see|got))"
    r"(?:\s+(?:is\s+fine|works|is\s+good|please|pls|plz|thanks|thx|ty))*[\s.!]*$"
)
_BARE_YES = re.compile(r"^(?:yes|yeah|ya|yep|yup|sure|ok|okay)(?:\s+(?:please|pls|plz))?[\s.!]*$")


def means_own_number(text: str) -> bool:
    """Whether ``text``, typed at "What number can staff call you back on?", asks to use the
    number it was texted from ("this number", "yes this one", "same #", "the one im texting from")."""
    plain = " ".join(text.lower().replace("’", "'").split())
    return bool(_OWN_NUMBER.match(plain) or _BARE_YES.match(plain))
