"""A resident's view of the chat page, for browser tests: what they type, click and read."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .navigation import PageWait

REPLY_SECONDS = 30  # a Rasa turn on a busy 2-core machine, with room to spare


class ChatPage:
    """The chat page (or the widget's frame, once the driver has switched into it)."""

    def __init__(self, driver):
        self.driver = driver

    def open(self, base_url, village, embed=False):
        self.driver.get(f"{base_url}/{village}/" + ("?embed=1" if embed else ""))
        PageWait(self.driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        return self

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def find_all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def bot_messages(self):
        return self.find_all("#messages .msg-bot")

    def user_texts(self):
        return [m.text for m in self.find_all("#messages .msg-user .text")]

    def _after_reply(self, before):
        """Wait until the page is idle again with more bot messages than ``before``; return the new ones."""
        PageWait(self.driver, REPLY_SECONDS).until(
            lambda d: not self.find("#typing").is_displayed() and len(self.bot_messages()) > before
        )
        return self.bot_messages()[before:]

    def say(self, text):
        """Type ``text``, press Enter, and return the bot messages it brought."""
        before = len(self.bot_messages())
        box = self.find("#chat-input")
        box.clear()
        box.send_keys(text)
        box.send_keys(Keys.ENTER)
        return self._after_reply(before)

    def choose(self, title):
        """Click the open choice button called ``title`` and return the replies."""
        before = len(self.bot_messages())
        buttons = [b for b in self.find_all("button.choice") if b.is_enabled() and b.text == title]
        assert buttons, f"no open choice {title!r}"
        buttons[-1].click()
        return self._after_reply(before)

    def wait_for_error(self):
        """Wait until the error notice shows, and return its text."""
        PageWait(self.driver, REPLY_SECONDS).until(lambda d: self.find("#chat-retry").is_displayed())
        return self.find("#chat-error-text").text


def badge_text(messages):
    """The verdict badge among ``messages`` (there must be exactly one)."""
    badges = [b.text for m in messages for b in m.find_elements(By.CSS_SELECTOR, ".badge")]
    assert len(badges) == 1, badges
    return badges[0]
