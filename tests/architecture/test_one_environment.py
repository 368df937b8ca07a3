"""The environment is read in one place, stormwater/store/settings.py (bench/ aside): every
entry point takes its copy once at start and hands it down."""
import ast

from tests.architecture.house import dotted, modules, tree

SETTINGS = "stormwater.store.settings"


def environment_reads(path):
    """Lines that touch ``os.environ`` or ``os.getenv``."""
    return [node.lineno for node in ast.walk(tree(path))
            if isinstance(node, ast.Attribute) and dotted(node) in ("os.environ", "os.getenv")]


def test_only_the_settings_module_reads_the_environment():
    found = {name for name, path in modules().items() if environment_reads(path)}
    # Writes for libraries too (TensorFlow's log level, the model hubs' offline switches) go
    # through set_library_defaults / force_library_values there.
    assert found - {SETTINGS} == set(), "take it from stormwater.store.settings"
    assert SETTINGS in found
