"""The documentation site builds with the README's command, offline and without a warning,
with a page per claim that shows its verdict and no broken internal link; and it works in a
real headless browser (Debian's chromium, driven by selenium): no console error, no request
leaving the machine, graph nodes that link to claim pages, a search that finds ``tt_svd``
and a claim id and ranks titles first (an abbreviation of a title found by its spelled-out
name: "second-order RNN" finds "2-RNN …"), claim tables that split no number or word at
1400 px, and formulas typeset with their underbraces and overlines.

The build needs the ``docs`` extra (``pip install -e '.[docs]'``) and Graphviz's ``dot``;
the browser test needs ``/usr/bin/chromium`` and ``/usr/bin/chromedriver`` (Debian's
``chromium`` and ``chromium-driver``).  Without them the tests skip and say why.
Screenshots of the pages go to a temporary folder (printed; ``-s`` shows it).
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tnverify.claims.readings import DEFECT_LABELS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS_MODULES = ("sphinx", "pydata_sphinx_theme", "numpydoc", "myst_parser", "myst_nb", "ipykernel")
_missing = [m for m in DOCS_MODULES if importlib.util.find_spec(m) is None]
pytestmark = [
    pytest.mark.skipif(
        bool(_missing),
        reason="the docs extra is not installed (missing "
        f"{', '.join(_missing)}): pip install -e '.[docs]'",
    ),
    pytest.mark.skipif(
        shutil.which("dot") is None,
        reason="Graphviz's dot is not installed (apt-get install graphviz)",
    ),
]


def readme_docs_command() -> list[str]:
    """The README's docs command: ``sphinx-build ... -d docs/_build/doctrees docs
    docs/_build/html``."""
    line = re.search(
        r"^.*sphinx-build -W --keep-going -b html -d docs/_build/doctrees docs "
        r"docs/_build/html.*$",
        README,
        re.M,
    ).group(0)
    return line[line.index("sphinx-build") :].split("`")[0].split()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Build the site with the README's command into a temporary folder, once per test
    session: under pytest-xdist the workers share one build (the first one builds, under a
    lock, the others wait and reuse it; two builds at once would both write
    ``docs/generated/``); another run, or another checkout, builds its own."""
    import fcntl
    import json

    # an xdist worker's temporary folder is in the run's (common to its workers); without
    # xdist the parent is common to every run of the machine (another checkout's build)
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    out = shared / "tnverify-docs-site"
    with open(shared / "tnverify-docs-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        record = out / "build.json"
        if not record.exists():
            cmd = readme_docs_command()
            assert cmd[-4:] == ["-d", "docs/_build/doctrees", "docs", "docs/_build/html"]
            cmd = (
                [str(Path(sys.executable).parent / cmd[0])]
                + cmd[1:-3]
                + [str(out / "doctrees"), "docs", str(out / "html")]
            )
            env = dict(
                os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1"
            )
            done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
            out.mkdir(parents=True, exist_ok=True)
            record.write_text(
                json.dumps(
                    {"returncode": done.returncode, "stdout": done.stdout, "stderr": done.stderr}
                ),
                encoding="utf-8",
            )
        built = json.loads(record.read_text(encoding="utf-8"))
    done = subprocess.CompletedProcess([], built["returncode"], built["stdout"], built["stderr"])
    return done, out / "html"


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids, self.outside = [], set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for key in ("href", "src", "xlink:href"):
            url = a.get(key)
            if not url:
                continue
            if re.match(r"https?://", url):
                # a plain link out is fine; anything the page would load is not
                if key == "src" or (tag == "link" and a.get("rel") != ["canonical"]):
                    self.outside.append((tag, url))
            else:
                self.links.append(url)


@functools.cache
def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _claims():
    from tnverify.claims import all_claims

    return [c for c in all_claims() if c.package == "tnverify"]


def test_the_site_builds_with_the_readme_command_and_no_warning(site):
    done, html = site
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    assert "WARNING" not in done.stderr, done.stderr[-5000:]
    assert "IPKernelApp" not in done.stdout + done.stderr  # the kernel's TCP warning
    # the doctrees (40 MB of pickles) are not published with the pages
    assert not list(html.rglob("*.doctree")) and not (html / ".doctrees").exists()
    assert (html / "index.html").is_file()


def test_every_claim_has_a_page_with_its_verdict(site):
    done, html = site
    for c in _claims():
        page = html / "generated" / "claims" / f"{c.id}.html"
        assert page.is_file(), f"no page for {c.id}"
        text = page.read_text(encoding="utf-8")
        m = re.search(r'class="tnv-claim" data-verdict="([a-z-]+)"', text)
        assert m, f"{c.id}: the page shows no verdict"
        assert m.group(1) == c.expected, f"{c.id}: page says {m.group(1)}"
        assert f'tnv-badge tnv-{c.expected}">{c.expected}<' in text
        assert "Reproduce:" in text
        if c.defect is not None:
            # the second line is named by the kind, as on the errata sheets
            label = DEFECT_LABELS[c.defect.kind]
            assert "Printed:" in text and f"{label}:" in text, (c.id, label)
            if c.defect.why:
                assert "<dt>Why:</dt>" in text, c.id


def test_no_broken_internal_link_and_nothing_loaded_from_outside(site):
    done, html = site
    broken, outside = [], []
    for path in sorted(html.rglob("*.html")):
        if path.relative_to(html).parts[0] == "_static":
            continue  # the theme's templates, not pages
        page = _parse(path)
        outside += [(path.relative_to(html), u) for u in page.outside]
        for url in page.links:
            if url.startswith(("mailto:", "javascript:", "data:")):
                continue
            parts = urlsplit(url)
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if (
                not target.exists()
                or parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in _parse(target).ids
            ):
                broken.append((str(path.relative_to(html)), url))
    assert not outside, outside[:10]
    assert not broken, f"{len(broken)} broken links, e.g. {broken[:10]}"


def test_graph_errata_api_tutorial_and_gallery_pages_exist(site):
    done, html = site
    gen = html / "generated"
    for key in ("ttlm", "thesis", "grurntn", "tslm", "gtm"):
        assert (gen / "errata" / f"{key}.html").is_file()
        assert "<svg" in (gen / "graph" / f"{key}.html").read_text(encoding="utf-8")
        assert (gen / "papers" / f"{key}.html").is_file()
    api = (gen / "api" / "tnverify.tt_svd.html").read_text(encoding="utf-8")
    assert 'id="tnverify.tt_svd"' in api
    tutorial = (gen / "tutorial.html").read_text(encoding="utf-8")
    assert tutorial.count("cell_output") >= 20  # executed: the outputs are there
    gallery = (gen / "gallery.html").read_text(encoding="utf-8")
    assert gallery.count("<img") == len(list((ROOT / "figures").glob("*.png")))


# -- the browser ------------------------------------------------------------------------
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1400,1000",
)


