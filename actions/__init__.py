"""Rasa custom actions: thin adapters from the conversation to the ``stormwater`` domain.

``rasa run actions --actions actions`` registers every action class in this package.
"""
