"""Every flag of the public API goes through the flag validator.

A static check over the package source: each public function or method with a parameter
whose default is ``True`` or ``False`` either validates it (``as_flag(name, …)`` /
``as_bool(name, …)``) or hands it on unchanged as a keyword (``name=name``) to a callee
that does.  The boundary fuzzer checks the behaviour on the entry points it has rows for;
this test finds a new flag read by truthiness anywhere else.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tnverify

PACKAGE = Path(tnverify.__file__).resolve().parent
#: Folders not checked: internal callables (claim checks, command-line handlers), and the
#: validators themselves (their options are set by the package's own code, with literals).
INTERNAL = ("claims", "cli", "validation")


def _flag_params(fn: ast.FunctionDef) -> list[str]:
    args = fn.args
    pos = args.posonlyargs + args.args
    pairs = list(zip(pos[len(pos) - len(args.defaults) :], args.defaults))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    return [a.arg for a, d in pairs if isinstance(d, ast.Constant) and isinstance(d.value, bool)]


def _handled(fn: ast.FunctionDef, name: str) -> bool:
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            callee = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if (
                callee in ("as_flag", "as_bool")
                and node.args
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id == name
            ):
                return True
            if any(
                k.arg == name and isinstance(k.value, ast.Name) and k.value.id == name
                for k in node.keywords
            ):
                return True
    return False


def _public_functions():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in INTERNAL or any(
            p.startswith("_") and p != "__init__.py" for p in rel.parts
        ):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef)
            ) and not node.name.startswith("_"):
                yield f"{rel}:{node.lineno} {node.name}", node


def test_every_public_flag_is_validated_or_handed_on():
    unchecked = [
        f"{where} ({name})"
        for where, fn in _public_functions()
        for name in _flag_params(fn)
        if not _handled(fn, name)
    ]
    assert unchecked == [], f"flags read without as_flag: {unchecked}"


def test_the_check_finds_a_flag_read_by_truthiness():
    fn = ast.parse("def norm(self, log=False):\n    return 1.0 if log else 0.0\n").body[0]
    assert _flag_params(fn) == ["log"] and not _handled(fn, "log")
    ok = ast.parse("def norm(self, log=False):\n    log = as_flag(log, 'log')\n").body[0]
    assert _handled(ok, "log")