@pytest.fixture(scope="module")
def browser(site, tmp_path_factory):
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.skip(
            "Debian's chromium is not installed (apt-get install -y chromium chromium-driver)"
        )
    if importlib.util.find_spec("selenium") is None:
        pytest.skip("selenium is not installed: pip install -e '.[docs]'")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    done, html = site
    assert done.returncode == 0, done.stderr[-3000:]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=opts)
    shots = tmp_path_factory.mktemp("screenshots")
    print(f"\nscreenshots: {shots}")
    try:
        yield driver, f"http://127.0.0.1:{server.server_address[1]}", shots
    finally:
        driver.quit()
        server.shutdown()


def _visit(driver, base, path, shots, name):
    """Open a page; return (console errors, requests that left 127.0.0.1)."""
    import json

    from selenium.webdriver.support.ui import WebDriverWait

    driver.get_log("browser")
    driver.get_log("performance")
    driver.get(f"{base}/{path}")
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )
    driver.execute_script("return new Promise(r => setTimeout(r, 1500))")  # MathJax, search
    driver.save_screenshot(str(shots / f"{name}.png"))
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    leaving = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg["method"] == "Network.requestWillBeSent":
            url = msg["params"]["request"]["url"]
            if not url.startswith((base, "data:", "blob:", "about:")):
                leaving.append(url)
    return errors, leaving


PAGES = {
    "home": "index.html",
    "claim": "generated/claims/thesis-alg-1.html",
    "errata": "generated/errata/thesis.html",
    "graph": "generated/graph/ttlm.html",
    "graph-overview": "generated/graph/index.html",
    "api-tt_svd": "generated/api/tnverify.tt_svd.html",
    "tutorial": "generated/tutorial.html",
}


@pytest.mark.parametrize("name", list(PAGES))
def test_page_loads_without_console_error_or_outside_request(browser, name):
    driver, base, shots = browser
    errors, leaving = _visit(driver, base, PAGES[name], shots, name)
    assert not errors, errors
    assert not leaving, leaving


