"""Issue 32, part B, in Chromium at a phone's 390 px and a desk's 1280 px, on the real
services: a report's status from another browser with its reference and check code (the
public /status page and the chat), "any news on my report?" in the conversation that filed it,
a clerk's reply reaching the resident's web chat, and the "Use my location" and "Add a photo"
buttons (geolocation emulated through ChromeDriver, permission granted or denied). axe-core
finds no violation on each page added or changed."""
import io
import os
import secrets

import pytest
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from stormwater.intake.inbound import sender_key
from stormwater.reports.ticket_store import file_ticket
from stormwater.staff import accounts
from stormwater.store.database import connect

from .chat_page import REPLY_SECONDS, ChatPage
from .navigation import PageWait, click_to_load
from .test_desk_and_page_browser import DESK, PHONE, all_violations, shoot, sideways_scroll, small_targets

pytestmark = pytest.mark.services

PASSWORD = "status and replies passphrase"


def database(helpdesk):
    return connect(helpdesk.settings.instance / "helpdesk.db")


def chat_sender_key(helpdesk, browser, village="bayville"):
    """The keyed sender id of the browser's chat conversation (as the web layer computes it)."""
    browser_id = browser.execute_script(f"return localStorage.getItem('stormwater-helpdesk:{village}:sender')")
    secret = os.environ.get("HELPDESK_SECRET_KEY") or (helpdesk.settings.instance / "secret_key").read_bytes()
    return sender_key(secret, "web", village, browser_id)


def file_from(helpdesk, key=None):
    db = database(helpdesk)
    ticket = file_ticket(db, village="bayville", kind="spill", channel="web", hazardous=False, location="12 Main St",
                         fields={"material": "paint"}, reporter_name="Pat Doe", reporter_phone="(516) 555-0199",
                         sender_key=key or f"elsewhere-{secrets.token_hex(4)}")
    db.close()
    return ticket


def signed_in_clerk(make_browser, base_url, helpdesk, width=DESK):
    """A browser signed in as a new Bayville clerk, on the queue."""
    db = database(helpdesk)
    email = f"clerk-{secrets.token_hex(4)}@bayville.example"
    accounts.create_user(db, email=email, password=PASSWORD, name="Dana Clerk", village="bayville",
                         known_villages=("bayville", "poquott"))
    db.close()
    clerk = make_browser(width, 900)
    wait = PageWait(clerk, 10)
    clerk.get(f"{base_url}/staff/login")
    wait.until(EC.presence_of_element_located((By.ID, "email")))
    clerk.find_element(By.ID, "email").send_keys(email)
    clerk.find_element(By.ID, "password").send_keys(PASSWORD)
    click_to_load(clerk, clerk.find_element(By.ID, "sign-in"))
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.queue")))
    return clerk


def new_bot_text(page, before):
    PageWait(page.driver, REPLY_SECONDS).until(lambda d: len(page.bot_messages()) > before)
    return page.bot_messages()[-1].text


@pytest.mark.parametrize("width", [PHONE, DESK])
def test_status_from_another_browser_with_the_reference_and_check(make_browser, base_url, helpdesk, width):
    ticket = file_from(helpdesk)
    browser = make_browser(width, 900)
    wait = PageWait(browser, 10)
    browser.get(base_url + "/")
    click_to_load(browser, browser.find_element(By.CSS_SELECTOR, "a.status-link"))
    wait.until(EC.presence_of_element_located((By.ID, "status-reference")))
    assert small_targets(browser) == [] and sideways_scroll(browser) == 0 and all_violations(browser) == []
    browser.find_element(By.ID, "status-reference").send_keys(ticket.reference.lower())
    wrong = f"{(int(ticket.status_check) + 1) % 10000:04d}"
    browser.find_element(By.ID, "status-check").send_keys(wrong)
    click_to_load(browser, browser.find_element(By.CSS_SELECTOR, ".status-form button"))
    refused = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".status-answer"))).text
    assert "No status shown" in refused and "was filed" not in refused
    assert all_violations(browser) == []
    browser.find_element(By.ID, "status-check").send_keys(ticket.status_check)
    click_to_load(browser, browser.find_element(By.CSS_SELECTOR, ".status-form button"))
    answer = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".status-answer"))).text
    assert f"Report {ticket.reference} (spill) was filed on" in answer and "Next:" in answer
    assert "Pat Doe" not in answer and "555-0199" not in answer and "Main St" not in answer
    assert small_targets(browser) == [] and sideways_scroll(browser) == 0 and all_violations(browser) == []
    shoot(browser, f"status-page-{width}.png")

    # The same in the chat of another browser: the reference and the check code.
    page = ChatPage(make_browser(width, 900)).open(base_url, "bayville")
    reply = page.say(f"what's the status of {ticket.reference}? my check code is {ticket.status_check}")
    assert f"Report {ticket.reference} (spill) was filed on" in reply[-1].text
    asked = page.say(f"status of {ticket.reference}")  # no check code: asked for it, nothing shown
    assert "check code" in asked[-1].text and "was filed" not in asked[-1].text


