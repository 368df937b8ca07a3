"""The end-to-end tests' phone numbers never repeat within a run (a repeat joined two tests'
conversations: fresh-clone CI of d9d58b0)."""
from tests.e2e.phones import new_phone, new_tail


def test_numbers_and_tails_do_not_repeat_and_leave_the_fixed_numbers_alone():
    numbers = [new_phone("+1516555") for _ in range(300)] + [new_phone("+1631555") for _ in range(300)]
    tails = [n[-4:] for n in numbers] + [new_tail() for _ in range(100)]
    assert len(set(tails)) == len(tails) == 700
    assert all(t.isdigit() and len(t) == 4 and int(t) >= 1000 for t in tails)
    assert all(n.startswith(("+1516555", "+1631555")) and len(n) == 12 for n in numbers)
