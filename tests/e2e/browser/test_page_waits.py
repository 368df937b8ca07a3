"""The browser tests' waits across a page load (``navigation.PageWait``), without a browser:
a condition that fails because the page is being replaced is "not yet"; any other error is
an error."""
import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException

from .navigation import PageWait, is_page_load_error

# What Chromium 156's driver answered mid-load in the CI run of issue 36.
MID_LOAD = "unknown error: unhandled inspector error: Node with given id does not belong to the document"


def condition_failing_first_with(*errors):
    """A condition that raises each of ``errors`` in turn, then holds; it counts its calls."""
    calls = []

    def condition(driver):
        calls.append(driver)
        if len(calls) <= len(errors):
            raise errors[len(calls) - 1]
        return "the new page"
    condition.calls = calls
    return condition


def test_a_wait_reads_the_errors_of_a_page_being_replaced_as_not_yet():
    condition = condition_failing_first_with(WebDriverException(MID_LOAD), StaleElementReferenceException("stale"))
    assert PageWait(object(), 5, poll_frequency=0.01).until(condition) == "the new page"
    assert len(condition.calls) == 3


def test_a_plain_webdriver_wait_fails_on_the_same_error():
    """Why the helper exists: Selenium's own wait gives up at once on the mid-load error."""
    from selenium.webdriver.support.ui import WebDriverWait
    with pytest.raises(WebDriverException, match="does not belong to the document"):
        WebDriverWait(object(), 5, poll_frequency=0.01).until(condition_failing_first_with(WebDriverException(MID_LOAD)))


def test_any_other_driver_error_still_fails_the_wait_at_once():
    condition = condition_failing_first_with(WebDriverException("chrome not reachable"))
    with pytest.raises(WebDriverException, match="chrome not reachable"):
        PageWait(object(), 5, poll_frequency=0.01).until(condition)
    assert len(condition.calls) == 1


def test_a_condition_that_never_holds_times_out():
    with pytest.raises(TimeoutException):
        PageWait(object(), 0.05, poll_frequency=0.01).until(lambda driver: False)


def test_until_not_waits_through_a_load_and_then_sees_the_condition_fail():
    answers = iter([WebDriverException(MID_LOAD), "still there", False])

    def condition(driver):
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer
    assert PageWait(object(), 5, poll_frequency=0.01).until_not(condition) is False


@pytest.mark.parametrize("message, transient", [
    (MID_LOAD, True),
    ("unknown error: Cannot find context with specified id", True),
    ("javascript error: Execution context was destroyed, most likely because of a navigation", True),
    ("session not created: Chrome failed to start", False),
    ("invalid selector: An invalid or illegal selector was specified", False),
])
def test_which_driver_errors_mean_a_page_load(message, transient):
    assert is_page_load_error(WebDriverException(message)) is transient
