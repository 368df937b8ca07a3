"""Headless Chromium, driven by Selenium through Debian's ChromeDriver, for browser tests.

``scripts/install_browser.sh`` (run by ``make test``) installs both; a missing browser is a
test failure here, never a skip.
"""
import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from .navigation import PageWait

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

# The machine's network is closed: without these flags Chromium keeps trying to reach Google.
FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-extensions", "--disable-default-apps",
]


def _options(tmp_path, width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path}")
    options.add_argument(f"--window-size={width},{height}")
    return options


# Chromium will not make a window narrower than this; narrower screens are emulated.
MIN_WINDOW_WIDTH = 500


@pytest.fixture
def make_browser(tmp_path_factory):
    """A factory for fresh headless Chromium sessions (each with its own profile); all quit at teardown.

    A width under 500 px (a phone) is emulated as a mobile screen of that size, since
    Chromium keeps its windows at least 500 px wide.
    """
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        pytest.fail("Chromium and ChromeDriver are missing: run scripts/install_browser.sh")
    drivers = []

    def make(width=1280, height=900):
        profile = tmp_path_factory.mktemp("chromium-profile")
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=_options(profile, width, height))
        driver.set_page_load_timeout(30)
        if width < MIN_WINDOW_WIDTH:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
            )
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.quit()


@pytest.fixture
def browser(make_browser):
    """One headless Chromium session for a test."""
    return make_browser()


@pytest.fixture
def wait(browser):
    """An explicit wait on ``browser`` (10 s): browser tests wait for what they expect, never sleep."""
    return PageWait(browser, 10)
