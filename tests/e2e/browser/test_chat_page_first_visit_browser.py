"""A resident who has never seen the help desk, in headless Chromium against the running
services: the first screen, links that are links, one reference per reply, the place kept
after a reload, "Start over" that warns and keeps references, a Spanish message, and what to
do instead of a "Not allowed". Screenshots go to ``HELPDESK_SCREENSHOTS`` when it is set
(``docs/images/`` holds the README's)."""
import os
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from .chat_page import ChatPage, badge_text
from .navigation import PageWait

pytestmark = pytest.mark.services


def screenshot(driver, name):
    folder = os.environ.get("HELPDESK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / name))


def in_view(driver, element):
    return driver.execute_script(
        "var r = arguments[0].getBoundingClientRect();"
        "return r.bottom > 0 && r.top < window.innerHeight;", element)


def test_the_first_screen_greets_offers_examples_and_the_offices_number(base_url, make_browser):
    page = ChatPage(make_browser(1024, 900)).open(base_url, "poquott")
    welcome = page.find("#welcome")
    assert "Hello" in welcome.find_element(By.TAG_NAME, "h2").text
    examples = welcome.find_elements(By.CSS_SELECTOR, "button.example")
    assert len(examples) == 3 and all(b.is_displayed() for b in examples)
    assert page.find(".emergency a").get_attribute("href") == "tel:911"
    office = welcome.find_element(By.CSS_SELECTOR, ".office")
    assert "(631) 555-0104" in office.text and "Monday to Friday" in office.text
    assert office.find_element(By.TAG_NAME, "a").get_attribute("href") == "tel:+16315550104"
    screenshot(page.driver, "chat-first-screen.png")

    # An example is a question asked with one click; a "Not allowed" says what to do instead.
    before = len(page.bot_messages())
    examples[0].click()
    answer = page._after_reply(before)
    assert "pool" in page.user_texts()[-1]
    assert badge_text(answer) == "Not allowed"
    instead = [m for m in answer if "What you may do instead" in m.text]
    assert instead and "hauled away" in instead[0].text and "own lawn" in instead[0].text
    smo = instead[0].find_element(By.CSS_SELECTOR, "a.tel")
    assert smo.get_attribute("href") == "tel:+16315550101"
    screenshot(page.driver, "chat-not-allowed.png")


def test_a_filed_report_has_one_reference_a_letter_link_and_survives_a_reload(base_url, make_browser):
    page = ChatPage(make_browser(1024, 700)).open(base_url, "bayville")
    # Whose it is, the material, the amount and the drain come with the first message.
    page.say("I spilled a bucket of soapy water and it went into the storm drain")
    for answer in ("12 Main St", "yesterday at 3pm"):
        page.say(answer)
    page.choose("No")  # not from a business
    page.say("Pat Lee")
    page.say("516-555-0199")  # the read-back
    filed = page.choose("Yes, file it")
    references = [r.text for m in filed for r in m.find_elements(By.CSS_SELECTOR, ".reference")]
    assert len(references) == 1, references
    reference = references[0]
    assert sum(m.text.count(reference) for m in filed) == 1  # "Reference: BAY-..." once
    # The letter is a link, never a raw "/letters/..." path.
    assert "/letters/" not in " ".join(m.text for m in filed)
    links = [a.get_attribute("href") for m in filed for a in m.find_elements(By.CSS_SELECTOR, "a.letter-link")]
    assert links and all("/letters/" in href for href in links)
    # Phone numbers in replies are tel: links.
    assert any(a.get_attribute("href").startswith("tel:+1516555") for m in filed for a in m.find_elements(By.CSS_SELECTOR, "a.tel"))
    screenshot(page.driver, "chat-report-filed.png")

    # After a reload the page is back at the newest message, with the message box in reach.
    count = len(page.find_all("#messages .msg"))
    page.driver.refresh()
    PageWait(page.driver, 10).until(lambda d: len(page.find_all("#messages .msg")) == count)
    PageWait(page.driver, 5).until(lambda d: in_view(d, page.find_all("#messages .msg")[-1]))
    assert page.driver.execute_script("return window.scrollY") > 0

    # "Start over" says what it forgets and offers to keep the reference.
    page.find("#chat-reset").click()
    confirm = page.find("#reset-confirm")
    assert confirm.is_displayed() and "no longer be able to ask here" in confirm.text and reference in confirm.text
    page.find("#reset-cancel").click()
    assert not confirm.is_displayed() and len(page.find_all("#messages .msg")) == count
    page.find("#chat-reset").click()
    page.find("#reset-keep").click()
    assert page.find_all("#messages .msg") == []
    kept = page.find("#kept-references")
    assert kept.is_displayed() and reference in kept.text and "(516) 555-0104" in kept.text
    page.driver.refresh()
    PageWait(page.driver, 10).until(lambda d: page.find("#kept-references").is_displayed())
    assert reference in page.find("#kept-references").text
    page.find("#forget-references").click()
    assert not page.find("#kept-references").is_displayed()


def test_a_spanish_message_gets_a_line_in_spanish_with_the_office_phone(base_url, page_in_bayville):
    replies = page_in_bayville.say("¿Puedo vaciar mi piscina en la calle?")
    first = replies[0]
    assert first.get_attribute("lang") == "es"
    assert "solo responde en inglés" in first.text
    assert first.find_element(By.CSS_SELECTOR, "a.tel").get_attribute("href") == "tel:+15165550104"


@pytest.fixture
def page_in_bayville(base_url, browser):
    return ChatPage(browser).open(base_url, "bayville")
