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
- ``tutorial.md`` (executed by MyST-NB) and ``gallery.md``.
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
    import site_tutorial
    from tnverify.claims import all_claims
    from tnverify.report import run_claims

    from tnverify.report.html import REPORT_CSS

    out = Path(app.srcdir) / "generated"
    write(Path(app.srcdir) / "_static" / "tnverify-claims.css", REPORT_CSS.lstrip())
    claims = [c for c in all_claims() if c.package == "tnverify"]
    t0 = time.perf_counter()
    report = run_claims(claims, seed=0, scale="small", device="cpu", progress=False)
    logger.info(f"[tnverify] verify run: {report.summary_line()} "
                f"(wall {time.perf_counter() - t0:.1f} s)")
    site_pages.write_all(out, claims, report)
    site_graph.write_all(out, claims, report)
    site_api.write_all(out)
    site_tutorial.write_all(out, Path(app.srcdir))


def exclude_data_from_validation(app, config) -> None:
    """Module data (constants, type aliases) carry ``#:`` comments, not docstrings: keep
    them out of numpydoc's validation (runs before numpydoc reads the setting)."""
    import re

    import site_api

    config.numpydoc_validation_exclude = set(config.numpydoc_validation_exclude) | {
        "^" + re.escape(name) + "$" for name in site_api.data_names()}


def setup(app):
    app.connect("config-inited", exclude_data_from_validation, priority=400)
    # a claim id is an object of the std domain: {claim}`id` links to its page and the
    # search finds it by id
    app.add_object_type("claim", "claim", indextemplate="pair: %s; claim")
    app.connect("builder-inited", generate)
    app.add_css_file("tnverify-claims.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
