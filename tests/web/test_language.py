"""A message in Spanish gets a line in Spanish: the help desk answers in English, and the office's phone."""
import pytest

from stormwater.intake.language import language_note, looks_spanish
from stormwater.store.wording import load_messages
from stormwater.law.villages import get_village

from .test_sms import messages, params, signed_post


@pytest.mark.parametrize("text", [
    "hay aceite en el desagüe de mi calle", "¿Puedo vaciar mi piscina en la calle?", "Hola", "necesito ayuda por favor",
    "mi vecino tira basura en la alcantarilla",
])
def test_spanish_is_recognised(text):
    assert looks_spanish(text)


@pytest.mark.parametrize("text", [
    "Can I drain my pool into the storm drain?", "There is oil on El Camino Real", "I ate a taco in Los Angeles",
    "What are the fines for dumping?", "BAY-7K3Q9P", "yes", "no",
])
def test_english_is_left_alone(text):
    assert not looks_spanish(text)


def test_the_note_names_the_office_phone():
    note = language_note("¿Puedo vaciar mi piscina?", get_village("poquott"), load_messages())
    assert note.startswith("Este servicio de ayuda solo responde en inglés.")
    assert "(631) 555-0104" in note and "911" in note
    assert language_note("Can I drain my pool?", get_village("poquott"), load_messages()) is None
    assert "oficina de su pueblo" in language_note("hola", None, load_messages())


def test_the_web_chat_answers_a_spanish_message_with_a_spanish_line_first(client, fake_rasa):
    reply = client.post("/api/chat", json={"sender": "spanish-browser-1", "message": "hay aceite en la calle",
                                           "village": "bayville"}).get_json()
    first, *rest = reply["messages"]
    assert first["custom"] == {"type": "language_note", "language": "es"}
    assert "(516) 555-0104" in first["text"] and rest[0]["text"].startswith("echo:")
    english = client.post("/api/chat", json={"sender": "spanish-browser-1", "message": "Can I drain my pool?",
                                             "village": "bayville"}).get_json()
    assert [m["text"] for m in english["messages"]] == ["echo: Can I drain my pool?"]


def test_a_spanish_text_gets_the_spanish_line_too(make_app, fake_rasa):
    client = make_app(TWILIO_AUTH_TOKEN="test-auth-token-not-a-secret").test_client()
    [turn] = messages(signed_post(client, params("¿Puedo vaciar mi piscina?")))
    assert turn.startswith("Este servicio de ayuda solo responde en inglés.") and "echo:" in turn
