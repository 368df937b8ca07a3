"""axe-core (the npm package, pinned in tests/e2e/browser/axe/package-lock.json and installed
by scripts/install_browser.sh) run inside each page by Selenium: no serious or critical
violation on the chat page, the embed, the staff queue and a ticket page."""
import secrets
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from stormwater.staff import accounts
from stormwater.store.database import connect
from stormwater.reports.ticket_store import file_ticket

from .chat_page import ChatPage
from .navigation import click_to_load
from .test_staff_browser import PASSWORD, sign_in

pytestmark = pytest.mark.services

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def violations(driver, impacts=("serious", "critical")):
    """axe-core's violations on the current page of the given impacts (``None``: every one), as readable lines."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run scripts/install_browser.sh")
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(done, function (e) { done({error: String(e)}); });"
    )
    assert "error" not in result, result
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"] if impacts is None or v["impact"] in impacts
    ]


@pytest.mark.parametrize("path", ["/bayville/", "/poquott/?embed=1"])
def test_the_chat_page_and_the_embed_have_no_serious_violations(base_url, browser, path):
    browser.get(base_url + path)
    ChatPage(browser).find("#welcome")
    assert violations(browser) == []


def test_the_chat_with_answers_and_the_start_over_question_has_no_serious_violations(base_url, browser):
    page = ChatPage(browser).open(base_url, "poquott")
    page.say("can I empty my pool into the street drain?")
    page.find("#chat-reset").click()
    assert violations(browser) == []


@pytest.fixture
def signed_in_clerk(helpdesk, browser, wait, base_url):
    db = connect(helpdesk.settings.instance / "helpdesk.db")
    email = f"axe-{secrets.token_hex(4)}@bayville.example"
    accounts.create_user(db, email=email, password=PASSWORD, name="Axe Clerk", village="bayville",
                         known_villages=("bayville", "poquott"))
    ticket = file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=True, location="Shore Road",
                         fields={"material": "paint thinner"}, transcript=[{"who": "resident", "text": "paint thinner"}])
    db.close()
    sign_in(browser, wait, base_url, email)
    return ticket


def test_the_staff_queue_and_a_ticket_page_have_no_serious_violations(browser, wait, base_url, signed_in_clerk):
    assert violations(browser) == []
    click_to_load(browser, browser.find_element(By.LINK_TEXT, signed_in_clerk.reference))
    wait.until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), signed_in_clerk.reference))
    browser.find_element(By.CSS_SELECTOR, "details.correction summary").click()
    assert violations(browser) == []