def test_graph_nodes_link_to_claim_pages(browser):
    driver, base, shots = browser
    _visit(driver, base, PAGES["graph"], shots, "graph-nodes")
    hrefs = driver.execute_script(
        "return Array.from(document.querySelectorAll('.tnv-graph svg a'))"
        ".map(a => a.getAttribute('xlink:href') || a.getAttribute('href'))"
    )
    ids = {c.id for c in _claims() if c.id.startswith("ttlm-")}
    linked = {re.search(r"claims/([^/]+)\.html$", h).group(1) for h in hrefs}
    assert ids <= linked
    driver.execute_script(
        "document.querySelector('.tnv-graph svg a').dispatchEvent("
        "new MouseEvent('click', {bubbles: true}))"
    )
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 20).until(lambda d: "/generated/claims/" in d.current_url)
    assert "data-verdict" in driver.page_source


@pytest.mark.parametrize(
    "query, expect",
    [
        ("tt_svd", "generated/api/tnverify.tt_svd.html"),
        ("thesis-alg-1", "generated/claims/thesis-alg-1.html"),
    ],
)
def test_search_finds_tt_svd_and_a_claim_id(browser, query, expect):
    from selenium.webdriver.support.ui import WebDriverWait

    driver, base, shots = browser
    errors, leaving = _visit(driver, base, f"search.html?q={query}", shots, f"search-{query}")
    WebDriverWait(driver, 30).until(
        lambda d: (
            d.execute_script("return document.querySelectorAll('#search-results li a').length") > 0
        )
    )
    links = driver.execute_script(
        "return Array.from(document.querySelectorAll('#search-results li a')).map(a => a.href)"
    )
    assert any(expect in link for link in links), links[:10]
    assert not errors and not leaving


def test_html_report_filters_in_the_browser(browser, site):
    """``verify --report r.html``: the page loads with no console error and no outside
    request, and choosing a verdict hides the other rows and sections."""
    from tnverify.claims import get_claim
    from tnverify.report import run_claims

    driver, base, shots = browser
    done, html = site
    ids = ["ttlm-eq2", "ttlm-eq3", "ttlm-eq3-corrected"]
    run_claims([get_claim(i) for i in ids], progress=False, sides=("small",)).write(html / "r.html")
    errors, leaving = _visit(driver, base, "r.html", shots, "report")
    assert not errors and not leaving, (errors, leaving)
    shown = driver.execute_script(
        "const s = document.getElementById('f-verdict'); s.value = 'fails';"
        "s.dispatchEvent(new Event('change'));"
        "return Array.from(document.querySelectorAll('[data-verdict]'))"
        ".filter(e => e.offsetParent !== null).map(e => e.dataset.verdict);"
    )
    assert shown and set(shown) == {"fails"}
    assert driver.find_element("id", "f-count").text == "1 shown"
    driver.save_screenshot(str(shots / "report-filtered.png"))


def test_the_graph_outlines_every_defect_kind_of_the_registry():
    """The graph's legend and outlines name every defect kind (``editorial`` came later)."""
    from tnverify.claims.readings import DEFECT_KINDS

    text = (ROOT / "docs" / "_ext" / "site_graph.py").read_text(encoding="utf-8")
    start = text.index("OUTLINE = {")
    outline = text[start : text.index("}", start)]
    assert [k for k in DEFECT_KINDS if f'"{k}"' not in outline] == []


# -- formulas, class members, layout, findable claims --------------------------
def test_class_members_have_anchors_on_the_api_pages(site):
    done, html = site
    page = (html / "generated" / "api" / "tnverify.TensorTrain.html").read_text(encoding="utf-8")
    for member in ("norm", "full", "round", "orthogonalize", "inner", "entry", "ranks"):
        assert f'id="tnverify.TensorTrain.{member}"' in page, member


def test_a_class_page_lists_the_members_of_tnverify_mixins_too():
    # BornMachine's sampler lives in the mixin BornSampler (cells/born_sampling.py): its
    # page still lists sample(); torch.nn.Module's members are not listed
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import site_api
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    from tnverify import TensorTrain
    from tnverify.cells.born import BornMachine

    members = site_api.class_members(BornMachine)
    assert {"sample", "sample_from_uniforms"} <= set(members)
    assert "parameters" not in members and "train" not in members
    assert len(members) == len(set(members))
    assert "norm" in site_api.class_members(TensorTrain)
    # an override without a docstring of its own is not documented through its base's
    from tnverify.cells.gated import GRURNTN

    assert "tensor_term" not in site_api.class_members(GRURNTN)


