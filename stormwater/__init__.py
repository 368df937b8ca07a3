"""Plain-Python domain of the Stormwater Help Desk: the law as data, and what follows from it.

Both the Rasa actions (``actions/``) and the Flask app (``web/``) call these modules; tests
call them without any service running.
"""
