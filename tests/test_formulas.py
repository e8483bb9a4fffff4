"""Formulas of the registry's text rendered as formulas (tnverify.report.formulas): every
statement, printed/meant line, reading, quote and remark of the registry, in every format,
with no emphasis and no unparsed pseudo-LaTeX outside a formula."""

from __future__ import annotations

import html
import importlib.util
import re
from html.parser import HTMLParser

import pytest

from tnverify.claims import all_claims, get_claim
from tnverify.errors import DTypeError, UsageError
from tnverify.report.formulas import FORMATS, render, segments, to_html, to_tex
from tnverify.report.tex import to_plain


def registry_texts():
    """Every text of the registry a page shows: (claim id, what, text)."""
    for c in all_claims():
        yield c.id, "statement", c.statement
        if c.title:
            yield c.id, "title", c.title
        if c.defect is not None:
            for d in c.defect.edits:
                yield c.id, "printed", str(d.printed)
                yield c.id, "meant", str(d.meant)
        for r in c.readings.values():
            yield c.id, "reading", r.text
            if r.quote:
                yield c.id, "quote", r.quote
        for t in c.remarks:
            yield c.id, "remark", t


TEXTS = list(registry_texts())
#: pseudo-LaTeX that only a formula may hold
RAW_MARKUP = re.compile(r"[_^][{(]|[A-Za-z)}][_^][A-Za-z0-9]")


def _balanced(tex: str) -> bool:
    depth = 0
    for ch in re.sub(r"\\[{}]", "", tex):
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
    return depth == 0


class _Formulas(HTMLParser):
    """The text outside formulas and code, and the tags inside formulas."""

    def __init__(self):
        super().__init__()
        self.depth, self.outside, self.tags_inside = 0, [], []
        self.stack = []

    def handle_starttag(self, tag, attrs):
        cls = dict(attrs).get("class") or ""
        inside = "tnv-math" in cls or cls.startswith("math") or tag == "code"
        if self.depth:
            self.tags_inside.append(tag)
        self.stack.append(inside)
        self.depth += inside

    def handle_endtag(self, tag):
        if self.stack:
            self.depth -= self.stack.pop()

    def handle_data(self, data):
        if not self.depth:
            self.outside.append(data)


def test_the_registry_has_formulas_to_render():
    kinds = [k for _, _, t in TEXTS for k, _ in segments(t)]
    assert kinds.count("math") > 1000 and kinds.count("text") > 1000


@pytest.mark.parametrize("fmt", ["html", "mathjax"])
def test_no_unparsed_markup_or_emphasis_outside_or_inside_formulas(fmt):
    bad, emphasis = [], []
    for cid, what, text in TEXTS:
        page = _Formulas()
        page.feed(render(text, fmt))
        outside = "".join(page.outside)
        if RAW_MARKUP.search(outside):
            bad.append((cid, what, RAW_MARKUP.search(outside).group(0), outside[:120]))
        emphasis += [(cid, what) for t in page.tags_inside if t in ("em", "strong")]
    assert not bad, bad[:10]
    assert not emphasis, emphasis[:10]


def test_every_formula_is_balanced_tex():
    unbalanced = [
        (cid, part, to_tex(part))
        for cid, _, text in TEXTS
        for kind, part in segments(text)
        if kind == "math" and not _balanced(to_tex(part))
    ]
    assert not unbalanced, unbalanced[:5]


def test_segments_give_the_text_back():
    for cid, what, text in TEXTS:
        parts = segments(text)
        # (code comes without its backticks; a snake_case name is code too)
        assert "".join(p for _, p in parts) == text.replace("`", ""), (cid, what)


def test_ttlm_eq16_printed_sum_is_typeset_over_the_printed_index():
    """ttlm Eq. 16's printed line (the erratum is which index the second sum runs over):
    the TeX keeps both sums with their limits, nothing read as emphasis."""
    printed = get_claim("ttlm-eq16").defect.edits[0].printed
    (formula,) = [p for k, p in segments(printed) if k == "math"]
    tex = to_tex(formula)
    assert r"\sum_{i_{t}=1}^{|V|} \sum_{\alpha_{t}=1}^{R}" in tex
    assert r"h^{(t)}_{\mathrm{TTLM}\,\alpha_{t}}" in tex
    meant = get_claim("ttlm-eq16").defect.edits[0].meant
    assert r"\sum_{\alpha_{t-1}=1}^{R}" in to_tex([p for k, p in segments(meant) if k == "math"][0])


def test_tex_of_unicode_and_pseudo_latex():
    assert to_tex("𝐡̄^{(t)}") == r"\bar{\mathbf{h}}^{(t)}"
    assert to_tex("ℝ^{r×|V|}") == r"\mathbb{R}^{r\times|V|}"
    assert to_tex("h⁽ᵗ⁻¹⁾") == "h^{(t-1)}"
    assert to_tex("G^(1)_(:,w₁,:)") == "G^{(1)}_{:,w_{1},:}"
    assert to_tex("δ_ijkl = δ_ik δ_jl") == r"\delta_{ijkl} = \delta_{ik}\,\delta_{jl}"
    assert to_tex("h_Tiny") == r"h_{\mathrm{Tiny}}"
    assert to_tex("softmax(Vh_t)") == r"\operatorname{softmax}(Vh_{t})"
    assert to_tex("fᵀ𝒜") == r"f^{\top}\mathcal{A}"
    assert to_tex("α ∈ ℝ") == r"\alpha \in \mathbb{R}"
    assert to_tex("tol = 1.26e-11") == r"\mathrm{tol} = 1.26\times 10^{-11}"


