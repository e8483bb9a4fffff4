"""The layout rules of the package (ARCHITECTURE.md): a claim id's prefix names
the folder of the module that registers it; no import circle between tnverify modules; no
module named for how the work was split; no module over the size limit; the report order
lists every built-in claim."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tnverify
from tnverify.claims import CLAIM_PAPERS, all_claims, claim_modules
from tnverify.claims.order import REPORT_ORDER

PACKAGE = Path(tnverify.__file__).resolve().parent

#: A module name may not end in a digit nor in a word that only records a split.
SPLIT_WORDS = (
    "register",
    "registration2",
    "part",
    "rest",
    "more",
    "extra",
    "misc",
    "continued",
    "split",
    "small2",
    "checks2",
)
#: Hard limit on a module's length.
MAX_LINES = 450
#: Exceptions to the size limit and to "no import circle" (none: every module is under the
#: limit and the import graph has no circle).
KNOWN_OVER_LIMIT: dict = {}
KNOWN_CIRCLES: set = set()


def _modules() -> dict[str, Path]:
    """Dotted name -> file of every module of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


# -- claims by paper --------------------------------------------------------------------
_WHERE = """
import inspect, json, tnverify.claims as C
where, real = {}, C.register
def spy(claim):
    for frame in inspect.stack()[1:]:
        if frame.function == "<module>":
            where[claim.id] = frame.frame.f_globals["__name__"]
            break
    return real(claim)
C.register = spy
C.load_registry()
print(json.dumps(where))
"""


