"""Shared fixtures: the real village files, loaded once."""
import pytest

from stormwater.law.villages import load_villages


@pytest.fixture(scope="session")
def villages():
    return load_villages()


@pytest.fixture(scope="session")
def bayville(villages):
    return villages["bayville"]


@pytest.fixture(scope="session")
def poquott(villages):
    return villages["poquott"]
