"""Resident phone numbers for the end-to-end tests, each one distinct within a test run.

The help desk keeps one conversation per number for the whole run. Random four-digit tails
collided (for n phones on one exchange the odds are about 1 - e^(-n²/20000)): in the fresh-clone
CI of d9d58b0 a test's first "HELP" landed in another test's half-finished report. So every
test takes its tail from one shuffled deck instead. Tails below 1000 stay free for the fixed
numbers tests type by hand (555-0100, 555-0142 ...).
"""
import random

_TAILS = list(range(1000, 10000))
random.SystemRandom().shuffle(_TAILS)


def new_tail() -> str:
    """Four digits no other test of this run has been given."""
    return f"{_TAILS.pop():04d}"


def new_phone(prefix: str = "+1516555") -> str:
    """A number ``prefix`` + a fresh tail (a Bayville-area 555 number by default)."""
    return prefix + new_tail()
