"""The staff desk in real headless Chromium against the running help desk: sign in, open a
ticket, change its status, add a note; ticket text holding HTML or script shows as text."""
import secrets

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from stormwater.staff import accounts, audit
from stormwater.store.database import connect
from stormwater.reports.ticket_store import file_ticket, get_ticket

from .navigation import click_to_load

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
    click_to_load(browser, browser.find_element(By.ID, "sign-in"))
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.queue")))


def test_staff_sign_in_open_a_ticket_change_status_and_add_a_note(browser, wait, base_url, database, clerk, ticket):
    sign_in(browser, wait, base_url, clerk.email)
    click_to_load(browser, browser.find_element(By.LINK_TEXT, ticket.reference))
    wait.until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), ticket.reference))

    # Hostile ticket text is shown as the characters it is, and none of it ran.
    body = browser.find_element(By.TAG_NAME, "main").text
    assert SCRIPT in body and IMAGE in body
    assert browser.execute_script("return window.__pwned === undefined")
    assert browser.find_elements(By.CSS_SELECTOR, "main img, main script") == []

    Select(browser.find_element(By.ID, "status")).select_by_value("acknowledged")
    click_to_load(browser, browser.find_element(By.CSS_SELECTOR, "#status-form button[type=submit]"))
    wait.until(EC.text_to_be_present_in_element((By.ID, "ticket-status"), "acknowledged"))

    note = f"Called the reporter back {IMAGE}"
    browser.find_element(By.ID, "body").send_keys(note)
    browser.find_element(By.ID, "shared").click()
    click_to_load(browser, browser.find_element(By.CSS_SELECTOR, "#note-form button[type=submit]"))
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
    click_to_load(browser, browser.find_element(By.ID, "sign-in"))
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "p.error")))
    assert "/staff/login" in browser.current_url
    browser.get(f"{base_url}/staff/")
    wait.until(EC.url_contains("/staff/login"))


def test_a_new_hazardous_report_tops_the_queue_and_the_ticket_reads_as_a_clerk_expects(
        browser, wait, base_url, database, clerk):
    import os
    from datetime import date, datetime, timedelta, timezone
    from pathlib import Path

    now = datetime.now(timezone.utc)
    # A word only this test's tickets hold, to see them apart from what other tests filed.
    tag = f"zq{secrets.token_hex(4)}"
    overdue = [file_ticket(database, village="bayville", kind="spill", channel="web", hazardous=False,
                           location=f"{n} Bayville Ave", fields={"material": "soapy water"},
                           transcript=[{"who": "resident", "text": tag}],
                           notify_by=date(2026, 1, 5), written_by=date(2026, 1, 8), now=now - timedelta(days=300 - n))
               for n in range(13)]
    sign_in(browser, wait, base_url, clerk.email)  # the first look
    hazards = [file_ticket(database, village="bayville", kind="spill", channel="sms", hazardous=True,
                           location=place, fields={"material": material, "test_when": None, "handoff_question": ""},
                           transcript=[{"who": "resident", "text": tag}],
                           discovered_at=now - timedelta(hours=1))  # filed after the first look
               for place, material in (("Shore Road drain", "paint thinner"), ("Ransom Ave", "gasoline"))]
    browser.get(f"{base_url}/staff/")
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.queue")))
    rows = browser.find_elements(By.CSS_SELECTOR, "table.queue tbody tr")
    first_two = [r.find_element(By.TAG_NAME, "a").text for r in rows[:2]]
    assert set(first_two) == {h.reference for h in hazards}
    for row in rows[:2]:
        assert row.find_element(By.CSS_SELECTOR, "td.hazard .badge-hazard").is_displayed()
    assert rows[0].find_element(By.CSS_SELECTOR, "td.material").text in ("paint thinner", "gasoline")
    assert rows[0].find_element(By.CSS_SELECTOR, "td.place").text in ("Shore Road drain", "Ransom Ave")
    assert browser.find_element(By.ID, "new-since").text.startswith("2 new")
    # Among this test's tickets (other tests' can fill the first page): the new hazardous
    # reports, then the overdue ones, in the same order.
    browser.get(f"{base_url}/staff/?q={tag}")
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.queue")))
    mine = browser.find_elements(By.CSS_SELECTOR, "table.queue tbody tr")
    assert {r.find_element(By.TAG_NAME, "a").text for r in mine[:2]} == {h.reference for h in hazards}
    assert [r.find_element(By.TAG_NAME, "a").text for r in mine[2:]] and all("overdue" in r.get_attribute("class") for r in mine[2:])
    assert {r.find_element(By.TAG_NAME, "a").text for r in mine[2:]} == {t.reference for t in overdue}
    if os.environ.get("HELPDESK_SCREENSHOTS"):
        Path(os.environ["HELPDESK_SCREENSHOTS"]).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(os.environ["HELPDESK_SCREENSHOTS"]) / "staff-queue.png"))

    # The ticket: the report first, each field once, no empty rows, no raw keys.
    click_to_load(browser, browser.find_element(By.LINK_TEXT, hazards[0].reference))
    wait.until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), hazards[0].reference))
    main = browser.find_element(By.TAG_NAME, "main")
    sections = [s.get_attribute("id") or s.find_element(By.TAG_NAME, "h2").text for s in main.find_elements(By.CSS_SELECTOR, "section.panel")]
    assert sections[0] == "report"
    labels = [dt.text for dt in main.find_elements(By.CSS_SELECTOR, "#report dt")]
    assert labels[:1] == ["What was released"] and "Where" in labels and "Discovered" in labels
    assert len(labels) == len(set(labels)) and not any("_" in label for label in labels)
    assert "Test when" not in main.text and "Handoff question" not in main.text
    assert "printable confirmation letter" not in main.text  # hazardous: no letter applies

    # Straight to "investigating" in one step, and the history says so in a sentence.
    Select(browser.find_element(By.ID, "status")).select_by_value("investigating")
    click_to_load(browser, browser.find_element(By.CSS_SELECTOR, "#status-form button[type=submit]"))
    wait.until(EC.text_to_be_present_in_element((By.ID, "ticket-status"), "investigating"))
    assert "Browser Clerk moved it from new to investigating." in browser.find_element(By.ID, "history").text
    assert "close_reason" not in browser.find_element(By.ID, "history").text

    # Correct the material: audited, shown in the history with the value before.
    browser.find_element(By.CSS_SELECTOR, "details.correction summary").click()
    Select(browser.find_element(By.ID, "field")).select_by_value("material")
    browser.find_element(By.ID, "value").send_keys("paint thinner and rags")
    click_to_load(browser, browser.find_element(By.CSS_SELECTOR, "#correction-form button[type=submit]"))
    wait.until(EC.text_to_be_present_in_element((By.ID, "history"), "corrected What was released"))
    assert get_ticket(database, hazards[0].reference).fields["material"] == "paint thinner and rags"
    if os.environ.get("HELPDESK_SCREENSHOTS"):
        browser.save_screenshot(str(Path(os.environ["HELPDESK_SCREENSHOTS"]) / "staff-ticket.png"))
