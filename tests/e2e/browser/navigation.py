"""Waits that survive a page load, for browser tests.

After a click that loads another page (a form posted, a link followed), the old document
is torn down while the test may already be reading it. ChromeDriver then answers with
errors that only mean "not yet" ("Node with given id does not belong to the document", a
stale element), and ``WebDriverWait`` ignores only ``NoSuchElementException`` by default,
so a wait that happens to run mid-load fails the test. Use :func:`page_load` around every
action that navigates, and :class:`PageWait` (the ``wait`` fixture) for every wait.
"""
from contextlib import contextmanager

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

# What ChromeDriver says when a command reaches a document that is being replaced.
_REPLACED_DOCUMENT = (
    "does not belong to the document",
    "no node with given id",
    "cannot find context with specified id",
    "execution context was destroyed",
    "inspected target navigated or closed",
    "node is detached from document",
)


def is_page_load_error(error: Exception) -> bool:
    """True for the errors that mean only that the page is being replaced (try again)."""
    if isinstance(error, (NoSuchElementException, StaleElementReferenceException)):
        return True
    if isinstance(error, WebDriverException):
        text = (error.msg or str(error)).lower()
        return any(phrase in text for phrase in _REPLACED_DOCUMENT)
    return False


def _patient(condition):
    def check(driver):
        try:
            return condition(driver)
        except WebDriverException as error:
            if is_page_load_error(error):
                return False
            raise
    return check


class PageWait(WebDriverWait):
    """``WebDriverWait`` that reads a condition failing on a page being replaced as "not yet"."""

    def until(self, method, message: str = ""):
        return super().until(_patient(method), message)

    def until_not(self, method, message: str = ""):
        def holds_or_loading(driver):
            try:
                return method(driver)
            except WebDriverException as error:
                if is_page_load_error(error):
                    return True  # still loading: the condition has not yet been seen to fail
                raise
        return super().until_not(holds_or_loading, message)


def wait_until_loaded(driver, timeout: float = 10) -> None:
    """Wait until the current document has finished loading."""
    PageWait(driver, timeout).until(lambda d: d.execute_script("return document.readyState") == "complete")


@contextmanager
def page_load(driver, timeout: float = 10):
    """Around an action that loads another page: on leaving, the old page is gone and the new one loaded.

    ``with page_load(browser): button.click()`` - then read the new page without racing it.
    """
    old_page = driver.find_element(By.TAG_NAME, "html")
    yield
    PageWait(driver, timeout).until(EC.staleness_of(old_page), "the click did not load another page")
    wait_until_loaded(driver, timeout)


def click_to_load(driver, element, timeout: float = 10) -> None:
    """Click ``element`` (a link or a submit button) and wait until the page it loads is there."""
    with page_load(driver, timeout):
        element.click()