@pytest.fixture(scope="module")
def registered_by() -> dict[str, str]:
    """claim id -> the module whose top-level code registered it (a fresh interpreter, so
    that every registration is observed)."""
    import json

    out = subprocess.run([sys.executable, "-c", _WHERE], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_every_claim_id_resolves_to_its_folder_by_its_prefix(registered_by):
    ids = [c.id for c in all_claims() if c.package == "tnverify"]
    assert sorted(registered_by) == sorted(ids)
    wrong = {
        cid: mod
        for cid, mod in registered_by.items()
        if not mod.startswith(f"tnverify.claims.{cid.split('-')[0]}.")
    }
    assert wrong == {}


def test_every_paper_folder_holds_claims_and_nothing_else_does(registered_by):
    folders = {mod.split(".")[2] for mod in registered_by.values()}
    assert folders == set(CLAIM_PAPERS)
    assert all(m.split(".")[2] in CLAIM_PAPERS for m in claim_modules())


def test_report_order_lists_every_built_in_claim_once():
    ids = [c.id for c in all_claims() if c.package == "tnverify"]
    assert len(REPORT_ORDER) == len(set(REPORT_ORDER))
    assert sorted(REPORT_ORDER) == sorted(ids)
    assert ids == list(REPORT_ORDER)  # the registry is in the report order


# -- names and sizes --------------------------------------------------------------------
def _bad_name(name: str) -> bool:
    return bool(re.search(r"\d$", name)) or any(
        name == w or name.endswith("_" + w) for w in SPLIT_WORDS
    )


def test_no_module_is_named_for_a_split():
    bad = [n for n in _modules() if _bad_name(n.rsplit(".", 1)[-1])]
    assert bad == []


@pytest.mark.parametrize(
    "name, bad",
    [
        ("born_checks2", True),
        ("x_register", True),
        ("rnn_small2", True),
        ("born_machines", False),
        ("lru_background_scaled", False),
    ],
)
def test_the_name_rule_rejects_split_names(name, bad):
    assert _bad_name(name) == bad


def test_no_module_is_over_the_size_limit():
    over = {
        str(p.relative_to(PACKAGE.parent)): n
        for p in _modules().values()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    grown = {k: n for k, n in over.items() if n > KNOWN_OVER_LIMIT.get(k, MAX_LINES)}
    assert grown == {}


# -- import circles ---------------------------------------------------------------------
def _imports(name: str, path: Path, modules: dict) -> set[str]:
    """Modules of the package that ``name`` imports anywhere in its file (module level or
    inside functions); importing one of its own parent packages is not an edge."""
    is_pkg = path.name == "__init__.py"
    here = name if is_pkg else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [
                f"{mod}.{a.name}" if f"{mod}.{a.name}" in modules else mod for a in node.names
            ]
        else:
            continue
        for t in targets:
            while t and t not in modules:
                t = t.rpartition(".")[0]
            if t and t != name and not name.startswith(t + "."):
                found.add(t)
    return found


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_between_tnverify_modules():
    modules = _modules()
    graph = {n: _imports(n, p, modules) for n, p in modules.items()}
    circles = [c for c in _circles(graph) if frozenset(c) not in KNOWN_CIRCLES]
    assert circles == []


def test_the_circle_scan_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert _circles({"a": {"b"}, "b": set()}) == []


# -- layers (ARCHITECTURE.md, "Layers") --------------------------------------------------
#: The package's layers, lowest first: a module imports only from its own layer and the
#: layers below it.  The entry points (``tnverify/__init__.py``, ``__main__.py``) may import
#: any layer.  The same order is written in ARCHITECTURE.md.
LAYERS: tuple[tuple[str, frozenset], ...] = (
    (
        "shared",
        frozenset(
            {
                "errors",
                "validation",
                "conventions",
                "references",
                "device",
                "threads",
                "files",
                "data",
            }
        ),
    ),
    ("definitions", frozenset({"definitions"})),
    ("ranks", frozenset({"ranks"})),
    ("tt", frozenset({"tt"})),
    ("models", frozenset({"equivalences", "generalized", "lru", "networks"})),
    ("cells", frozenset({"cells"})),
    ("figures", frozenset({"figures"})),
    ("claims", frozenset({"claims"})),
    ("front", frozenset({"report", "testing", "teaching"})),
    ("cli", frozenset({"cli"})),
)
#: ``_moved_modules`` serves the old module paths of every layer (by name, at import time)
#: from the tables of ``_moved_paths``: both belong with the entry point that installs them.
ENTRY_POINTS = frozenset(
    {"tnverify", "tnverify.__main__", "tnverify._moved_modules", "tnverify._moved_paths"}
)
#: What may stand at the package root besides the concept folders.
ROOT_MODULES = frozenset(
    {
        "__init__",
        "__main__",
        "errors",
        "conventions",
        "references",
        "device",
        "threads",
        "files",
        "_moved_modules",
        "_moved_paths",
    }
)


def _layer_of(module: str) -> int:
    top = module.split(".")[1]
    for i, (_, members) in enumerate(LAYERS):
        if top in members:
            return i
    raise AssertionError(f"{module} belongs to no layer of LAYERS")


def _upward_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(importer, imported) pairs where a module imports from a higher layer."""
    return sorted(
        (a, b)
        for a, targets in graph.items()
        if a not in ENTRY_POINTS
        for b in targets
        if b not in ENTRY_POINTS and _layer_of(b) > _layer_of(a)
    )


def test_every_module_imports_only_from_its_layer_and_those_below():
    modules = _modules()
    graph = {n: _imports(n, p, modules) for n, p in modules.items()}
    assert _upward_imports(graph) == []


def test_the_layer_rule_rejects_an_upward_import():
    graph = {
        "tnverify.tt.svd": {"tnverify.claims.evidence", "tnverify.ranks.matricize"},
        "tnverify.cli.verify": {"tnverify.report.table"},
        "tnverify": {"tnverify.cli"},
    }
    assert _upward_imports(graph) == [("tnverify.tt.svd", "tnverify.claims.evidence")]


def _root_imports(path: Path, name: str) -> set[str]:
    """Names a module imports from the root package itself (``from .. import x``)."""
    here = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod == "tnverify":
                found |= {a.name for a in node.names}
    return found


def test_below_the_entry_points_only_the_version_is_taken_from_the_root_package():
    modules = _modules()
    bad = {
        n: sorted(names)
        for n, p in modules.items()
        if n not in ENTRY_POINTS
        and (
            names := _root_imports(p, n)
            - {"__version__"}
            - {m.rsplit(".", 1)[1] for m in modules if m.count(".") == 1}
        )
    }
    assert bad == {}


def _private_imports(name: str, source: str, is_pkg: bool = False) -> list[tuple[str, str, str]]:
    """``(module, imported from, name)`` for every ``_name`` (not a dunder) that module
    ``name`` imports from another module: helpers shared across modules have public names
    in the module that owns them (a module-level ``__all__`` need not list them)."""
    here = name if is_pkg else name.rsplit(".", 1)[0]
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                base = here.split(".")
                mod = ".".join(base[: len(base) - node.level + 1] + ([mod] if mod else []))
            names = [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            mod, names = "", [a.name for a in node.names]
        else:
            continue
        for n in names:
            private = any(
                part.startswith("_") and not part.startswith("__") for part in n.split(".")
            )
            if private and not (n == "_moved_modules" and name in ENTRY_POINTS):
                out.append((name, mod, n))
    return out


def test_no_private_name_is_imported_across_modules():
    found = [
        hit
        for n, p in _modules().items()
        for hit in _private_imports(n, p.read_text(encoding="utf-8"), p.name == "__init__.py")
    ]
    assert found == []


def test_the_private_import_scan_finds_one():
    src = (
        "from .registry import FIGURES, _get\nfrom ..claims import evidence\n"
        "import tnverify._secret\nfrom . import _moved_modules\n"
    )
    assert _private_imports("tnverify.figures.born", src) == [
        ("tnverify.figures.born", "tnverify.figures.registry", "_get"),
        ("tnverify.figures.born", "", "tnverify._secret"),
        ("tnverify.figures.born", "tnverify.figures", "_moved_modules"),
    ]
    assert _private_imports("tnverify", "from . import _moved_modules\n", True) == []


def test_every_module_belongs_to_a_layer():
    assert all(isinstance(_layer_of(n), int) for n in _modules() if n not in ENTRY_POINTS)


def test_the_root_holds_only_shared_modules_entry_points_and_folders():
    files = {p.stem for p in PACKAGE.glob("*.py")}
    assert files - ROOT_MODULES == set()
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= set().union(*(m for _, m in LAYERS))


def test_architecture_md_lists_every_folder_and_the_layer_order():
    text = (PACKAGE.parent / "ARCHITECTURE.md").read_text(encoding="utf-8")
    folders = {
        p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name not in ("__pycache__", "data")
    }
    assert {f for f in folders if f"`tnverify/{f}/`" not in text} == set()
    order = [text.index(f"`{name}`") for name, _ in LAYERS]
    assert order == sorted(order)


# -- every claim's checks live in its paper's folder -------------------------------------
def _check_modules(fn) -> set[str]:
    """Modules of a claim's check: the function's own, and for a lambda or a partial the
    modules of the functions it calls by name."""
    import functools
    import types

    out = set()
    while isinstance(fn, functools.partial):
        fn = fn.func
    if not isinstance(fn, types.FunctionType):
        return {type(fn).__module__}
    out.add(fn.__module__)
    if fn.__name__ == "<lambda>":
        for name in fn.__code__.co_names:
            target = fn.__globals__.get(name)
            if isinstance(target, types.FunctionType):
                out.add(target.__module__)
    return out


#: Check modules beside the claims framework, shared by the same statement printed in two
#: papers (ARCHITECTURE.md says the same): the scaled sides of the RNN equivalences are the
#: one torch run behind ttlm App. B (Claims B.1, B.2) and thesis §5.3 (Claims 5.3.1, 5.3.2).
SHARED_CHECK_MODULES = {
    "tnverify.claims.rnn_equivalences_scaled": (
        "ttlm-claim-b1",
        "ttlm-claim-b2",
        "ttlm-claim-b2-variant",
        "thesis-claim-5.3.1",
        "thesis-claim-5.3.2",
        "thesis-claim-5.3.2-variant",
    )
}


def test_every_claims_checks_live_in_the_folder_of_its_paper():
    wrong = {}
    for c in all_claims():
        if c.package != "tnverify":
            continue
        folder = f"tnverify.claims.{c.id.split('-')[0]}."
        for side in ("small", "scaled"):
            fn = getattr(c, side)
            if fn is None:
                continue
            bad = {
                m
                for m in _check_modules(fn)
                if m.startswith("tnverify.claims.")
                and not m.startswith(folder)
                and c.id not in SHARED_CHECK_MODULES.get(m, ())
            }
            if bad:
                wrong[f"{c.id}:{side}"] = sorted(bad)
    assert wrong == {}


def test_the_check_scan_sees_through_lambdas():
    from tnverify.claims.thesis.ttlm_theory import conditionals as m

    assert _check_modules(lambda p, r: m.small_prop_522(p, r)) >= {__name__}
    assert "tnverify.claims.thesis.ttlm_theory.conditionals" in _check_modules(m.small_prop_522)
