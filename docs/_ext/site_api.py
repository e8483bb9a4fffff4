"""The API reference pages: every name of ``tnverify.__all__`` on its own page, then every
public module (one with ``__all__``) with the names it adds.  Each object is documented once,
under its shortest public name; functions whose docstrings name claim ids link to them."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import types
import warnings
from pathlib import Path

from tnverify_site import write

#: Modules that are not API: the command line, the claim modules of each paper (their
#: claims have pages of their own), the package's entry point.
SKIP = re.compile(
    r"\.__main__$|^tnverify\.claims\.\w+_scaled$|^tnverify\.(cli|data)(\.|$)|^tnverify\.claims\.(ttlm|thesis|grurntn|"
    r"tslm|gtm|tnverify)(\.|$)"
)


def public_modules() -> list:
    """Every importable module of tnverify with an ``__all__`` (not a deprecated alias),
    shortest dotted name first."""
    import tnverify

    found = []
    for info in pkgutil.walk_packages(tnverify.__path__, "tnverify."):
        if SKIP.search(info.name):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            try:
                mod = importlib.import_module(info.name)
            except DeprecationWarning:
                continue  # an old path kept for one release
        if getattr(mod, "__all__", None):
            found.append(mod)
    return sorted(found, key=lambda m: (m.__name__.count("."), m.__name__))


def _is_data(obj) -> bool:
    """Module data (constants, type aliases such as ``Callable[...]``): documented by their
    ``#:`` comment, not by a docstring of their own."""
    if isinstance(obj, types.GenericAlias):  # collections.abc.Callable[...] is callable
        return True
    return not (
        inspect.isclass(obj)
        or inspect.isfunction(obj)
        or inspect.isbuiltin(obj)
        or inspect.ismethod(obj)
        or type(obj).__name__ == "cython_function_or_method"
        or (callable(obj) and type(obj).__module__ != "typing")
    )


def _directive(obj) -> str:
    if inspect.isclass(obj):
        return "autoclass"
    if _is_data(obj):
        return "autodata"
    return "autofunction"


def data_names() -> list[str]:
    """The dotted names of every public module datum (for numpydoc's validation exclude:
    a ``#:`` comment is their documentation)."""
    import tnverify

    out = [f"tnverify.{n}" for n in tnverify.__all__ if _is_data(getattr(tnverify, n))]
    for mod in public_modules():
        out += [
            f"{mod.__name__}.{n}"
            for n in mod.__all__
            if hasattr(mod, n)
            and not inspect.ismodule(getattr(mod, n))
            and _is_data(getattr(mod, n))
        ]
    return out


def _claim_links(obj, ids) -> str:
    doc = inspect.getdoc(obj) or ""
    cited = [i for i in dict.fromkeys(re.findall(r"[a-z]+-[a-z0-9.\-]+[a-z0-9]", doc)) if i in ids]
    if not cited:
        return ""
    return "\nChecked by the claims: " + ", ".join(f"{{claim}}`{i}`" for i in cited) + ".\n"


def class_members(cls) -> list[str]:
    """The members a class's page documents: its own public methods, properties, class and
    static methods that carry a docstring of their own (in source order), then those it
    inherits from tnverify's own bases (a mixin such as ``BornSampler``; torch's and the
    standard library's members are not tnverify's to document).  A method without a
    docstring is plumbing (``forward`` of a torch module, an ``extra_repr``) and a
    ``property(lambda ...)`` has no source for numpydoc to read: neither is listed."""
    out: list[str] = []
    seen: set[str] = set()  # a name the class (or a nearer base) defines hides a farther one
    owners = [c for c in cls.__mro__ if c is cls or c.__module__.startswith("tnverify.")]
    for name, member in [(n, m) for c in owners for n, m in vars(c).items()]:
        if name.startswith("_") or name in seen:
            continue
        seen.add(name)
        func = (
            member.fget
            if isinstance(member, property)
            else member.__func__
            if isinstance(member, (classmethod, staticmethod))
            else member
        )
        if not inspect.isfunction(func) or func.__name__ == "<lambda>":
            continue
        if member.__doc__ if isinstance(member, property) else func.__doc__:
            out.append(name)
    return out


def _block(name, obj) -> str:
    # autodoc writes reST: run it in an eval-rst block (a MyST directive would read it as
    # Markdown)
    members = class_members(obj) if inspect.isclass(obj) else []
    opts = f"   :members: {', '.join(members)}\n" if members else ""
    return f"```{{eval-rst}}\n.. {_directive(obj)}:: {name}\n{opts}```\n"


def write_all(out: Path) -> None:
    import tnverify
    from tnverify.claims import all_claims

    ids = {c.id for c in all_claims()}
    seen: dict[int, str] = {}
    top = [n for n in tnverify.__all__ if not n.startswith("_")]
    for name in top:
        obj = getattr(tnverify, name)
        seen[id(obj)] = f"tnverify.{name}"
        write(
            out / "api" / f"tnverify.{name}.md",
            f"# tnverify.{name}\n\n" + _block(f"tnverify.{name}", obj) + _claim_links(obj, ids),
        )
    modules = []
    for mod in public_modules():
        names = [
            n
            for n in mod.__all__
            if hasattr(mod, n)
            and id(getattr(mod, n)) not in seen
            and not inspect.ismodule(getattr(mod, n))
        ]
        if not names:
            continue
        for n in names:
            seen[id(getattr(mod, n))] = f"{mod.__name__}.{n}"
        clash = mod.__name__.removeprefix("tnverify.") in top  # e.g. module tt_svd, function tt_svd
        # the module's target and its summary paragraph (its whole docstring would repeat
        # numpydoc's Notes / References / Examples rubrics, one label per module)
        summary = (inspect.getdoc(mod) or "").split("\n\n")[0]
        body = [f"# {mod.__name__}", "", "```{eval-rst}", f".. py:module:: {mod.__name__}"]
        body += ["   :no-index:"] if clash else []
        body += ["", summary, "```", ""]
        for n in names:
            obj = getattr(mod, n)
            body += [_block(f"{mod.__name__}.{n}", obj) + _claim_links(obj, ids)]
        write(out / "api" / "modules" / f"{mod.__name__}.md", "\n".join(body))
        modules.append(mod.__name__)
    index = [
        "# API reference",
        "",
        "Every public name: first the names of `tnverify` itself (`import tnverify as tv`), "
        "then each module with the names it adds. Generated from the numpy-style "
        "docstrings (numpydoc, validated at every build).",
        "",
        "## `tnverify`",
        "",
        "| name | summary |",
        "| --- | --- |",
    ]
    for name in top:
        doc = (inspect.getdoc(getattr(tnverify, name)) or "").split("\n\n")[0].replace("\n", " ")
        index.append(f"| [`tnverify.{name}`](tnverify.{name}.md) | {doc.replace('|', '/')} |")
    index += ["", "## Modules", ""] + [f"- [`{m}`](modules/{m}.md)" for m in modules]
    index += (
        ["", "```{toctree}", ":hidden:", ""]
        + [f"tnverify.{n}" for n in top]
        + [f"modules/{m}" for m in modules]
        + ["```", ""]
    )
    write(out / "api" / "index.md", "\n".join(index))
