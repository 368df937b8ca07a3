"""The rooms of stormwater/ import only downward; no circles; no imports inside functions.

Order, lowest first: store < understanding < law < reports < dialogue < intake, staff < alerts.
Nothing imports ``alerts``: it registers its hooks at process start. Each allow-list below names
what the code does today and why it is still there; they only ever shrink.
"""

from collections import defaultdict
from typing import Dict, List, Set

from tests.architecture.house import imports, modules

ROOMS = {"store": 0, "understanding": 1, "law": 2, "reports": 3, "dialogue": 4, "intake": 5, "staff": 5, "alerts": 6}

# (importer, imported): why it still runs the wrong way. Empty since the big move of issue 31;
# it stays so.
UPWARD_ALLOWED: Dict[tuple, str] = {}

# Circles known today (sorted module names): why each is still there.
CIRCLES_ALLOWED: Dict[tuple, str] = {}

# (importer, imported): why the import waits inside a function. Allowed for good: only an
# import that is lazy for load time (TensorFlow, spaCy), and those sit inside their own modules.
IN_FUNCTION_ALLOWED: Dict[tuple, str] = {}


def room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if parts[0] == "stormwater" and len(parts) > 2 else ""


def upward_imports() -> Set[tuple]:
    found = set()
    for edge in imports():
        source, target = room(edge.source), room(edge.target)
        if not source or not target or source == target:
            continue
        if target == "alerts" or ROOMS[target] >= ROOMS[source]:
            found.add((edge.source, edge.target))
    return found


def test_every_room_of_stormwater_has_a_place_in_the_order():
    rooms = {room(name) for name in modules()} - {""}
    assert rooms <= set(ROOMS), rooms - set(ROOMS)


def test_imports_in_stormwater_run_only_downward_and_nothing_imports_alerts():
    found = upward_imports()
    assert found - set(UPWARD_ALLOWED) == set(), "new import from a lower room to a higher one (or into alerts)"
    assert set(UPWARD_ALLOWED) - found == set(), "gone: take it off UPWARD_ALLOWED"


def _cycles(graph: Dict[str, Set[str]]) -> List[Set[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    groups: List[Set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def module_graph() -> Dict[str, Set[str]]:
    """Imports between modules, a package's own ``__init__`` left out (it only hands names on)."""
    graph: Dict[str, Set[str]] = defaultdict(set)
    for edge in imports():
        if edge.target.startswith(edge.source + ".") or edge.source.startswith(edge.target + "."):
            continue
        graph[edge.source].add(edge.target)
        graph[edge.target]
    return graph


def test_no_circles_among_the_modules_of_stormwater_actions_and_web():
    found = {tuple(sorted(group)) for group in _cycles(module_graph())}
    assert found - set(CIRCLES_ALLOWED) == set(), "a new circle"
    assert set(CIRCLES_ALLOWED) - found == set(), "gone: take it off CIRCLES_ALLOWED"


def test_no_import_waits_inside_a_function_to_dodge_a_circle():
    found = {(e.source, e.target) for e in imports() if e.in_function}
    assert found - set(IN_FUNCTION_ALLOWED) == set(), "import at the top of the module, or list it with its reason"
    assert set(IN_FUNCTION_ALLOWED) - found == set(), "gone: take it off IN_FUNCTION_ALLOWED"


def test_the_cycle_finder_finds_a_circle_and_the_order_a_wrong_way_import():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert room("stormwater.store.clock") == "store" and ROOMS["store"] < ROOMS["law"]