def test_claim_pages_are_titled_id_and_title_and_listed_in_a_sortable_table(site):
    from tnverify.claims import get_claim
    from tnverify.report.formulas import render

    done, html = site
    c = get_claim("ttlm-eq3")
    page = (html / "generated" / "claims" / "ttlm-eq3.html").read_text(encoding="utf-8")
    assert f"<title>ttlm-eq3 — {c.title}" in page
    table = (html / "generated" / "papers" / "all.html").read_text(encoding="utf-8")
    assert 'class="tnv-table tnv-sortable"' in table
    assert table.count('<a class="tnv-claim-link" href="../claims/') == len(_claims())
    assert render(c.title, "markdown") == c.title  # a title without markup
    # a title with formulas: plain text with Unicode sub/superscripts, no raw markup
    page = (html / "generated" / "claims" / "tslm-eq-17.html").read_text(encoding="utf-8")
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert title.startswith("tslm-eq-17 — ") and "softmax(Vhₜ)" in title
    assert "_" not in title and "\\" not in title


def test_tutorial_links_its_claims_and_its_pointers(site):
    done, html = site
    page = (html / "generated" / "tutorial.html").read_text(encoding="utf-8")
    assert (
        re.search(r'href="claims/ttlm-eq2\.html#[^"]*"', page)
        or 'href="claims/ttlm-eq2.html"' in page
    )
    assert 'href="../index.html#quick-start"' in page
    assert 'href="../reference/families.html#which-rnns-are-tensor-trains"' in page
    assert "README's quick start" not in page and "The README’s “Which RNNs" not in page


LAYOUT_PAGES = {
    "home": "index.html",
    "claim": "generated/claims/ttlm-eq16.html",
    "errata": "generated/errata/ttlm.html",
    "graph": "generated/graph/thesis.html",
}


def _wait_for_mathjax(driver):
    """Until MathJax has typeset the page (a page without MathJax: at once)."""
    driver.set_script_timeout(60)
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "if (!window.MathJax || !MathJax.startup || !MathJax.startup.promise) done(true);"
        "else MathJax.startup.promise.then(() => done(true));"
    )


@pytest.mark.parametrize("width", [1400, 420])
@pytest.mark.parametrize("name", list(LAYOUT_PAGES))
def test_no_horizontal_overflow(browser, name, width):
    driver, base, shots = browser
    driver.set_window_size(width, 1000)
    try:
        _visit(driver, base, LAYOUT_PAGES[name], shots, f"layout-{name}-{width}")
        _wait_for_mathjax(driver)
        over = driver.execute_script(
            "const w = document.documentElement.clientWidth;"
            "return [document.documentElement.scrollWidth - w, Array.from("
            "document.querySelectorAll('article *')).filter(e => e.getBoundingClientRect()"
            ".right > w + 1 && !e.closest('.tnv-graph, .pst-scrollable-table-container, "
            "mjx-container, .tnv-table, pre, .highlight')).slice(0, 5).map(e => e.tagName + '.' "
            "+ e.className)]"
        )
        driver.save_screenshot(str(shots / f"layout-{name}-{width}-typeset.png"))
    finally:
        driver.set_window_size(1400, 1000)
    assert over[0] <= 0, f"{name} at {width}px: {over[0]} px too wide ({over[1]})"
    assert not over[1], over[1]


@pytest.mark.parametrize("name", ["claim", "errata"])
def test_formulas_are_typeset_without_emphasis_or_raw_markup(browser, name):
    driver, base, shots = browser
    errors, leaving = _visit(driver, base, LAYOUT_PAGES[name], shots, f"formulas-{name}")
    _wait_for_mathjax(driver)
    n_typeset, emphasis, raw = driver.execute_script("""
        const art = document.querySelector('article');
        const typeset = art.querySelectorAll('mjx-container').length;
        const emph = art.querySelectorAll(
            'mjx-container em, mjx-container strong, .math em, .math strong').length;
        const walker = document.createTreeWalker(art, NodeFilter.SHOW_TEXT);
        let text = '';
        while (walker.nextNode()) {
            const n = walker.currentNode;
            if (!n.parentElement.closest('mjx-container, code, pre, script, .math, mjx-assistive-mml'))
                text += n.textContent + ' ';
        }
        const raw = text.match(/[_^][{(]|\\S[_^][A-Za-z0-9]/g) || [];
        return [typeset, emph, raw.slice(0, 10)];""")
    assert n_typeset > 10, n_typeset
    assert emphasis == 0
    assert raw == [], raw
    assert not errors and not leaving, (errors, leaving)


