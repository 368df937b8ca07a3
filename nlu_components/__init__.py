"""Custom Rasa NLU components: the pretrained sentence featurizer and discharges by meaning."""

from stormwater.store.settings import start_process

# Rasa (training or serving) imports this package: the Rasa process's entry into the project,
# where HELPDESK_DATA_DIR is read, once.
start_process()
