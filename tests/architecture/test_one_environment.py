"""The environment is read in one place, stormwater/store/settings.py (bench/ aside): every
entry point takes its copy once at start and hands it down."""
import ast

from tests.architecture.house import dotted, modules, tree

SETTINGS = "stormwater.store.settings"
# Writes for third-party libraries, set before they load; the help desk reads none of them.
LIBRARY_SWITCHES = {
    "stormwater.understanding.embeddings": "Hugging Face and TensorFlow kept offline and quiet (HF_HUB_OFFLINE, TF_CPP_MIN_LOG_LEVEL)",
    "ops.build": "TensorFlow's C++ log level, set before spaCy first loads it",
}


def environment_reads(path):
    """Lines that touch ``os.environ`` or ``os.getenv``."""
    return [node.lineno for node in ast.walk(tree(path))
            if isinstance(node, ast.Attribute) and dotted(node) in ("os.environ", "os.getenv")]


def test_only_the_settings_module_reads_the_environment():
    found = {name for name, path in modules().items() if environment_reads(path)}
    assert found - {SETTINGS} - set(LIBRARY_SWITCHES) == set(), "take it from stormwater.store.settings"
    assert SETTINGS in found


def test_the_library_switches_only_write():
    for name in LIBRARY_SWITCHES:
        source = modules()[name].read_text(encoding="utf-8")
        for line in environ_lines(source):
            assert "os.environ[" in line and "=" in line or "os.environ.setdefault(" in line, (name, line)


def environ_lines(source):
    return [line.strip() for line in source.splitlines() if "os.environ" in line or "os.getenv" in line]