def test_search_works_from_file_and_ranks_titles_first(browser, site):
    """From file:// (no server): the search page shows results and no console error (no
    snippet is fetched); a query of a claim's title words puts that claim first."""
    from selenium.webdriver.support.ui import WebDriverWait

    from tnverify.claims import get_claim

    driver, base, shots = browser
    done, html = site
    title = get_claim("ttlm-eq3").title  # "TT entry as slice products ..."
    query = "slice products printed sums"
    assert all(w in title for w in query.split())
    driver.get_log("browser")
    driver.get((html / "search.html").as_uri() + "?q=" + query.replace(" ", "+"))
    WebDriverWait(driver, 30).until(
        lambda d: (
            d.execute_script("return document.querySelectorAll('#search-results li a').length") > 0
        )
    )
    driver.execute_script("return new Promise(r => setTimeout(r, 1500))")
    driver.save_screenshot(str(shots / "search-file.png"))
    links = driver.execute_script(
        "return Array.from(document.querySelectorAll('#search-results li a')).map(a => a.href)"
    )
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    assert re.search(r"/generated/claims/ttlm-eq3(-corrected)?\.html", links[0]), links[:5]


def test_the_list_of_all_claims_sorts_by_a_column(browser):
    driver, base, shots = browser
    errors, leaving = _visit(driver, base, "generated/papers/all.html", shots, "all-claims")
    column = driver.execute_script(
        "const th = Array.from(document.querySelectorAll('table.tnv-sortable th'))"
        ".find(h => h.textContent.trim() === 'verdict'); th.click();"
        "const i = Array.from(th.parentElement.children).indexOf(th);"
        "return Array.from(document.querySelectorAll('table.tnv-sortable tbody tr'))"
        ".map(r => r.cells[i].textContent.trim());"
    )
    driver.save_screenshot(str(shots / "all-claims-sorted.png"))
    assert len(column) == len(_claims()) and column == sorted(column)
    assert column[0] != column[-1]  # more than one verdict: it sorted
    assert not errors and not leaving, (errors, leaving)


