"""Messages the help desk cannot answer in their language: at least one line in it.

The assistant understands English only. A message that reads as Spanish (the language most
often written to Long Island village offices after English) gets a line in Spanish saying
so, with the village office's number, before the assistant's own (English) answer.
Detection is deliberately simple and conservative: common Spanish function words, never
one word alone, so an English message with "taco" or "Los Angeles" is left alone.
"""
from __future__ import annotations

import re
from typing import Mapping, Optional

# Frequent Spanish words that are not English words (nor likely place or food names).
_SPANISH = frozenset("""
el los las del una unos unas es está están hay que qué por para con sin pero como cómo dónde donde cuándo
cuando puedo puede pueden tengo tiene mi mis su sus mí yo usted ustedes nosotros este esta estos estas eso
esto aquí allí calle casa agua aceite desagüe alcantarilla piscina basura vecino derrame ayuda hola gracias
buenos buenas días tardes noches favor quiero necesito sí también muy más ahora hoy ayer mañana se lo le
""".split())
_ENGLISH_HINTS = frozenset("the and is are my can i you it of to in on what how".split())
_WORD = re.compile(r"[a-záéíóúüñ]+", re.IGNORECASE)


def looks_spanish(text: str) -> bool:
    """Whether ``text`` reads as Spanish: more Spanish words than English ones, and at least
    two of them (one with an inverted question or exclamation mark), or a one- or two-word
    message of Spanish words only."""
    words = [w.lower() for w in _WORD.findall(text or "")]
    spanish = sum(1 for w in words if w in _SPANISH)
    english = sum(1 for w in words if w in _ENGLISH_HINTS)
    inverted = "¿" in (text or "") or "¡" in (text or "")
    if words and spanish == len(words) and len(words) <= 2:  # "Hola", "ayuda por favor"
        return True
    return spanish > english and (spanish >= 2 or (inverted and spanish >= 1))


def language_note(text: str, village, messages: Mapping[str, object]) -> Optional[str]:
    """The Spanish line for a Spanish message, with the village office's phone, else ``None``.

    :param village: a :class:`stormwater.law.villages.Village`, or ``None`` before one is chosen
    :param messages: ``data/messages.yml`` (``not_english.es`` and ``not_english.es_no_village``)
    """
    if not looks_spanish(text):
        return None
    words = messages["not_english"]
    clerk = village.contact("clerk") if village is not None else {}
    if clerk.get("phone"):
        return str(words["es"]).format(village=village.name, phone=clerk["phone"])
    return str(words["es_no_village"])
