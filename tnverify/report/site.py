"""The documentation site of a plugin's claims: ``tnverify site --plugin P --out DIR``.

The same pages the built-in claims have on tnverify's own site (a page per claim with its
evidence from a run made by the build, the paper index, the errata, the claim graph), built
offline by Sphinx from the site's own generators (``docs/_ext`` of a tnverify checkout)
with a minimal configuration written to a temporary folder.  The pages load nothing from
outside (MathJax comes from ``sphinx-mathjax-offline``); ``DIR/index.html`` opens from
``file://``.

Needs the ``docs`` extra (Sphinx, MyST, the PyData theme, sphinx-mathjax-offline) and
Graphviz's ``dot`` for the graph.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

from ..errors import MissingDependencyError, UsageError
from ..validation import as_flag, as_seed, as_text

__all__ = ["SITE_MODULES", "site_generators", "build_site"]

#: The modules ``tnverify site`` builds with (all in the ``docs`` extra).
SITE_MODULES = {
    "sphinx": "sphinx",
    "myst_parser": "myst-parser",
    "pydata_sphinx_theme": "pydata-sphinx-theme",
    "sphinx-mathjax-offline": "sphinx-mathjax-offline",
}

_CONF = '''"""Configuration of the site of plugin claims written by `tnverify site`."""
import sys

sys.path.insert(0, {ext!r})

project = {project!r}
author = ""
copyright = ""
extensions = ["myst_parser", "sphinx.ext.mathjax", "sphinx-mathjax-offline", "tnverify_site"]
tnverify_site_plugins = {plugins!r}
tnverify_site_seed = {seed!r}
exclude_patterns = ["_build"]
html_static_path = ["_static"]
html_css_files = ["tnverify.css"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
html_theme = "pydata_sphinx_theme"
html_title = {project!r}
html_theme_options = {{"navigation_with_keys": False, "secondary_sidebar_items": ["page-toc"],
                      "footer_start": [], "footer_end": []}}
html_sidebars = {{p: [] for p in ("index", "generated/claims/*", "generated/graph/*")}}
html_context = {{"default_mode": "light"}}
html_copy_source = False
html_show_sourcelink = False
html_show_search_summary = False
html_search_scorer = {scorer!r}
suppress_warnings = ["myst.header"]
'''

_INDEX = """# {title}

The claims of {names}, each on its own page with its evidence from a run made when this
site was built (tnverify {version}, seed {seed}), by paper, with their errata and their
claim graph. Built by `tnverify site {args}`.

```{{toctree}}
:maxdepth: 1

Claims <generated/papers/index>
Topics <generated/topics/index>
Errata <generated/errata/index>
Graph <generated/graph/index>
```
"""


def site_generators() -> Path:
    """The folder of the site's generators (``docs/_ext`` of the checkout tnverify is
    installed from).

    Raises
    ------
    MissingDependencyError
        tnverify is not installed from a checkout (the generators are not in a wheel).
    """
    ext = Path(__file__).resolve().parents[2] / "docs" / "_ext"
    if not (ext / "tnverify_site.py").is_file():
        raise MissingDependencyError(
            "tnverify site builds with the site generators of a tnverify checkout "
            f"(docs/_ext, not found at {ext}): install tnverify from its repository with "
            "pip install -e '.[docs]'"
        )
    return ext


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ValueError, ImportError):  # blocked (sys.modules[name] is None) or broken
        return False


def _check_modules() -> None:
    missing = [pip for mod, pip in SITE_MODULES.items() if not _installed(mod)]
    if missing:
        raise MissingDependencyError(
            f"tnverify site needs {', '.join(missing)} (the docs extra): pip install -e "
            f"'.[docs]' in a tnverify checkout, or pip install {' '.join(missing)}"
        )


def build_site(plugins, out, *, seed: int = 0, quiet: bool = True) -> Path:
    """Build the site of the claims of some plugins into ``out``.

    Parameters
    ----------
    plugins : sequence of str
        The plugins, as ``tnverify verify --plugin`` takes them (an entry point of the
        ``tnverify.claims`` group, an importable module or a ``.py`` file).
    out : str or os.PathLike
        The folder of the HTML pages (created; its ``index.html`` is the start page).
    seed : int
        The base seed of the run the pages show.
    quiet : bool
        Sphinx prints warnings and errors only.

    Returns
    -------
    pathlib.Path
        ``out / "index.html"``.

    Raises
    ------
    MissingDependencyError
        Sphinx, MyST, the PyData theme or sphinx-mathjax-offline is not installed, or
        tnverify is not installed from a checkout.
    UsageError
        No plugin named, a plugin that cannot be loaded or registers no claim, an ``out``
        that is a file, or a build that fails.
    """
    from ..claims import load_plugin

    if isinstance(plugins, str) or not plugins:
        raise UsageError("build_site needs a list of plugin names (tnverify site --plugin P)")
    plugins = [as_text(p, "plugin") for p in plugins]
    seed = as_seed(seed)
    quiet = as_flag(quiet, "quiet")
    out = Path(os.fspath(out))
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} is a file, not a folder")
    _check_modules()
    ext = site_generators()
    if shutil.which("dot") is None:
        raise MissingDependencyError(
            "the claim graph needs Graphviz's `dot` (Debian: apt-get install graphviz)"
        )
    names = []
    for p in plugins:
        claims = load_plugin(p)  # a plugin that cannot be loaded fails here, plainly
        names += list(dict.fromkeys(c.package for c in claims))
    from sphinx.cmd.build import build_main

    from .. import __version__

    title = "Claims of " + ", ".join(dict.fromkeys(names))
    with tempfile.TemporaryDirectory(prefix="tnverify-site-") as tmp:
        src = Path(tmp) / "src"
        (src / "_static").mkdir(parents=True)
        shutil.copy(ext.parent / "_static" / "tnverify.css", src / "_static" / "tnverify.css")
        shutil.copy(ext.parent / "_static" / "tnverify-scorer.js", src / "_static")
        (src / "conf.py").write_text(
            _CONF.format(
                ext=str(ext),
                project=title,
                plugins=[os.path.abspath(p) if p.endswith(".py") else p for p in plugins],
                seed=seed,
                scorer=str(src / "_static" / "tnverify-scorer.js"),
            ),
            encoding="utf-8",
        )
        args = " ".join(f"--plugin {p}" for p in plugins) + f" --out {out}"
        (src / "index.md").write_text(
            _INDEX.format(
                title=title,
                names=", ".join(f"`{n}`" for n in dict.fromkeys(names)),
                version=__version__,
                seed=seed,
                args=args,
            ),
            encoding="utf-8",
        )
        argv = [
            "-b",
            "html",
            "--keep-going",
            "-d",
            str(Path(tmp) / "doctrees"),
            str(src),
            str(out),
        ] + (["-q"] if quiet else [])
        status = build_main(argv)
    if status != 0:
        raise UsageError(
            f"the site of {', '.join(plugins)} did not build (Sphinx exit "
            f"status {status}; its messages are above)"
        )
    return out / "index.html"
