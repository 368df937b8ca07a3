"""The project's own spaCy pipeline: a blank English tokenizer plus an entity ruler.

No pretrained weights can be downloaded here, and none are needed: the entities residents
name (discharges, villages) are generated from the knowledge files, so adding a synonym or a
village to ``data/`` changes what the bot recognises. Rasa's ``SpacyNLP`` loads the saved folder.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import List, Optional

from stormwater.understanding.catalogue import load_catalogue, load_decoys
from stormwater.law.villages import load_villages

DEFAULT_OUTPUT = Path("build/spacy_pipeline")


def ruler_patterns(folder: Optional[str] = None) -> List[dict]:
    """Entity-ruler phrase patterns: label ``discharge`` or ``village`` (id the canonical key),
    or ``not_discharge`` for a decoy."""
    patterns = []
    for discharge in load_catalogue(folder).values():
        for phrase in discharge.synonyms:
            patterns.append({"label": "discharge", "pattern": phrase, "id": discharge.key})
    # Decoys ("pool guy") get a label of their own, which the Rasa config does not extract:
    # the ruler prefers the longer match, so "pool" inside them is never a discharge.
    for phrase in load_decoys(folder):
        patterns.append({"label": "not_discharge", "pattern": phrase})
    for village in load_villages(Path(folder) if folder else None).values():
        names = {village.short_name.lower(), village.name.lower(), village.slug, *village.aliases}
        for name in sorted(names):
            patterns.append({"label": "village", "pattern": name, "id": village.slug})
    return patterns


def build_pipeline(folder: Optional[str] = None):
    """A ``spacy.blank("en")`` pipeline with a case-insensitive entity ruler."""
    import spacy

    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER"})
    ruler.add_patterns(ruler_patterns(folder))
    return nlp


def main(argv: Optional[List[str]] = None) -> None:
    """Build the pipeline and save it where ``bot/config.yml`` expects it."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    nlp = build_pipeline()
    args.output.mkdir(parents=True, exist_ok=True)
    nlp.to_disk(args.output)
    print(f"spaCy pipeline with {len(nlp.get_pipe('entity_ruler').patterns)} patterns saved to {args.output}")


if __name__ == "__main__":
    main()
