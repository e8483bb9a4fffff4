"""Claim modules of 0.2.0 that are now the package of their topic (gtm, tslm) still serve
their names: ``tests/data/old_topic_module_names.json`` lists the public names each module
had before it became a package; each is looked up in the package's modules with a
DeprecationWarning that names the module holding it (``BECAME_PACKAGES`` in
``tnverify/_moved_modules.py``)."""

import importlib
import json
import warnings
from pathlib import Path

import pytest

from tnverify._moved_modules import BECAME_PACKAGES

OLD = json.loads(
    (Path(__file__).parents[1] / "data" / "old_topic_module_names.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("old", sorted(OLD))
def test_every_old_name_is_served_by_the_package_with_a_warning(old):
    assert old in BECAME_PACKAGES
    pkg = importlib.import_module(old)
    successors = [importlib.import_module(f"{old}.{m}") for m in BECAME_PACKAGES[old]]
    for name in OLD[old]:
        if name in vars(pkg):  # a submodule of the same name, or served before
            continue
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = getattr(pkg, name)
        assert [w.category for w in caught] == [DeprecationWarning], name
        holder = next(m for m in successors if name in vars(m))
        assert value is vars(holder)[name] and holder.__name__ in str(caught[0].message)


def test_a_name_no_module_holds_is_an_attribute_error():
    pkg = importlib.import_module("tnverify.claims.gtm.figures")
    with pytest.raises(AttributeError):
        pkg.no_such_name  # noqa: B018