def test_unicode_form_of_titles():
    from tnverify.report.formulas import render

    assert render("softmax(Vh_t) and x^{(t−1)}", "unicode") == "softmax(Vhₜ) and x⁽ᵗ⁻¹⁾"
    assert render("W^{eh} ∈ ℝ^(E×H)", "unicode") == "Wᵉʰ ∈ ℝ^(E×H)"  # × has no superscript


def test_prose_stays_text_and_formulas_are_found():
    assert segments("a sentence of the paper") == [("text", "a sentence of the paper")]
    assert segments("holds for b = 0 only") == [
        ("text", "holds for "),
        ("math", "b = 0"),
        ("text", " only"),
    ]
    assert segments("x₁, …, x_i are inputs") == [("math", "x₁, …, x_i"), ("text", " are inputs")]
    assert segments("see `tt_svd` (ξ-networks)") == [
        ("text", "see "),
        ("code", "tt_svd"),
        ("text", " (ξ-networks)"),
    ]
    assert segments("sizes vocab_size = 4, h_t") == [
        ("text", "sizes "),
        ("code", "vocab_size"),
        ("text", " = 4, "),
        ("math", "h_t"),
    ]
    assert segments("W^{hx}[o, i] and ξ(x, y)") == [
        ("math", "W^{hx}[o, i]"),
        ("text", " and "),
        ("math", "ξ(x, y)"),
    ]


def test_html_formats_escape_text_and_typeset_formulas():
    out = render('the "<b>" of Σ_{i=1}^R x_i', "mathjax")
    assert "&lt;b&gt;" in out and "<b>" not in out
    assert out.endswith(
        r'<span class="math notranslate nohighlight">\(\sum_{i=1}^{R}\,'
        r"x_{i}\)</span>"
    )
    assert to_html("G^{(t)}_{1i}") == (
        '<span class="tnv-math"><i>G</i><sup>(<i>t</i>)</sup><sub>1<i>i</i></sub></span>'
    )


