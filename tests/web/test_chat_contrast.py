"""The chat's colours meet WCAG 2.1 AA contrast (4.5:1 for normal text)."""
import re
from pathlib import Path

import pytest

import web

STATIC = Path(web.__file__).parent / "static"
AA_TEXT = 4.5


def luminance(hex_colour):
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def css_colours():
    css = (STATIC / "chat.css").read_text()
    return dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", css))


def test_contrast_formula_matches_known_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize(
    "text,background",
    [
        ("ink", "paper"), ("muted", "paper"), ("accent", "paper"), ("paper", "accent"), ("danger", "paper"),
        ("ink", "user"), ("ink", "bot"), ("accent", "bot"),
        ("allowed-ink", "allowed-bg"), ("conditional-ink", "conditional-bg"), ("prohibited-ink", "prohibited-bg"),
    ],
)
def test_page_colour_pairs_meet_aa(text, background):
    colours = css_colours()
    assert contrast(colours[text], colours[background]) >= AA_TEXT


def test_disabled_buttons_stay_readable():
    css = (STATIC / "chat.css").read_text()
    rule = re.search(r"button:disabled \{([^}]*)\}", css).group(1)
    colour = re.search(r"(?<!-)color: (#[0-9a-f]{6})", rule).group(1)
    background = re.search(r"background: (#[0-9a-f]{6})", rule).group(1)
    assert contrast(colour, background) >= AA_TEXT


def test_widget_button_meets_aa():
    js = (STATIC / "widget.js").read_text()
    colour = re.search(r'color: "(#[0-9a-f]{6})"', js).group(1)
    background = re.search(r'background: "(#[0-9a-f]{6})"', js).group(1)
    assert contrast(colour, background) >= AA_TEXT
