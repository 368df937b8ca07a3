"""The words a report's material reader knows: where a material comes from, the tools and
containers that are never the material, the head words of a material's name, and the words of
the sentence around it (its subject, verbs and fillers), never part of the material.

Used by :mod:`stormwater.understanding.material_reading`; plain patterns, no Flask, no Rasa.
"""
from __future__ import annotations

import re

# Where a material comes from: what follows is its source, container or tool, not the thing.
_SOURCE = re.compile(
    r"\b(?:coming out of|coming from|out of|pouring out of|pouring from|leaking (?:out of|from)|draining from|dripping from|"
    r"from|off of|off)\s+(?:my|the|a|an|his|her|their|our|your|some|someone'?s|the neighbou?r'?s|cutting|washing|cleaning)\b",
    re.I,
)
# Tools and containers: never the material ("pressure washer" is not a washing machine).
_TOOLS = re.compile(
    r"\b(?:pressure|power)[ -]?wash(?:er|ing)?|\bhose\b|\bbuckets?\b|\bdrums?\b|\bbarrels?\b|\bjugs?\b|\bcans?\b|"
    r"\bcontainers?\b|\bdownspouts?\b|\bgutters?\b|\bhoses?\b|\bwasher\b",
    re.I,
)
# Heads of a material's name that mean only "some water" or "some stuff": the source then says what.
_GENERIC = re.compile(r"^(?:(?:dirty|clean|brown|gray|grey|murky|soapy|rinse|wash|waste|run ?off)\s+)*(?:water|liquid|stuff|runoff|fluid)$")
_VAGUE_HEADS = ("water", "liquid", "stuff", "fluid", "runoff")  # "the green sludgy water": the sentence says which
_HEADS = (
    r"water|waste|liquid|sludge|mud|foam|residue|runoff|algae|debris|dirt|silt|gunk|goo|goop|slime|muck|dust|powder|"
    r"slurry|sediment|grit|sand|gravel|concrete|cement|grout|mortar|stucco|plaster|paint|stain|sealer|sealant|tar|asphalt|"
    r"oil|grease|fuel|gas|gasoline|diesel|chemicals?|bleach|soap|suds|detergent|fluid|stuff|substance|material|sheen|"
    r"clippings|leaves|mulch|compost|manure|poop|feces|sewage|trash|garbage|litter|coolant|antifreeze|solvent|thinner|"
    r"dye|juice|colou?rant|colou?ring"
)
_PHRASE = re.compile(
    rf"\b((?:[a-z'-]+ ){{0,3}}(?:{_HEADS})(?: (?:{_HEADS}))?)\b(?P<source>\s+(?:coming out of|coming from|out of|from|off)\s+(?:[a-z'-]+(?:\s+|$)){{1,4}})?"
)
# Words that end a source's phrase: "out of my downspout going into the street"; "a pipe behind
# the deli on Main St": the rest is the place.
_SOURCE_END = frozenset(
    "going goes went into in onto on and to down that which is was it's running flowing into across all over "
    "yesterday today this last i we behind beside near by next under at along outside inside across "
    "ran runs run got gets flowed poured spilled leaked dripped seeped drained washed entered came".split()
)
_FILLER = frozenset(
    "i we my our the a an some to want report of and into there is was it it's its there's theres that this "
    "just like looks look looked kind sort lot lots bunch see saw seeing noticed notice spill spilled dumping dumped "
    "pouring poured leaking draining coming running flowing with had has have been are were on in at into onto".split()
)
# Subjects and verbs of the sentence a material is said in: never part of the material.
_ACTIONS = frozenset(
    "someone somebody they he she hes shes theyre guy guys neighbor neighbour neighbors neighbours door landscaper landscapers contractor "
    "contractors crew keeps keep kept dumps pours drains spills hosing hosed rinsing rinsed throwing threw thrown tossing "
    "tossed emptying emptied blowing blew sweeping swept putting put dispose disposing disposed letting let "
    "washed cleaned cleaning scrubbing scrubbed pumping pumped ave st rd dr ln blvd street road avenue lane "
    "out off up away else discharging dumping pouring draining changing his her their its your".split()
)
_UNKNOWN = re.compile(
    r"\b(?:no idea|not sure|don'?t know|dont know|dunno|idk|no clue|can'?t tell|unsure)\s+(?:what|whats|what's)\b"
    # "idk whats going on" does not know what happens, not what the thing is
    r"(?!\s*(?:is |was )?(?:going on|happening|happened|to do)\b)[^,.;]*"
)
# What is seen flowing ("nasty dumpster juice running from behind the pizza place"): the words
# before a verb of flowing, when nothing else names the thing.
_FLOWING = re.compile(
    r"(?:^|\b(?:there'?s|theres|there is|there are|some|see|saw|seeing)\s+)((?:[a-z'-]+ ){0,3}?[a-z'-]+)\s+"
    r"(?:is |are |was )?(?:running|leaking|flowing|pooling|coming|draining|pouring|dripping|seeping|oozing|gushing)\b"
)
_SPILLED = re.compile(
    r"\b(?:spilled|spilt|dumped|poured|knocked over|tipped over|hosed|rinsed out|emptied|dropped)\s+"
    r"(?:(?:a bottle of|a jug of|a bag of|a can of|the|some|a|an|my|our|his|her|their)\s+)?((?:[a-z0-9'-]+\s*){1,5})"
)
# A thing said as its owner's ("a carpet cleaning van just dumped its waste tank"): the owner.
_OWNER = re.compile(
    r"^(?:(?:there'?s|theres|there is)\s+)?(?:a|an|the|some)\s+((?:[a-z'-]+\s+){0,3}?[a-z'-]+)\s+(?:just\s+|is\s+|was\s+)?"
    r"[a-z]+(?:ed|ing)\s+(?:out\s+)?(?:its|their)\s+"
)
_CLAUSE = re.compile(r"[,.;:!?]|\bbut\b|\band then\b")