# -- the glossary in the search, tables that do not break numbers, underbraces ------------
def _search_results(driver, url):
    """Open a search page and return its results' (title, href), once the search has
    finished."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get_log("browser")
    driver.get(url)
    WebDriverWait(driver, 30).until(
        lambda d: re.search(
            r"found \d+ page",
            d.execute_script(
                "const s = document.querySelector('#search-results .search-summary');"
                "return s ? s.textContent : '';"
            ),
        )
    )
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#search-results li > a'))"
        ".map(a => [a.textContent, a.href])"
    )


def test_the_search_index_holds_the_spelled_out_names_of_title_abbreviations(site):
    """``searchindex.js``: ttlm-claim-b1's title "2-RNN = TTLM core" is indexed under
    "second", "order", "recurrent" and "neural" as title words (the glossary's names)."""
    import json

    done, html = site
    text = (html / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    doc = index["docnames"].index("generated/claims/ttlm-claim-b1")
    for word in ("second", "order", "recurr", "neural", "tensor", "train"):
        docs = index["titleterms"].get(word, [])
        assert doc in (docs if isinstance(docs, list) else [docs]), word
    from tnverify.report.glossary import ABBREVIATIONS

    page = (html / "generated" / "glossary.html").read_text(encoding="utf-8")
    assert [a for a in ABBREVIATIONS if f"<td><p>{a}</p></td>" not in page] == []
    assert "second-order recurrent neural network" in page
    # a title gets the names of its own abbreviations only ("TT entry as slice products")
    eq3 = index["docnames"].index("generated/claims/ttlm-eq3")
    assert eq3 in index["titleterms"]["tensor"] and eq3 not in index["titleterms"]["recurr"]


@pytest.mark.parametrize("where", ["http", "file"])
@pytest.mark.parametrize(
    "query, abbreviation, first",
    [
        ("second-order RNN", "2-RNN", "ttlm-claim-b1"),
        ("recurrent arithmetic circuit", "RAC", None),
        ("tensor space language model", "TSLM", None),
        ("linear multiplicative model", "LMM", None),
    ],
)
def test_a_spelled_out_search_finds_the_abbreviated_titles_first(
    browser, site, where, query, abbreviation, first
):
    """A search for the spelled-out name of an abbreviation ranks the claims whose titles
    write the abbreviation first (titles first; a title's abbreviation counts as its name),
    from a server and from file://; "second-order RNN" puts ttlm-claim-b1 first."""
    driver, base, shots = browser
    done, html = site
    page = f"{base}/search.html" if where == "http" else (html / "search.html").as_uri()
    results = _search_results(driver, page + "?q=" + query.replace(" ", "+"))
    driver.save_screenshot(str(shots / f"search-{where}-{query.replace(' ', '-')}.png"))
    assert results, query
    titles = [t for t, _ in results]
    if first is not None:
        assert results[0][1].endswith(f"/generated/claims/{first}.html"), titles[:5]

    def holds(title):  # the words, as written or abbreviated
        return bool(
            re.search(rf"(?<![A-Za-z0-9]){re.escape(abbreviation)}(?![A-Za-z0-9])", title)
        ) or all(w.lower() in title.lower() for w in query.split())

    assert holds(titles[0]), titles[:5]
    # the claim pages whose titles hold the words come first, the first of them abbreviated
    claims = [t for t, h in results if "/generated/claims/" in h and "#" not in h]
    found = [holds(t) for t in claims]
    assert sum(found) >= 2 and found == sorted(found, reverse=True), claims[:10]
    assert abbreviation in claims[0].split(" — ", 1)[1], claims[:5]


TABLE_PAGES = ["ttlm-claim-b1", "ttlm-eq3", "gtm-eq12-boundary-h1", "ttlm-eq16"]


@pytest.mark.parametrize("claim", TABLE_PAGES)
def test_claim_tables_break_no_number_and_no_word_at_1400px(browser, claim):
    """At 1400 px every number of a claim page's tables (errors, tolerances, err/tol,
    computed values) is on one line, and no word of a cell is split over two lines."""
    driver, base, shots = browser
    driver.set_window_size(1400, 1000)
    _visit(driver, base, f"generated/claims/{claim}.html", shots, f"tables-{claim}")
    _wait_for_mathjax(driver)
    n, wrapped, broken = driver.execute_script(r"""
        const nums = Array.from(document.querySelectorAll('article .tnv-table .tnv-num'));
        const lines = (range) => new Set(Array.from(range.getClientRects())
            .filter(r => r.width > 0).map(r => Math.round(r.bottom))).size;
        const wrapped = nums.filter(e => {
            const r = document.createRange(); r.selectNodeContents(e); return lines(r) > 1;
        }).map(e => e.textContent);
        const broken = [];
        for (const cell of document.querySelectorAll('article .tnv-table td, article .tnv-table th')) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) {
                const node = walker.currentNode;
                if (node.parentElement.closest('mjx-container, script')) continue;
                for (const m of node.textContent.matchAll(/[^\s\-‐–—\/]+/g)) {
                    const r = document.createRange();
                    r.setStart(node, m.index);
                    r.setEnd(node, m.index + m[0].length);
                    if (lines(r) > 1) broken.push(m[0]);
                }
            }
        }
        return [nums.length, wrapped.slice(0, 10), broken.slice(0, 10)];""")
    assert n >= 3, n  # the page has numbers in its tables, marked as numbers
    assert wrapped == [], wrapped
    assert broken == [], broken


@pytest.mark.parametrize(
    "claim, element, count",
    [("ttlm-eq3", "mjx-munder", 3), ("thesis-def-3.1.3", "mjx-mover", 3)],
)
def test_underbraces_and_overlines_are_typeset_not_shown_as_marks(browser, claim, element, count):
    """ttlm-eq3's statement labels its three factors by underbraces (``\\underbrace`` in
    MathJax), thesis-def-3.1.3's multi-indices are overlined: typeset, with no MathJax
    error and no ``⟦underbrace: …⟧`` or ``\\overline`` left as text."""
    driver, base, shots = browser
    errors, leaving = _visit(driver, base, f"generated/claims/{claim}.html", shots, claim)
    _wait_for_mathjax(driver)
    n, merrors, text = driver.execute_script(f"""
        const st = document.querySelector('article .tnv-statement');
        return [st.querySelectorAll('{element}').length,
                document.querySelectorAll('article mjx-merror').length,
                Array.from(st.childNodes).map(n => n.nodeType === 3 ? n.textContent :
                    (n.matches('mjx-container') ? '' : n.textContent)).join('')];""")
    assert n >= count, n
    assert merrors == 0
    assert "⟦" not in text and "underbrace" not in text and "\\overline" not in text, text
    assert not errors and not leaving, (errors, leaving)
