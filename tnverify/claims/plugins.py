"""Claims registered by other packages: the ``tnverify.claims`` entry-point group.

A package that wants its claims checked beside the built-in ones declares, in its
``pyproject.toml``::

    [project.entry-points."tnverify.claims"]
    mypackage = "mypackage.claims"

where ``mypackage.claims`` is a module whose import registers claims (with
:func:`tnverify.claims.register` and ``Claim(..., package="mypackage")``, or with the
:func:`tnverify.claim` decorator on a test function).  ``tnverify verify --plugin
mypackage`` then loads that module and runs its claims with the others; the table and the
report name the package.  An importable module name works too (``--plugin
mypackage.claims``), and so does a file (``--plugin tests/test_my_claims.py``: a test
module whose functions carry ``@tnverify.claim``).

Plugins are loaded only on request: the built-in registry (and the test suite that checks
it) never changes because some installed package declares an
entry point.
"""

from __future__ import annotations

import importlib
from importlib import metadata

from ..errors import UsageError

__all__ = ["ENTRY_POINT_GROUP", "entry_points", "load_plugin"]

#: The entry-point group other packages use to declare claim modules.
ENTRY_POINT_GROUP = "tnverify.claims"


def entry_points() -> dict:
    """The installed ``tnverify.claims`` entry points, by name."""
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def _import_file(path: str) -> str:
    """Import a ``.py`` file as a module named after its stem (a user's test module)."""
    import importlib.util
    import sys
    from pathlib import Path

    p = Path(path)
    if not p.is_file():
        raise UsageError(f"no tnverify plugin file {path!r}")
    name = p.stem
    if name in sys.modules and getattr(sys.modules[name], "__file__", None) == str(p.resolve()):
        return name
    spec = importlib.util.spec_from_file_location(name, p.resolve())
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    sys.path.insert(0, str(p.resolve().parent))  # its own imports, as under pytest
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return name


def _import_failed(name: str, exc: BaseException) -> str:
    """One line naming the plugin and the exception its import raised."""
    text = " ".join(str(exc).split())
    if isinstance(exc, SystemExit):
        text = f"the plugin called sys.exit({exc.code!r})"
    if isinstance(exc, SyntaxError) and exc.filename:
        text = f"{exc.msg} ({exc.filename}, line {exc.lineno})"
    return f"importing plugin {name!r} failed: {type(exc).__name__}: {text}"


def load_plugin(name: str) -> list:
    """Import the claims of plugin ``name`` and return the claims it registered.

    ``name`` is a ``.py`` file (a user's test module), an entry-point name of the
    ``tnverify.claims`` group or, failing that, an importable module.  Loading the same plugin twice returns its claims again (no
    duplicates).

    Raises
    ------
    UsageError
        No entry point and no importable module of that name (``no tnverify plugin``);
        the plugin exists but importing it raised (``importing plugin 'X' failed:
        SyntaxError: ...``, e.g. a syntax error or a package it imports is missing) or
        exited (``SystemExit: 3``); or
        the module registers no claim.
    """
    from . import REGISTRY, load_registry

    if not isinstance(name, str) or not name.strip():
        raise UsageError(f"a plugin name must be a non-empty string; got {name!r}")
    load_registry()
    before = set(REGISTRY)
    eps = entry_points()
    try:
        if name.endswith(".py"):
            module_name = _import_file(name)
        elif name in eps:
            target = eps[name].load()
            if callable(target):  # an entry point may name a function that registers
                target()
            module_name = getattr(target, "__name__", name)
        else:
            module_name = name
            importlib.import_module(name)
    except UsageError:
        raise
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if (
            name not in eps
            and not name.endswith(".py")
            and missing
            and (name == missing or name.startswith(missing + "."))
        ):
            known = ", ".join(sorted(eps)) or "none installed"
            raise UsageError(
                f"no tnverify plugin {name!r}: not an entry point of the "
                f"{ENTRY_POINT_GROUP!r} group ({known}) and not an importable "
                f"module ({exc})"
            ) from None
        raise UsageError(_import_failed(name, exc)) from None
    except (Exception, SystemExit) as exc:  # the plugin exists but its import fails
        # (SystemExit too: a plugin calling sys.exit(3) at import is a broken plugin, one
        # line naming it and status 2, never a silent exit with the plugin's status)
        raise UsageError(_import_failed(name, exc)) from None
    new = [REGISTRY[i] for i in REGISTRY if i not in before]
    if not new:
        prefix = name.split(".")[0]
        new = [
            c
            for c in REGISTRY.values()
            if c.package != "tnverify"
            and (c.package == prefix or getattr(c.small, "__module__", "").startswith(module_name))
        ]
    if not new:
        raise UsageError(f"plugin {name!r} registered no claim (module {module_name!r})")
    return new