def test_news_in_the_filing_chat_and_a_clerks_reply_reach_the_resident(make_browser, base_url, helpdesk):
    resident = ChatPage(make_browser(PHONE, 900)).open(base_url, "bayville")
    resident.say("hello")
    ticket = file_from(helpdesk, chat_sender_key(helpdesk, resident.driver))
    news = resident.say("any news on my report?")
    assert f"Report {ticket.reference} (spill) was filed on" in news[-1].text

    clerk = signed_in_clerk(make_browser, base_url, helpdesk)
    wait = PageWait(clerk, 10)
    clerk.get(f"{base_url}/staff/tickets/{ticket.reference}")
    routes = wait.until(EC.presence_of_element_located((By.ID, "reply-routes"))).text
    assert "to their web chat" in routes
    clerk.find_element(By.ID, "body").send_keys("A crew cleaned the drain this morning. Thank you!")
    clerk.find_element(By.CSS_SELECTOR, "label[for=shared]").click()
    click_to_load(clerk, clerk.find_element(By.CSS_SELECTOR, "#note-form button[type=submit]"))
    wait.until(EC.text_to_be_present_in_element((By.ID, "notes"), "A crew cleaned the drain"))

    # The resident comes back to the chat: the reply is there, once.
    resident.open(base_url, "bayville")
    PageWait(resident.driver, REPLY_SECONDS).until(
        lambda d: any("Village staff replied" in m.text for m in resident.bot_messages()))
    replies = [m.find_element(By.CSS_SELECTOR, ".text").text for m in resident.bot_messages() if "Village staff replied" in m.text]
    assert replies == [f"Village staff replied about your report {ticket.reference}: A crew cleaned the drain this morning. Thank you!"]
    assert small_targets(resident.driver) == [] and sideways_scroll(resident.driver) == 0
    assert all_violations(resident.driver) == []
    clerk.get(f"{base_url}/staff/tickets/{ticket.reference}")
    wait.until(EC.text_to_be_present_in_element((By.ID, "notes"), "shown in their web chat"))
    assert all_violations(clerk) == []


def photo_file(tmp_path, name="drain.jpg", data=None):
    path = tmp_path / name
    if data is None:
        image, exif = Image.new("RGB", (120, 90), (90, 60, 30)), Image.Exif()
        exif.get_ifd(0x8825).update({1: "N", 2: (40.0, 54.0, 1.0), 3: "W", 4: (73.0, 34.0, 2.0)})
        out = io.BytesIO()
        image.save(out, format="JPEG", exif=exif)
        data = out.getvalue()
    path.write_bytes(data)
    return str(path)


def choose_photo(page, path):
    before = len(page.bot_messages())
    field = page.find("#chat-photo")
    page.driver.execute_script("arguments[0].hidden = false;", field)  # ChromeDriver types only into shown inputs
    field.send_keys(path)
    page.driver.execute_script("arguments[0].hidden = true;", field)
    return new_bot_text(page, before)


@pytest.mark.parametrize("width", [PHONE, DESK])
def test_location_and_photo_buttons(make_browser, base_url, helpdesk, tmp_path, width):
    browser = make_browser(width, 900)
    page = ChatPage(browser).open(base_url, "bayville")
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url, "permissions": ["geolocation"]})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 40.9091, "longitude": -73.5627, "accuracy": 20})
    before = len(page.bot_messages())
    page.find("#chat-location").click()
    assert "I'll add your location to your report when it is filed" in new_bot_text(page, before)
    assert "hidden details" in choose_photo(page, photo_file(tmp_path))
    assert "not a picture" in choose_photo(page, photo_file(tmp_path, "notes.jpg", b"these are not pixels"))
    shoot(browser, f"chat-location-photo-{width}.png")
    assert small_targets(browser) == [] and sideways_scroll(browser) == 0 and all_violations(browser) == []

    key = chat_sender_key(helpdesk, browser)
    ticket = file_from(helpdesk, key)
    db = database(helpdesk)
    rows = db.conn.execute("SELECT kind, latitude, longitude, body FROM chat_attachments WHERE ticket_reference = ?"
                           " ORDER BY id", [ticket.reference]).fetchall()
    db.close()
    assert [(kind, lat, lon) for kind, lat, lon, _ in rows] == [("location", 40.9091, -73.5627), ("photo", None, None)]
    assert not Image.open(io.BytesIO(rows[1][3])).getexif()  # the GPS position is gone

    # The clerk sees the place on a map and the photo, on a page that fits and that axe passes.
    clerk = signed_in_clerk(make_browser, base_url, helpdesk, width)
    clerk.get(f"{base_url}/staff/tickets/{ticket.reference}")
    section = PageWait(clerk, 10).until(EC.presence_of_element_located((By.ID, "added-in-chat")))
    link = section.find_element(By.PARTIAL_LINK_TEXT, "on OpenStreetMap")
    assert link.get_attribute("href").startswith("https://www.openstreetmap.org/?mlat=40.909100&mlon=-73.562700")
    photo_url = section.find_element(By.PARTIAL_LINK_TEXT, "Photo added").get_attribute("href")
    assert sideways_scroll(clerk) == 0 and all_violations(clerk) == []
    clerk.get(photo_url)
    assert PageWait(clerk, 10).until(lambda d: d.execute_script(
        "var i = document.querySelector('img'); return i && i.complete && i.naturalWidth")) == 120

    # A browser whose permission is denied is told to type the place instead.
    denied = ChatPage(make_browser(width, 900)).open(base_url, "bayville")
    denied.driver.execute_cdp_cmd("Browser.setPermission", {"origin": base_url, "permission": {"name": "geolocation"},
                                                            "setting": "denied"})
    before = len(denied.bot_messages())
    denied.find("#chat-location").click()
    assert "type the street or a landmark" in new_bot_text(denied, before)
