"""The residents' chat page and the embeddable widget in real headless Chromium, against the
running help desk (Rasa, the action server and the Flask app).

The widget is tested on a host page served from another origin (``localhost`` rather than
``127.0.0.1``), as on a real village website. That origin must be allowed to frame the chat
before the session's ``helpdesk`` fixture starts the web process, which inherits
``os.environ``: pytest imports every test module before it runs any test, so setting it at
import time here is early enough.
"""
import os

os.environ.setdefault("HELPDESK_FRAME_ANCESTORS", "http://localhost:*")

import http.server  # noqa: E402
import re  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
import requests  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from stormwater.store.database import connect  # noqa: E402

from .chat_page import ChatPage, badge_text  # noqa: E402
from .navigation import PageWait  # noqa: E402

pytestmark = pytest.mark.services

EXAMPLE_HOST_PAGE = Path(__file__).resolve().parents[3] / "docs" / "embed-example.html"
EXAMPLE_HELPDESK = "http://127.0.0.1:8000"
REFERENCE = re.compile(r"^BAY-[2346789ABCDEFGHJKMNPQRTVWXYZ]{6}$")


@pytest.fixture
def page(browser):
    return ChatPage(browser)


@pytest.mark.parametrize(
    "village,question,badge",
    [
        ("bayville", "can I empty my pool into the street drain?", "Only if the pool water has been dechlorinated"),
        ("poquott", "can I empty my pool into the street drain?", "Not allowed"),
        ("bayville", "can my air conditioner condensate drip into the gutter?", "Allowed"),
        ("poquott", "is it ok to wash my car in the driveway", "Allowed"),
    ],
)
def test_a_discharge_question_shows_the_villages_verdict_badge(base_url, page, village, question, badge):
    answer = page.open(base_url, village).say(question)
    assert badge_text(answer) == badge
    card = answer[0]
    assert card.find_element(By.CSS_SELECTOR, ".citation").text.startswith("Source: ")
    # The ordinance's words are folded away until the resident asks for them.
    quote = card.find_element(By.CSS_SELECTOR, "details.quote blockquote")
    assert not quote.is_displayed()
    card.find_element(By.CSS_SELECTOR, "details.quote summary").click()
    assert quote.is_displayed() and quote.text


def test_a_conversation_the_ordinance_does_not_decide_says_it_is_the_general_rule(base_url, page):
    answer = page.open(base_url, "bayville").say("can I pour leftover coffee in the drain?")
    # "Not allowed" only where the ordinance prohibits the discharge.
    assert badge_text(answer) == "Not named in the ordinance"
    assert "general rule" in answer[0].find_element(By.CSS_SELECTOR, ".basis").text
    assert "not legal advice" in answer[0].find_element(By.CSS_SELECTOR, ".disclaimer").text


def test_a_spill_report_end_to_end_on_a_phone_shows_its_reference_deadlines_and_letter(base_url, make_browser, helpdesk):
    page = ChatPage(make_browser(320, 640)).open(base_url, "bayville")
    first = page.say("I spilled a bucket of soapy water and it went into the storm drain")
    assert "call 911" in first[0].text
    assert "Where is it" in first[-1].text  # whose it is, the material, the amount and the drain were said
    page.say("12 Main St")
    assert "commercial or industrial" in page.say("11/27/2026")[-1].text
    page.choose("No")  # choices are buttons
    assert page.driver.switch_to.active_element.get_attribute("id") == "chat-input"  # focus is not lost
    page.say("Pat Lee")
    readback = page.say("516-555-0199")
    assert "Here is what I'll file" in readback[0].text and "12 Main St" in readback[0].text
    filed = page.choose("Yes, file it")

    card = filed[0].find_element(By.CSS_SELECTOR, ".ticket")
    [reference] = [r.text for r in filed[0].find_elements(By.CSS_SELECTOR, ".reference")]  # once per reply
    assert REFERENCE.match(reference), reference
    deadlines = card.find_element(By.CSS_SELECTOR, ".deadlines").text
    assert "Monday, November 30, 2026" in deadlines and "Thursday, December 3, 2026" in deadlines
    # The filed message links the letter in its steps; the card does not link it again (issue 32).
    [letter] = filed[0].find_elements(By.CSS_SELECTOR, "a.letter-link")
    assert letter.get_attribute("target") == "_blank" and "noopener" in letter.get_attribute("rel")
    printed = requests.get(letter.get_attribute("href"), timeout=10)
    assert printed.status_code == 200 and reference in printed.text
    assert no_horizontal_scroll(page.driver)

    db = connect(helpdesk.settings.instance / "helpdesk.db")
    try:
        assert db.execute("select count(*) from tickets where reference = ?", [reference]).fetchone()[0] == 1
    finally:
        db.close()


