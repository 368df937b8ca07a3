"""Custom Rasa NLU components: the pretrained sentence featurizer and discharges by meaning."""
