"""Sphinx configuration of the tnverify documentation site.

Build (warnings are errors; works offline):
``sphinx-build -W --keep-going -b html -d docs/_build/doctrees docs docs/_build/html``
(the doctrees, Sphinx's cache, outside the published ``html/``).
The claim pages, paper/topic indexes, errata pages, claim graph, API pages, the executed
tutorial and the figures gallery are generated at build time by ``_ext/tnverify_site.py``
into ``docs/generated/`` (not committed) from the claim registry and a ``tnverify verify``
run made during the build.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import tnverify  # noqa: E402

project = "tnverify"
author = "the tnverify authors"
copyright = "the tnverify authors (MIT License)"
version = release = tnverify.__version__

extensions = [
    "myst_nb",  # MyST Markdown pages and the executed tutorial
    "sphinx.ext.autodoc",
    "numpydoc",  # numpy-style docstrings, validated below
    "sphinx.ext.mathjax",
    "sphinx-mathjax-offline",  # MathJax from the installed package, no CDN
    "tnverify_site",  # the generated pages (claims, errata, graph, API, ...)
]

exclude_patterns = [
    "_build",
    "errata/*.md",
    "tutorial.md",
    "Thumbs.db",
    ".DS_Store",
    "**.ipynb_checkpoints",
]
templates_path = []
html_static_path = ["_static"]
html_css_files = ["tnverify.css"]

# -- MyST / MyST-NB --------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "dollarmath", "deflist"]
myst_heading_anchors = 3
nb_execution_mode = "force"  # the tutorial is executed at every build
nb_execution_timeout = 240
nb_execution_raise_on_error = True
nb_merge_streams = True

# -- autodoc / numpydoc ----------------------------------------------------------------
autodoc_typehints = "none"  # the numpydoc Parameters sections give the types
autodoc_member_order = "bysource"
# classes list their public members (site_api.py gives `:members:` to every class)
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_attributes_as_param_list = False
numpydoc_xref_param_type = False
# docstring validation in the build (a failing check is a warning, hence an error under -W):
# GL08  the object has no docstring
# SS01  no summary line;  SS03  the summary does not end with a period
# PR02  a documented parameter that does not exist (stale documentation)
# PR03  parameters documented in another order than the signature's
# PR04  a parameter without a type;  PR05  a type ending in a period (a description
#       written where the type goes);  PR06  "integer"/"string"/"boolean" for int/str/bool
# GL07  sections out of numpydoc's order
numpydoc_validation_checks = {
    "GL08",
    "SS01",
    "SS03",
    "PR02",
    "PR03",
    "PR04",
    "PR05",
    "PR06",
    "GL07",
}
# (module data, documented by ``#:`` comments, is added by _ext/tnverify_site.py)
numpydoc_validation_exclude = {
    r"\.__init__$",
    r"\.__post_init__$",
    r"\.__call__$",
    # hypothesis strategies wrapped by hypothesis' decorators: numpydoc cannot read their
    # source (its validator raises); they are documented, not validated
    r"^tnverify\.(testing\.)?(cell_|network_|xi_network_)?strategies\.",
}

# -- HTML ------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"tnverify {version}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "navbar_align": "left",
    "header_links_before_dropdown": 5,
    "secondary_sidebar_items": ["page-toc"],  # empty (hidden) on claim and graph pages
    "footer_start": ["copyright"],
    "footer_end": [],
}
# no left sidebar where it would be empty (top-level pages) or steal the width (claims, graph)
html_sidebars = {
    p: []
    for p in (
        "index",
        "generated/tutorial",
        "generated/gallery",
        "generated/glossary",
        "reference/*",
        "generated/claims/*",
        "generated/graph/*",
        "generated/papers/all",
    )
}
html_favicon = "_static/favicon.svg"
html_context = {"default_mode": "light"}  # the theme's first visit needs a mode
html_last_updated_fmt = None
html_copy_source = False
# search: no snippets (they are fetched page by page, which a browser refuses from file://),
# and titles first (a claim page's title is "id — title")
html_show_search_summary = False
html_search_scorer = str(HERE / "_static" / "tnverify-scorer.js")
html_show_sourcelink = False

suppress_warnings = ["myst.header"]
