"""Reading a resident's message into the ordinance's own categories (issue 27).

``asking``: whether a message asks for a verdict, and whether an emergency word is only part
of a name; ``discharge_reader``: the thing discharged and its facets (what it is, what is in
it, how it reaches the MS4, who discharges it, where it comes from). Plain Python: no Flask,
no Rasa.
"""
