"""STOP and START texted to the help desk decide the reporter update texts (issue 18)."""
import pytest

from stormwater.store import sms_consent
from stormwater.store.database import connect

from .test_sms import RESIDENT, TOKEN, messages, no_sms_env, params, signed_post  # noqa: F401


@pytest.fixture
def app(make_app):
    return make_app(TWILIO_AUTH_TOKEN=TOKEN)


def opted_out(app):
    db = connect(app.config["DATABASE"])
    try:
        return sms_consent.is_opted_out(db, RESIDENT)
    finally:
        db.close()


def test_stop_is_remembered_and_start_undoes_it(app, client, fake_rasa):
    assert not opted_out(app)
    assert messages(signed_post(client, params(" Stop "))) == []  # Twilio itself answers
    assert opted_out(app)
    assert messages(signed_post(client, params("START"))) == []
    assert not opted_out(app)
    assert messages(signed_post(client, params("arret", OptOutType="STOP"))) == []  # Advanced Opt-Out
    assert opted_out(app)
    assert fake_rasa.received == []


def test_help_is_no_opt_out(app, client, fake_rasa):
    signed_post(client, params("HELP"))
    assert not opted_out(app)