def test_a_typing_indicator_shows_while_the_answer_is_on_its_way(base_url, page):
    page.open(base_url, "poquott")
    # A slow connection, so the wait is long enough to see.
    page.driver.execute_cdp_cmd("Network.enable", {})
    page.driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    page.find("#chat-input").send_keys("can I empty my pool into the street drain?", Keys.ENTER)
    PageWait(page.driver, 10).until(lambda d: page.find("#typing").is_displayed())
    assert page.find("#chat-status").text == "Waiting for the help desk…"
    PageWait(page.driver, 30).until(lambda d: page.bot_messages())
    assert not page.find("#typing").is_displayed() and page.find("#chat-status").text == ""


@pytest.mark.parametrize(
    "payload",
    ["<script>window.__injected = 'script'</script>", "<img src=x onerror=\"window.__injected = 'img'\">"],
)
def test_markup_a_resident_types_is_shown_as_plain_text(base_url, page, payload):
    page.open(base_url, "bayville").say(payload)
    assert page.user_texts() == [payload]
    # Parsed as HTML, the payload would have made an element (and the CSP alone would stop
    # only the script from running, not the element from appearing).
    assert page.find_all("#messages script, #messages img") == []
    assert page.driver.execute_script("return window.__injected === undefined")


def test_reload_keeps_the_conversation_and_start_over_clears_it(base_url, page):
    page.open(base_url, "poquott")
    answer = page.say("can I empty my pool into the street drain?")
    assert badge_text(answer) == "Not allowed"
    sender = page.driver.execute_script("return localStorage.getItem('stormwater-helpdesk:poquott:sender')")
    shown = [m.text for m in page.find_all("#messages .msg")]

    page.driver.refresh()
    PageWait(page.driver, 10).until(lambda d: len(page.find_all("#messages .msg")) == len(shown))
    assert [m.text for m in page.find_all("#messages .msg")] == shown
    assert badge_text(page.bot_messages()) == "Not allowed"
    assert page.driver.execute_script("return localStorage.getItem('stormwater-helpdesk:poquott:sender')") == sender
    # The browser keeps only the opaque id: the conversation came back from the server.
    kept = page.driver.execute_script("return JSON.stringify([localStorage, sessionStorage])")
    assert "pool" not in kept and "Not allowed" not in kept

    page.find("#chat-reset").click()
    page.find("#reset-forget").click()  # "Start over" asks first (see test_chat_page_first_visit_browser)
    assert page.find_all("#messages .msg") == []
    page.driver.refresh()
    PageWait(page.driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert page.find_all("#messages .msg") == []
    page.say("hello")
    assert page.driver.execute_script("return localStorage.getItem('stormwater-helpdesk:poquott:sender')") != sender


def test_the_service_down_shows_the_error_and_retry_works_once_it_is_back(base_url, page, helpdesk):
    page.open(base_url, "bayville")
    helpdesk.stop(["rasa"])  # the session's help desk: restarted below whatever happens
    try:
        box = page.find("#chat-input")
        box.send_keys("can I empty my pool into the street drain?", Keys.ENTER)
        notice = page.wait_for_error()
        assert "not available" in notice and "911" in notice
        assert page.user_texts() == ["can I empty my pool into the street drain?"]
        assert page.bot_messages() == []
    finally:
        helpdesk.start(["rasa"])
        assert helpdesk.wait_ready(120, ["rasa"]), "Rasa did not come back"
    page.find("#chat-retry").click()
    PageWait(page.driver, 30).until(lambda d: page.bot_messages())
    assert badge_text(page.bot_messages()) == "Only if the pool water has been dechlorinated"
    assert not page.find("#chat-retry").is_displayed() and page.find("#chat-error-text").text == ""
    assert page.user_texts() == ["can I empty my pool into the street drain?"]  # sent again, not shown twice


def test_a_lost_connection_shows_the_error_and_retry_sends_once_it_is_back(base_url, page):
    page.open(base_url, "poquott")
    conditions = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    page.driver.execute_cdp_cmd("Network.enable", {})
    page.driver.execute_cdp_cmd("Network.emulateNetworkConditions", dict(conditions, offline=True))
    page.find("#chat-input").send_keys("can I empty my pool into the street drain?", Keys.ENTER)
    assert "Could not reach the help desk" in page.wait_for_error()
    assert page.driver.switch_to.active_element.get_attribute("id") == "chat-retry"
    page.driver.execute_cdp_cmd("Network.emulateNetworkConditions", dict(conditions, offline=False))
    page.find("#chat-retry").send_keys(Keys.ENTER)
    PageWait(page.driver, 30).until(lambda d: page.bot_messages())
    assert badge_text(page.bot_messages()) == "Not allowed"
    assert page.driver.switch_to.active_element.get_attribute("id") == "chat-input"


def test_retry_after_the_action_server_fails_mid_report_files_the_report_once(base_url, page, helpdesk):
    page.open(base_url, "poquott")
    page.say("I spilled a bucket of soapy water and it went into the storm drain")
    for answer in ("14 Shore Rd", "11/27/2026"):
        page.say(answer)
    page.choose("No")
    page.say("Sam Poe")
    page.say("631-555-0142")  # the read-back; the "yes" after it files the report
    helpdesk.stop(["actions"])
    try:
        box = page.find("#chat-input")
        box.send_keys("yes", Keys.ENTER)
        assert "911" in page.wait_for_error()
    finally:
        helpdesk.start(["actions"])
        assert helpdesk.wait_ready(120, ["actions"]), "the action server did not come back"
    before = len(page.bot_messages())
    page.find("#chat-retry").click()
    PageWait(page.driver, 30).until(lambda d: len(page.bot_messages()) > before)
    reference = page.find(".msg-bot .reference").text  # shown once per reply: in the text
    db = connect(helpdesk.settings.instance / "helpdesk.db")
    try:
        filed = db.execute(
            "select reference from tickets where reporter_name = ? and location = ?", ["Sam Poe", "14 Shore Rd"]
        ).fetchall()
    finally:
        db.close()
    assert [row[0] for row in filed] == [reference]


@pytest.fixture
def host_page(base_url):
    """The README's example village page, served from another origin, embedding this help desk."""
    html = EXAMPLE_HOST_PAGE.read_text().replace(EXAMPLE_HELPDESK, base_url).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    server.server_close()


def no_horizontal_scroll(driver):
    return driver.execute_script(
        "var e = document.documentElement; return e.scrollWidth <= e.clientWidth;"
    )


def test_the_widget_on_a_village_website_works_by_keyboard_at_320_px(make_browser, host_page):
    driver = make_browser(320, 640)
    driver.get(f"http://localhost:{host_page}/")  # allowed: HELPDESK_FRAME_ANCESTORS above
    launcher = PageWait(driver, 10).until(lambda d: d.find_element(By.ID, "stormwater-helpdesk-bayville-button"))
    assert no_horizontal_scroll(driver)

    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    assert driver.switch_to.active_element == launcher
    ring = driver.execute_script(
        "var s = getComputedStyle(arguments[0]); return [s.outlineStyle, parseFloat(s.outlineWidth)];", launcher
    )
    assert ring[0] != "none" and ring[1] >= 2  # focus is visible, whatever the host's theme does
    assert launcher.get_attribute("aria-expanded") == "false"

    launcher.send_keys(Keys.ENTER)
    assert launcher.get_attribute("aria-expanded") == "true"
    frame = driver.find_element(By.CSS_SELECTOR, "#stormwater-helpdesk-bayville-panel iframe")
    assert frame.get_attribute("title") and frame.size["width"] <= 320
    assert no_horizontal_scroll(driver)

    driver.switch_to.frame(frame)
    chat = ChatPage(driver)
    PageWait(driver, 10).until(lambda d: d.switch_to.active_element.get_attribute("id") == "chat-input")
    assert chat.find("#messages").get_attribute("aria-live") == "polite"
    assert no_horizontal_scroll(driver)
    answer = chat.say("can I empty my pool into the street drain?")
    assert badge_text(answer) == "Only if the pool water has been dechlorinated"
    assert no_horizontal_scroll(driver)

    driver.switch_to.active_element.send_keys(Keys.ESCAPE)  # closes the widget from inside the chat
    driver.switch_to.default_content()
    PageWait(driver, 10).until(lambda d: launcher.get_attribute("aria-expanded") == "false")
    assert not driver.find_element(By.ID, "stormwater-helpdesk-bayville-panel").is_displayed()
    assert driver.switch_to.active_element == launcher

    # Reopened after the host page reloads, with the conversation still there.
    launcher.send_keys(Keys.ENTER)
    driver.refresh()
    frame = PageWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "#stormwater-helpdesk-bayville-panel iframe")
    )
    driver.switch_to.frame(frame)
    PageWait(driver, 10).until(lambda d: ChatPage(d).find_all("#messages .badge"))


def test_a_website_not_on_the_allow_list_cannot_frame_the_chat(browser, host_page):
    browser.get(f"http://127.0.0.1:{host_page}/")  # the same page, from an origin not allowed
    launcher = PageWait(browser, 10).until(lambda d: d.find_element(By.ID, "stormwater-helpdesk-bayville-button"))
    launcher.click()
    frame = browser.find_element(By.CSS_SELECTOR, "#stormwater-helpdesk-bayville-panel iframe")
    browser.switch_to.frame(frame)
    # Chromium replaces a refused frame with its own error page: no chat in it.
    PageWait(browser, 10).until(
        lambda d: d.execute_script("return location.href !== 'about:blank' && document.readyState === 'complete'")
    )
    assert browser.execute_script("return location.href").startswith("chrome-error:")
    assert browser.find_elements(By.ID, "chat-input") == []
