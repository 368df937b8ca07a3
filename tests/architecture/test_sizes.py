"""No module over 330 lines and no function over 60 (issue 31), in stormwater/, actions/, web/
and ops/. The offenders of today are listed with the reason they are still there; the lists
only ever shrink: an entry whose file or function has come within the limit must go."""
import ast
from typing import Dict

from tests.architecture.house import modules, tree

MODULE_LINES = 330
FUNCTION_LINES = 60
ACTION_LINES = 60  # issue 31: an action only adapts the tracker to a dialogue function
CHECKED = ("stormwater", "actions", "web", "ops")

NOT_MINE = "issue 27/28's file this round (kept apart so their work merges); split in the move that follows"

# module -> why it is still over MODULE_LINES
LONG_MODULES_ALLOWED: Dict[str, str] = {
}

# action module -> why it is still over ACTION_LINES (empty: every action module is within it)
LONG_ACTIONS_ALLOWED: Dict[str, str] = {}

# "module.function" (a method as "module.Class.method") -> why it is still over FUNCTION_LINES
LONG_FUNCTIONS_ALLOWED: Dict[str, str] = {
}


def module_lengths():
    return {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in modules(CHECKED).items()}


def function_lengths(module: ast.Module, prefix: str):
    """``{"prefix.Class.function": lines}`` of every function and method, nested ones too
    (a function's lines run from its ``def`` to its last line)."""
    found = {}

    def walk(node, path):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{path}.{child.name}"
                if not isinstance(child, ast.ClassDef):
                    found[name] = child.end_lineno - child.lineno + 1
                walk(child, name)
            else:
                walk(child, path)

    walk(module, prefix)
    return found


def all_function_lengths():
    found = {}
    for name, path in modules(CHECKED).items():
        found.update(function_lengths(tree(path), name))
    return found


def test_no_module_is_over_the_limit_but_those_listed():
    long = {name for name, lines in module_lengths().items() if lines > MODULE_LINES}
    assert long - set(LONG_MODULES_ALLOWED) == set(), f"split it: at most {MODULE_LINES} lines a module"


def test_no_function_is_over_the_limit_but_those_listed():
    long = {name for name, lines in all_function_lengths().items() if lines > FUNCTION_LINES}
    assert long - set(LONG_FUNCTIONS_ALLOWED) == set(), f"split it: at most {FUNCTION_LINES} lines a function"


def test_no_action_module_is_over_its_limit_but_those_listed():
    actions = {name: lines for name, lines in module_lengths().items() if name.startswith("actions.")}
    long = {name for name, lines in actions.items() if lines > ACTION_LINES}
    assert long - set(LONG_ACTIONS_ALLOWED) == set(), f"thin it: at most {ACTION_LINES} lines an action module"


def test_the_allow_lists_only_shrink():
    modules_now, functions_now = module_lengths(), all_function_lengths()
    stale = {m for m in LONG_MODULES_ALLOWED if modules_now.get(m, 0) <= MODULE_LINES}
    stale |= {m for m in LONG_ACTIONS_ALLOWED if modules_now.get(m, 0) <= ACTION_LINES}
    stale |= {f for f in LONG_FUNCTIONS_ALLOWED if functions_now.get(f, 0) <= FUNCTION_LINES}
    assert stale == set(), "within the limit now: take it off the list"


def test_the_walk_measures_functions_methods_and_nested_ones():
    source = "def a():\n    def b():\n        pass\n    return b\n\n\nclass C:\n    async def d(self):\n        x = 1\n        return x\n"
    assert function_lengths(ast.parse(source), "m") == {"m.a": 4, "m.a.b": 2, "m.C.d": 3}
