"""A command line that answers at once: the listing commands import neither
torch nor sympy (nor scipy.stats), so they start in well under a second."""

import subprocess
import sys

import pytest

_PROBE = """
import contextlib, io, sys
from tnverify.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main({argv!r})
heavy = [m for m in ("torch", "sympy", "scipy.stats") if m in sys.modules]
print(code, len(out.getvalue()), ",".join(heavy) or "-")
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["claims"],
        ["claims", "--paper", "gtm", "--json"],
        ["show", "thesis-eq-5.23"],
        ["--help"],
        ["tt-svd", "--help"],
        ["errata", "--help"],
        ["verify", "--help"],
    ],
)
def test_listing_commands_import_neither_torch_nor_sympy(argv):
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE.format(argv=argv)], capture_output=True, text=True, check=True
    )
    code, n_chars, heavy = proc.stdout.split()[-3:]
    assert code == "0" and int(n_chars) > 100
    assert heavy == "-", f"{' '.join(argv)} imported {heavy}"


def test_the_probe_sees_torch_when_a_command_imports_it():
    # the negative control of the probe: running a claim that uses torch must show it
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE.format(argv=["show", "thesis-eq-5.23", "--run"])],
        capture_output=True,
        text=True,
    )
    assert proc.stdout.split()[-1] != "-"


def test_tt_svd_of_a_file_imports_neither_torch_nor_sympy(tmp_path):
    import numpy as np

    path = tmp_path / "t.npy"
    np.save(path, np.random.default_rng(0).standard_normal((4, 3, 5)))
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE.format(argv=["tt-svd", str(path), "--eps", "1e-6"])],
        capture_output=True,
        text=True,
        check=True,
    )
    code, n_chars, heavy = proc.stdout.split()[-3:]
    assert code == "0" and int(n_chars) > 20 and heavy == "-"


@pytest.mark.parametrize("argv", [["--help"], ["claims"]])
def test_the_command_line_starts_without_scipy(argv):
    """scipy.linalg (≈ 0.4 s of every start) is imported on use, by the
    first large SVD, not by ``import tnverify``."""
    code = _PROBE.format(argv=argv).replace('("torch", "sympy", "scipy.stats")', '("scipy",)')
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.split()[-1] == "-"


def test_a_large_svd_still_uses_scipy():
    import numpy as np

    from tnverify.tt.truncation import SMALL_SVD, thin_svd

    a = np.random.default_rng(0).standard_normal((SMALL_SVD // 4 + 1, 8))
    u, s, vh = thin_svd(a)
    assert "scipy.linalg" in sys.modules
    assert np.allclose((u * s) @ vh, a)