@pytest.mark.skipif(
    importlib.util.find_spec("markdown_it") is None,
    reason="markdown-it-py (the docs extra) is not installed",
)
def test_markdown_form_is_never_read_as_emphasis():
    """The Markdown sheets' plain form: a CommonMark renderer shows the text unchanged,
    without emphasis; the same texts unescaped do produce emphasis (the check bites)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt()
    corrupted = emphasis = 0
    for cid, what, text in TEXTS:
        text = " ".join(text.split())
        if text[:1] in "-#>+0123456789" or "`" in text or "<" in text or "[" in text:
            continue  # list, heading, code or link syntax of its own
        out = md.render(render(text, "markdown"))
        assert "<em>" not in out and "<strong>" not in out, (cid, what, out[:200])
        shown = html.unescape(re.sub(r"<[^>]+>", "", out)).strip()
        # (an underbrace "F ⟦underbrace: L⟧" reads "F [L]" in plain text)
        if shown != "".join(to_plain(p) if k == "math" else p for k, p in segments(text)):
            corrupted += 1
        emphasis += "<em>" in md.render(text)
    assert corrupted == 0
    assert emphasis > 10


def test_bad_input_is_refused():
    with pytest.raises(UsageError, match="fmt must be one of"):
        render("x", "latex")
    with pytest.raises(DTypeError):
        render(3)
    assert set(FORMATS) == {"mathjax", "html", "myst", "markdown", "unicode"}


@pytest.mark.parametrize("claim_id", ["ttlm-eq16", "ttlm-eq3", "ttlm-app-a"])
def test_claim_sections_of_a_run_have_no_raw_markup_outside_formulas(claim_id):
    """The whole section of a run (comparisons, counterexample sentence, readings' places
    included), as the HTML report and the site show it."""
    from tnverify.claims import run_claim
    from tnverify.report.claim_sections import claim_section

    result = run_claim(get_claim(claim_id), sides=("small",))
    for math in ("html", "mathjax"):
        page = _Formulas()
        page.feed(claim_section(get_claim(claim_id), result, math=math))
        outside = "".join(page.outside)
        assert not RAW_MARKUP.search(outside), (
            math,
            outside[max(0, RAW_MARKUP.search(outside).start() - 80) :][:160],
        )
        assert not [t for t in page.tags_inside if t in ("em", "strong")]


def _tex_commands_the_renderer_writes() -> set:
    """Every TeX command :func:`to_tex` may write: its symbol tables, Greek letters,
    accents, alphabets, the commands a formula may be written with, and its own."""
    from tnverify.report.tex import ACCENTS, COMMANDS, GREEK, SYMBOLS

    known = set(GREEK.values()) | set(ACCENTS.values()) | set(COMMANDS)
    known |= {m for t in SYMBOLS.values() for m in re.findall(r"\\([A-Za-z]+)", t)}
    known |= {"mathbb", "mathcal", "mathfrak", "boldsymbol", "mathsf", "mathtt", "mathbf"}
    return known | {"mathrm", "operatorname", "times", "top"}


def test_every_command_of_the_registry_is_rendered_not_left_as_a_placeholder():
    """A TeX command written in a statement, printed or meant line, reading, quote or
    remark is one the renderer supports (:data:`~tnverify.report.tex.COMMANDS`), and
    so is each ``⟦name: …⟧`` mark; no format shows the mark or a dropped command: the
    HTML report shows an overline and an underbrace, the TeX names only commands
    MathJax typesets, Markdown and plain text show no ``⟦underbrace``."""
    from tnverify.report.tex import COMMANDS

    written = {(m, cid) for cid, _, t in TEXTS for m in re.findall(r"\\([A-Za-z]+)", t)}
    marks = {(m, cid) for cid, _, t in TEXTS for m in re.findall(r"⟦\s*([A-Za-z]+)\s*:", t)}
    assert {"overline", "underbrace"} <= {m for m, _ in written | marks}  # the scan finds them
    assert [(m, cid) for m, cid in written | marks if m not in COMMANDS] == []
    known = _tex_commands_the_renderer_writes()
    unknown, shown = [], []
    for cid, what, text in TEXTS:
        for kind, part in segments(text):
            if kind == "math":
                unknown += [
                    (cid, c) for c in re.findall(r"\\([A-Za-z]+)", to_tex(part)) if c not in known
                ]
        for fmt in FORMATS:
            out = render(text, fmt)
            if re.search(r"⟦\s*[A-Za-z]+\s*:|\[\\!\[\s*\\?(mathrm\{)?underbrace", out):
                shown.append((cid, what, fmt))
        html_out = render(text, "html")
        if "\\overline" in text and 'class="tnv-over"' not in html_out:
            shown.append((cid, what, "html overline"))
        if re.search(r"⟦\s*underbrace|\\underbrace", text) and 'class="tnv-ub"' not in html_out:
            shown.append((cid, what, "html underbrace"))
    assert not unknown, unknown[:10]
    assert not shown, shown[:10]


def test_ttlm_eq3_underbraces_are_typeset():
    """ttlm Eq. 3 labels each factor with its shape by an underbrace: TeX ``\\underbrace``
    on the site, a brace in the HTML report, ``F [1×R₁]`` in Markdown and plain text."""
    statement = get_claim("ttlm-eq3").statement
    (formula,) = [p for k, p in segments(statement) if k == "math" and "⟦" in p]
    tex = to_tex(formula)
    assert r"= \underbrace{G^{(1)}_{::,w_{1}}}_{1\times R_{1}} " in tex
    assert r"\underbrace{G^{(2)}_{:,w_{2}}}_{R_{1}\times R_{2}} \cdots " in tex
    assert r"\underbrace{G^{(N)}_{:,w_{N}}}_{R_{N-1}\times1} = \sum" in tex
    assert tex.count(r"\underbrace") == 3 and "[\\![" not in tex
    assert to_html(formula).count('<span class="tnv-ub">') == 3
    md = render(statement, "markdown")
    assert (
        "G^{(1)}\\_{::,w₁} [1×R₁] G^{(2)}\\_{:,w₂} [R₁×R₂] ⋯ G^{(N)}\\_{:,w\\_N} [R\\_{N−1}×1]"
        in md
    )
    assert "⟦" not in md and "underbrace" not in md
    # the TeX form written as such, and double brackets that label nothing, stay as they are
    assert to_tex(r"\underbrace{x y}_{n} + 1") == r"\underbrace{x\,y}_{n} + 1"
    assert to_tex("⟦x⟧ = 1") == r"[\![x]\!] = 1"
    assert render("⟦x⟧ = y_1", "markdown") == "⟦x⟧ = y\\_1"


def test_a_closing_quote_after_a_formula_is_text_not_a_prime():
    """thesis Alg. 1's printed "Ensure: 'TT-ranks … of 𝐀'" quotes the paper, whose text has
    𝐀 (no prime): the quote's close stays text; a prime without an opening quote stays."""
    printed = get_claim("thesis-alg-1").defect.edits[0].printed
    assert printed.endswith("of 𝐀'")
    assert [p for k, p in segments(printed) if k == "math"][-1] == "𝐀"
    assert to_tex("𝐀") in render(printed, "mathjax") and "\\mathbf{A}'" not in render(
        printed, "mathjax"
    )
    assert segments("(denoted as 'ŷ^{(t)}[w_t]')") == [
        ("text", "(denoted as '"),
        ("math", "ŷ^{(t)}[w_t]"),
        ("text", "')"),
    ]
    assert segments("the prime 𝐀' of 𝐀") == [
        ("text", "the prime "),
        ("math", "𝐀'"),
        ("text", " of "),
        ("math", "𝐀"),
    ]
