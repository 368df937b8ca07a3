"""The real all-MiniLM-L6-v2 encoder, loaded once for the session (a few seconds)."""
import pytest


@pytest.fixture(scope="session")
def encoder():
    from stormwater.understanding.embeddings import get_encoder

    return get_encoder()
