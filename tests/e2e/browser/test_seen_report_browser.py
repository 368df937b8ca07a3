"""Issue 32 in Chromium at 390 px and 1280 px: someone dumping now starts the report at once
(two messages before the first question, none already answered) and the filed message is one
message with the reference unbroken and the letter's link once."""
import pytest
from selenium.webdriver.common.by import By

from .chat_page import ChatPage
from .test_desk_and_page_browser import DESK, PHONE, all_violations, shoot, sideways_scroll, small_targets

pytestmark = pytest.mark.services

QUESTION_WORDS = ("commercial or industrial", "About how much", "What is your name", "What number can staff call",
                  "Where is it", "When was it discovered", "own home, business or work", "What was released",
                  "Could it be")  # someone else's paint may be latex or oil-based: its hazard is asked first


def asks(message):
    return any(words in message.text for words in QUESTION_WORDS)


@pytest.mark.parametrize("width", [PHONE, DESK])
def test_someone_dumping_now_starts_the_report_at_once(make_browser, base_url, helpdesk, width):
    browser = make_browser(width, 900)
    page = ChatPage(browser).open(base_url, "bayville")
    replies = page.say("someone is dumping paint into the storm drain in front of 40 Main St right now")
    first = next(i for i, m in enumerate(replies) if asks(m))
    assert first == 2, [m.text for m in replies]
    assert "call 911" in replies[0].text
    assert "That is not allowed in Bayville" in replies[1].text and "§ 63A-5A" in replies[1].text
    question = replies[first].text
    for answered in ("Where is it", "When was it discovered", "own home, business or work", "What was released"):
        assert answered not in question
    assert not replies[1].find_elements(By.CSS_SELECTOR, ".badge")  # a line, not the lesson's verdict card
    assert small_targets(browser) == [] and sideways_scroll(browser) == 0
    shoot(browser, f"chat-dumping-report-{width}.png")
    assert all_violations(browser) == []


@pytest.mark.parametrize("width", [PHONE, DESK])
def test_the_filed_message_is_one_with_the_reference_whole_and_the_letter_once(make_browser, base_url, helpdesk, width):
    browser = make_browser(width, 900)
    page = ChatPage(browser).open(base_url, "poquott")
    page.say("I spilled a bucket of soapy water and it went into the storm drain")
    answers = {"Where is it": "14 Shore Rd", "When was it discovered": "just now", "commercial or industrial": "no",
               "What is your name": "Pat Lee", "What number can staff call": "none", "Here is what I'll file": "yes"}
    filed = None
    for _ in range(8):
        last = page.bot_messages()[-1].text
        said = next((answer for words, answer in answers.items() if words in last), None)
        assert said, last
        replies = page.say(said)
        filed = next((m for m in replies if m.find_elements(By.CSS_SELECTOR, "section.ticket")), None)
        if filed:
            break
    assert filed is not None
    reference = filed.find_element(By.CSS_SELECTOR, "strong.reference")
    assert reference.text.startswith("PQT-")
    # The reference never wraps ("PQT-/4HJAJM"): one line box.
    assert browser.execute_script("return arguments[0].getClientRects().length", reference) == 1
    text = filed.find_element(By.CSS_SELECTOR, "p.text").text
    assert text.index("1. Notify") < text.index("2. After")
    letters = [a for a in filed.find_elements(By.CSS_SELECTOR, "a[href*='/letters/']")
               if not a.get_attribute("href").endswith(".ics")]
    assert len(letters) == 1, [a.get_attribute("href") for a in letters]
    assert small_targets(browser) == [] and sideways_scroll(browser) == 0
    shoot(browser, f"chat-filed-{width}.png")
    assert all_violations(browser) == []


@pytest.mark.parametrize("width", [DESK, PHONE])
def test_the_queue_shows_a_suspected_source_and_still_fits(make_browser, base_url, helpdesk, width):
    from selenium.webdriver.support.ui import WebDriverWait

    from stormwater.reports.ticket_store import file_ticket
    from stormwater.staff import accounts
    from stormwater.store.database import connect

    from .test_desk_and_page_browser import PASSWORD, sign_in

    words = "I think it's the contractor painting the hardware store on the corner of Main St and Shore Road"
    db = connect(helpdesk.settings.instance / "helpdesk.db")
    email = f"source-{width}@bayville.example"
    accounts.create_user(db, email=email, password=PASSWORD, name="Sam Clerk", village="bayville",
                         known_villages=("bayville", "poquott"))
    ticket = file_ticket(db, village="bayville", kind="illicit_discharge", channel="web", hazardous=False,
                         location="Main St", fields={"material": "paint"}, suspected_source=words)
    db.close()
    browser = make_browser(width, 900)
    sign_in(browser, WebDriverWait(browser, 20), base_url, email)
    row = browser.find_element(By.XPATH, f"//a[text()='{ticket.reference}']/ancestor::tr")
    source = row.find_element(By.CSS_SELECTOR, ".source")
    assert source.get_attribute("title") == words and source.text.startswith("Source: I think")
    assert sideways_scroll(browser) == 0
    assert all_violations(browser) == []
