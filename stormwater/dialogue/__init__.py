"""Turns of the conversation as plain functions: which reply answers a message, the
notes and follow-ups around a verdict, the spill route, the guided report and the
decisions the Rasa actions hand over. Plain Python: no Flask, no Rasa."""
