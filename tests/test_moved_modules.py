"""Module paths of tnverify 0.1.0 keep importing in 0.2.0 with a DeprecationWarning that names
the new path, and every name they exported is the same object as at the new path
(``tnverify/_moved_modules.py``; removed in 0.3.0).

``tests/data/old_module_names.json`` lists, for each old path, the public names the module
had when it was last at that path (read from the repository's history when the paths were
moved); each import runs in a fresh interpreter, so the first import of the old path is
what is observed."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tnverify._moved_modules import BECAME_PACKAGES, MOVED, SPLIT, new_path

OLD_NAMES = json.loads(
    (Path(__file__).parent / "data" / "old_module_names.json").read_text(encoding="utf-8")
)

_PROBE = r"""
import importlib, json, sys, warnings
from tnverify._moved_modules import MOVED, SPLIT
table = json.loads(sys.stdin.read())
out = {}
for old in sorted(table):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(f"import {old}")                    # an import statement, as users write it
    mod = sys.modules[old]
    mine = [w for w in caught if issubclass(w.category, DeprecationWarning)
            and str(w.message).startswith(f"the module {old} moved")]
    if old in MOVED:
        new = importlib.import_module(MOVED[old])
        same = {n: getattr(mod, n) is getattr(new, n) for n in table[old]}
    else:
        same = {n: any(getattr(importlib.import_module(s), n, None) is getattr(mod, n)
                       for s in SPLIT[old]) for n in table[old]}
    out[old] = {"warnings": [str(w.message) for w in mine],
                "filenames": [w.filename for w in mine],
                "same_module": (mod is new) if old in MOVED else None, "same": same}
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def probed() -> dict:
    """Every old path imported once, in one fresh interpreter (no old path is imported by
    another, so each first import is observed)."""
    out = subprocess.run(
        [sys.executable, "-c", _PROBE],
        input=json.dumps({k: v for k, v in OLD_NAMES.items() if k not in BECAME_PACKAGES}),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_every_moved_path_has_its_old_names_recorded():
    assert sorted(OLD_NAMES) == sorted(set(MOVED) | set(SPLIT) | set(BECAME_PACKAGES))


@pytest.mark.parametrize("old", sorted(set(MOVED) | set(SPLIT)))
def test_an_old_module_path_imports_with_a_warning_naming_the_new_path(old, probed):
    got = probed[old]
    assert len(got["warnings"]) == 1
    news = new_path(old)
    for new in [news] if isinstance(news, str) else news:
        assert new in got["warnings"][0]
    assert "0.3.0" in got["warnings"][0]
    assert got["filenames"] == ["<string>"]  # points at the importing line
    if old in MOVED:
        assert got["same_module"] is True
    assert got["same"] == {n: True for n in OLD_NAMES[old]}


_PACKAGE_PROBE = r"""
import importlib, json, sys, warnings
from tnverify._moved_modules import BECAME_PACKAGES
table = json.loads(sys.stdin.read())
out = {}
for old in sorted(table):
    package = importlib.import_module(old)
    got = {}
    for name in table[old]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            exec(f"from {old} import {name} as value")   # as users write it
        holder = [f"{old}.{s}" for s in BECAME_PACKAGES[old]
                  if name in vars(importlib.import_module(f"{old}.{s}"))]
        got[name] = {"warnings": [str(w.message) for w in caught
                                  if issubclass(w.category, DeprecationWarning)],
                     "filenames": [w.filename for w in caught],
                     "same": bool(holder) and value is vars(importlib.import_module(holder[0]))[name],
                     "holder": holder[:1]}
    out[old] = got
print(json.dumps(out))
"""


@pytest.mark.parametrize("old", sorted(BECAME_PACKAGES))
def test_a_module_that_became_a_package_serves_its_old_names_with_a_warning(old):
    out = subprocess.run(
        [sys.executable, "-c", _PACKAGE_PROBE],
        input=json.dumps({old: OLD_NAMES[old]}),
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(out.stdout)[old]
    assert sorted(got) == sorted(OLD_NAMES[old])
    for name, seen in got.items():
        assert seen["same"] is True, name
        assert len(seen["warnings"]) == 1, (name, seen)
        assert seen["holder"][0] in seen["warnings"][0]
        assert seen["filenames"] == ["<string>"]  # points at the importing line


def test_a_package_at_an_old_module_path_keeps_its_submodules_and_attribute_errors():
    import warnings

    import tnverify.claims.ttlm.tt_format as package

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # a submodule warns nothing
        from tnverify.claims.ttlm.tt_format import scaled
    assert scaled.__name__ == "tnverify.claims.ttlm.tt_format.scaled"
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        _ = package.no_such_name
    assert not hasattr(package, "__wrapped__")


_ATTRIBUTE_PROBE = r"""
import importlib, json, sys, warnings
import tnverify
from tnverify._moved_modules import MOVED, SPLIT
names = json.loads(sys.stdin.read())
out = {}
for name in names:
    old = "tnverify." + name
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mod = eval("tnverify." + name)           # an attribute, as a 0.1.0 script wrote it
    mine = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    if old in MOVED:
        same = mod is importlib.import_module(MOVED[old])
    else:
        same = mod is sys.modules[old]
    out[name] = {"warnings": [str(w.message) for w in mine],
                 "filenames": [w.filename for w in mine], "same": same}
print(json.dumps(out))
"""

#: The old paths one level below the package: 0.1.0 reached them as ``tnverify.<name>``
#: (but for the three that are functions of the package, then as now).
OLD_ATTRIBUTES = sorted(
    old.split(".", 1)[1]
    for old in set(MOVED) | set(SPLIT)
    if old.count(".") == 1
    and old not in ("tnverify.tt_svd", "tnverify.conditionals", "tnverify.matricize")
)


def test_the_old_attribute_paths_resolve_with_a_warning_naming_the_new_path():
    # ``import tnverify as tv; tv.explicit.all_sequences(...)`` worked in 0.1.0 (its
    # ``import tnverify`` imported the flat modules); each old name is looked up once, in a
    # fresh interpreter, so no import of the old path has set the attribute before
    out = subprocess.run(
        [sys.executable, "-c", _ATTRIBUTE_PROBE],
        input=json.dumps(OLD_ATTRIBUTES),
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(out.stdout)
    assert "explicit" in got and "oracle" in got and "strategies" in got
    for name in OLD_ATTRIBUTES:
        news = new_path("tnverify." + name)
        assert len(got[name]["warnings"]) == 1, (name, got[name])
        message = got[name]["warnings"][0]
        assert message.startswith(f"the module tnverify.{name}, reached as an attribute")
        for new in [news] if isinstance(news, str) else news:
            assert new in message
        assert "0.3.0" in message
        assert got[name]["filenames"] == ["<string>"]  # points at the line that used it
        assert got[name]["same"] is True, name


def test_a_0_1_0_script_using_module_attributes_runs():
    code = (
        "import warnings; warnings.simplefilter('ignore', DeprecationWarning)\n"
        "import tnverify as tv\n"
        "print(len(tv.explicit.all_sequences(3, 2)), tv.tt_svd.__module__, "
        "type(tv.conditionals).__name__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["9", "tnverify.tt.svd", "function"]


def test_a_name_that_was_never_a_module_is_still_an_attribute_error():
    import tnverify

    with pytest.raises(AttributeError, match="no attribute 'no_such_module'"):
        _ = tnverify.no_such_module
    assert not hasattr(tnverify, "__wrapped__")


def test_the_probe_notices_a_path_that_is_not_moved():
    # a path that never existed is not served: the finder does not invent modules
    out = subprocess.run(
        [sys.executable, "-c", "import tnverify.no_such_module"], capture_output=True, text=True
    )
    assert out.returncode != 0 and "ModuleNotFoundError" in out.stderr


def test_importing_an_old_path_keeps_the_function_of_the_same_name():
    code = (
        "import warnings; warnings.simplefilter('ignore'); import tnverify, types; "
        "import tnverify.tt_svd, tnverify.conditionals; "
        "print(isinstance(tnverify.tt_svd, types.FunctionType), "
        "isinstance(tnverify.conditionals, types.FunctionType))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True"]


def test_the_old_lru_names_warn_and_are_the_theory_functions():
    import warnings

    import tnverify.lru as lru
    import tnverify.lru.theory as theory

    lru.__dict__.pop("unroll", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        f = lru.unroll
    assert f is theory.unroll
    assert any("tnverify.lru.theory.unroll" in str(w.message) for w in caught)
    with pytest.raises(AttributeError):
        _ = lru.no_such_name


def test_the_package_itself_imports_no_old_path():
    code = (
        "import warnings; warnings.filterwarnings('error', 'the module', DeprecationWarning);"
        "import tnverify, tnverify.cli, tnverify.report, tnverify.figures, "
        "tnverify.testing.strategies, tnverify.teaching.tour, tnverify.claims;"
        "tnverify.claims.load_registry(); import tnverify.figures.gtm, tnverify.figures.lru"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]


def test_the_module_served_at_an_old_path_keeps_its_own_spec_and_reloads():
    code = (
        "import importlib, warnings, numpy as np; warnings.simplefilter('error', ImportWarning)\n"
        "with warnings.catch_warnings():\n"
        "    warnings.simplefilter('ignore', DeprecationWarning)\n"
        "    import tnverify.tt_svd\n"
        "import tnverify.tt.svd as svd\n"
        "assert svd.__spec__.name == 'tnverify.tt.svd', svd.__spec__\n"
        "r1 = svd.tt_ranks(np.ones((2, 2, 2))).ranks       # a relative import inside\n"
        "importlib.reload(svd)\n"
        "assert svd.__name__ == 'tnverify.tt.svd'\n"
        "print(r1, svd.tt_ranks(np.ones((2, 2, 2))).ranks)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["(1,", "1,", "1,", "1)", "(1,", "1,", "1,", "1)"]


def test_python_dash_m_on_an_old_package_path_runs_its_main(tmp_path):
    out = subprocess.run(
        [
            sys.executable,
            "-W",
            "always::DeprecationWarning",
            "-m",
            "tnverify.diagrams",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "tnverify.teaching.diagrams" in out.stderr  # the warning names the new path
    assert sorted(p.suffix for p in tmp_path.iterdir()) and all(
        p.suffix == ".png" for p in tmp_path.iterdir()
    )


def test_a_string_import_is_attributed_to_the_callers_line():
    code = (
        "import importlib, warnings\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    importlib.import_module('tnverify.oracle')\n"
        "print(w[0].filename, w[0].lineno)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["<string>", "4"]


_RELEASE_PROBE = """
import json, subprocess, sys, warnings
warnings.simplefilter("always")
out = {}
for old in sys.argv[1:]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        __import__(old)
    out[old] = [str(w.message) for w in caught if w.category is DeprecationWarning]
print(json.dumps(out))
"""


def test_each_old_path_names_the_release_that_moved_it_and_the_one_that_removes_it():
    # a path of 0.1.0 (moved in 0.2.0) goes in 0.3.0; a claim module of 0.2.0 that became
    # part of a topic sub-package after 0.2.0 keeps one release more, until 0.4.0
    from tnverify._moved_paths import MOVED_NEXT, releases

    late = sorted(MOVED_NEXT)[0]
    olds = ["tnverify.explicit", late]
    got = json.loads(
        subprocess.run(
            [sys.executable, "-c", _RELEASE_PROBE, *olds],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert releases("tnverify.explicit") == ("0.2.0", "0.3.0")
    assert releases(late) == ("0.3.0", "0.4.0")
    assert any("in tnverify 0.2.0" in m and "removed in tnverify 0.3.0" in m for m in got[olds[0]])
    assert any("in tnverify 0.3.0" in m and "removed in tnverify 0.4.0" in m for m in got[late])
