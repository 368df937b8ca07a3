"""The project's own source files read as syntax trees: modules, their imports, named calls."""

import ast
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("stormwater", "actions", "web", "ops", "nlu_components")


@dataclass(frozen=True)
class Import:
    """One project module imported by another, and whether inside a function."""

    source: str
    target: str
    line: int
    in_function: bool


def module_name(path: Path) -> str:
    """``stormwater/store/clock.py`` -> ``stormwater.store.clock`` (a package by its own name)."""
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=None)
def modules(packages: Tuple[str, ...] = PACKAGES) -> Dict[str, Path]:
    """Every Python module of the given top-level folders, by dotted name."""
    found = {}
    for package in packages:
        for path in sorted((REPO / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


@lru_cache(maxsize=None)
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _function_nodes(module: ast.Module) -> set:
    inside = set()
    for node in ast.walk(module):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update(id(child) for child in ast.walk(node) if child is not node)
    return inside


def _targets(name: str, path: Path, node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join(package + ([node.module] if node.module else []))
    yield base
    yield from (f"{base}.{alias.name}" for alias in node.names)


def imports() -> List[Import]:
    """Every import of one project module by another (a name imported from a package counts
    as the package, and as the submodule when it is one)."""
    known = modules()
    found = []
    for name, path in known.items():
        module = tree(path)
        inside = _function_nodes(module)
        for node in ast.walk(module):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for target in set(_targets(name, path, node)):
                if target in known and target != name:
                    found.append(Import(name, target, node.lineno, id(node) in inside))
    return found


def dotted(node: ast.AST) -> str:
    """``os.environ.get`` for the attribute chain of a call or name, else ``""``."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""
