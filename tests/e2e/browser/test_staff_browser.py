"""The staff desk in real headless Chromium against the running help desk: sign in, open a
ticket, change its status, add a note; ticket text holding HTML or script shows as text."""
import secrets

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from stormwater.staff import accounts, audit
from stormwater.storage import connect
from stormwater.tickets import file_ticket, get_ticket

pytestmark = pytest.mark.services

PASSWORD = "browser test passphrase"
SCRIPT = '<script>window.__pwned = "script"</script>'
IMAGE = '<img src="/nothing.png" onerror="window.__pwned = \'img\'">'


@pytest.fixture
def database(helpdesk):
    db = connect(helpdesk.settings.instance / "helpdesk.db")
    yield db
    db.close()


@pytest.fixture
def clerk(database):
    email = f"clerk-{secrets.token_hex(4)}@bayville.example"
    return accounts.create_user(database, email=email, password=PASSWORD, name="Browser Clerk", village="bayville",
                                known_villages=("bayville", "poquott"))


@pytest.fixture
def ticket(database):
    return file_ticket(
        database, village="bayville", kind="spill", channel="web", hazardous=False,
        location=f"Shore Road {SCRIPT}", reporter_name=IMAGE, fields={"material": f"oil {IMAGE}"},
        transcript=[{"who": "resident", "text": f"it smells {SCRIPT}"}],
    )


def sign_in(browser, wait, base_url, email):
    browser.get(f"{base_url}/staff/")
    wait.until(EC.url_contains("/staff/login"))
    browser.find_element(By.ID, "email").send_keys(email)
    browser.find_element(By.ID, "password").send_keys(PASSWORD)
    browser.find_element(By.ID, "sign-in").click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.queue")))


def test_staff_sign_in_open_a_ticket_change_status_and_add_a_note(browser, wait, base_url, database, clerk, ticket):
    sign_in(browser, wait, base_url, clerk.email)
    browser.find_element(By.LINK_TEXT, ticket.reference).click()
    wait.until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), ticket.reference))

    # Hostile ticket text is shown as the characters it is, and none of it ran.
    body = browser.find_element(By.TAG_NAME, "main").text
    assert SCRIPT in body and IMAGE in body
    assert browser.execute_script("return window.__pwned === undefined")
    assert browser.find_elements(By.CSS_SELECTOR, "main img, main script") == []

    Select(browser.find_element(By.ID, "status")).select_by_value("acknowledged")
    browser.find_element(By.CSS_SELECTOR, "#status-form button[type=submit]").click()
    wait.until(EC.text_to_be_present_in_element((By.ID, "ticket-status"), "acknowledged"))

    note = f"Called the reporter back {IMAGE}"
    browser.find_element(By.ID, "body").send_keys(note)
    browser.find_element(By.ID, "shared").click()
    browser.find_element(By.CSS_SELECTOR, "#note-form button[type=submit]").click()
    wait.until(EC.text_to_be_present_in_element((By.ID, "notes"), "Called the reporter back"))
    assert note in browser.find_element(By.ID, "notes").text
    assert browser.execute_script("return window.__pwned === undefined")

    assert get_ticket(database, ticket.reference).status == "acknowledged"
    changes = [(e.actor, e.action) for e in audit.entries(database, "ticket", ticket.reference)]
    assert changes == [(clerk.email, "status"), (clerk.email, "note")]


def test_a_wrong_password_keeps_the_desk_closed(browser, wait, base_url, clerk):
    browser.get(f"{base_url}/staff/login")
    browser.find_element(By.ID, "email").send_keys(clerk.email)
    browser.find_element(By.ID, "password").send_keys("not the password")
    browser.find_element(By.ID, "sign-in").click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "p.error")))
    assert "/staff/login" in browser.current_url
    browser.get(f"{base_url}/staff/")
    wait.until(EC.url_contains("/staff/login"))
