"""Sphinx glue of the tnverify site: generates the pages that come from the registry.

At ``builder-inited`` it runs every built-in claim in this process (``tnverify verify``'s
engine, :func:`tnverify.report.run_claims`, scale ``small``, seed 0) and writes, under
``docs/generated/`` (not committed):

- ``claims/<id>.md``: one page per claim, the section of
  :func:`tnverify.report.claim_sections.claim_section` (the same as in ``verify --report r.html``);
- ``papers/<key>.md`` and ``topics/<topic>.md``: indexes with counts by verdict and defect;
- ``errata/<key>.md``: each paper's errata, entry by entry;
- ``graph/``: the claim graph (Graphviz ``dot``), an overview and one view per paper;
- ``api/``: the API reference (autodoc + numpydoc) of every public name;
- ``tutorial.md`` (executed by MyST-NB) and ``gallery.md``;
- ``glossary.md``: the abbreviations of the titles, spelled out.
"""

from __future__ import annotations

import time
from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)


def write(path: Path, text: str) -> None:
    """Write a generated page, leaving an unchanged file alone (incremental builds)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def raw(html: str) -> str:
    """A raw-HTML block of a MyST page."""
    return "```{raw} html\n" + html + "\n```\n"


def generate(app) -> None:
    import site_api
    import site_graph
    import site_pages
    import site_search
    import site_tutorial
    from tnverify.claims import all_claims
    from tnverify.report import run_claims
    from tnverify.report.html import REPORT_CSS

    out = Path(app.srcdir) / "generated"
    write(Path(app.srcdir) / "_static" / "tnverify-claims.css", REPORT_CSS.lstrip())
    plugins = list(app.config.tnverify_site_plugins or ())
    if plugins:  # `tnverify site --plugin P`: the pages of a plugin's claims
        from tnverify.claims import load_plugin

        claims = list({c.id: c for p in plugins for c in load_plugin(p)}.values())
    else:
        claims = [c for c in all_claims() if c.package == "tnverify"]
    t0 = time.perf_counter()
    report = run_claims(
        claims, seed=app.config.tnverify_site_seed, scale="small", device="cpu", progress=False
    )
    logger.info(
        f"[tnverify] verify run: {report.summary_line()} (wall {time.perf_counter() - t0:.1f} s)"
    )
    site_pages.write_all(out, claims, report)
    site_graph.write_all(out, claims, report)
    if plugins:
        return
    site_api.write_all(out)
    site_tutorial.write_all(out, Path(app.srcdir))
    write(out / "glossary.md", site_search.glossary_page())


def exclude_data_from_validation(app, config) -> None:
    """Module data (constants, type aliases) carry ``#:`` comments, not docstrings: keep
    them out of numpydoc's validation (runs before numpydoc reads the setting)."""
    import re

    import site_api

    if not hasattr(config, "numpydoc_validation_exclude"):
        return  # a plugin's site (no API pages, no numpydoc)
    config.numpydoc_validation_exclude = set(config.numpydoc_validation_exclude) | {
        "^" + re.escape(name) + "$" for name in site_api.data_names()
    }


#: The kernel's configuration for the executed tutorial: its one warning, that a local
#: kernel talks to the build over TCP on 127.0.0.1 without encryption, says nothing about
#: the site and would be printed on every build; every other message of the kernel stays.
KERNEL_CONFIG = """import logging


class _LocalTcp(logging.Filter):
    def filter(self, record):
        return "without encryption" not in record.getMessage()


logging.getLogger("IPKernelApp").addFilter(_LocalTcp())
"""


def quiet_kernel(app, config) -> None:
    """Give the tutorial's kernel (MyST-NB starts it in a child process) an IPython folder
    of its own whose ``ipython_kernel_config.py`` is :data:`KERNEL_CONFIG`."""
    import atexit
    import os
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="tnverify-docs-ipython-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    (folder / "profile_default").mkdir()
    (folder / "profile_default" / "ipython_kernel_config.py").write_text(
        KERNEL_CONFIG, encoding="utf-8"
    )
    os.environ["IPYTHONDIR"] = str(folder)


#: the generated pages whose raw HTML holds formulas for MathJax (Sphinx loads MathJax
#: only on pages with math nodes of its own)
MATH_PAGES = (
    "generated/claims/",
    "generated/errata/",
    "generated/tutorial",
    "generated/papers/all",
)


def mathjax_on_formula_pages(app, pagename, templatename, context, doctree) -> None:
    if pagename.startswith(MATH_PAGES):
        context["has_maths_elements"] = True


def setup(app):
    import site_search

    # the index and the ranking of the search read the glossary's abbreviations
    app.add_search_language(site_search.SearchEnglishGlossary)
    app.connect("builder-inited", site_search.use_scorer)
    # `tnverify site --plugin P` sets these: the plugins whose claims the site shows (none:
    # tnverify's own site) and the seed of the run
    app.add_config_value("tnverify_site_plugins", [], "env")
    app.add_config_value("tnverify_site_seed", 0, "env")
    app.connect("config-inited", exclude_data_from_validation, priority=400)
    app.connect("config-inited", quiet_kernel)
    # before sphinx.ext.mathjax's own handler (priority 500) decides whether to load it
    app.connect("html-page-context", mathjax_on_formula_pages, priority=400)
    # a claim id is an object of the std domain: {claim}`id` links to its page and the
    # search finds it by id
    app.add_object_type("claim", "claim", indextemplate="pair: %s; claim")
    app.connect("builder-inited", generate)
    app.add_css_file("tnverify-claims.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
