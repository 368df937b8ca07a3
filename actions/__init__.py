"""Rasa custom actions: thin adapters from the conversation to the ``stormwater`` domain.

``rasa run actions --actions actions`` registers every action class in this package.
"""
from actions.action_db import start
from stormwater.alerts import hooks

# rasa_sdk imports this package when the action server starts: its settings are read here,
# once, and a report filed here queues its alerts with the ticket.
start()
hooks.register()
