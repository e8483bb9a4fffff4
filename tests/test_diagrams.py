"""tnverify.teaching.diagrams: every diagram is a network whose contraction is the object it draws
(cells' TT cores, TTs, Φ(X), Born Z, the ξ = xy grid), and the drawings render (Agg)."""

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

import tnverify as tv
from tnverify.cells.born import random_born
from tnverify.cells.recurrent import RAC, SecondOrderRNN, TTCoreRNN
from tnverify.cells.tslm import TSLM
from tnverify.cells.ttlm_variants import TTLMLarge, TTLMTiny
from tnverify.errors import ShapeError, UsageError
from tnverify.generalized.grid import grid_tensor, random_generalized_rnn
from tnverify.teaching import diagrams as dg


def _close(a, b, n):
    tol = tv.tolerance(np.float64, n=n, norm=float(np.abs(b).max()))
    return float(np.abs(np.asarray(a) - np.asarray(b)).max()) <= tol.value


def _cells(rng, R=2, V=3):
    n = rng.standard_normal
    out = [
        SecondOrderRNN(n((V, R, R))),
        RAC(n((R, V)), n((R, R))),
        TTCoreRNN(n((R, V, R))),
        TSLM.from_arrays(n((R, 4)), n((R, R)), n((V, R)), n((V, 4))),
        TSLM.from_arrays(n((R, V)), n((R, R)), n((V, R))),
    ]
    for reading in ("delta", "reshape"):
        out.append(TTLMTiny(n((V, R, R)), n((R, R)), n((R, R, R)), n(R), reading=reading))
        out.append(
            TTLMLarge(n((V, R, R)), n((R,) * 4), n((R, R)), n((R, R, R)), n(R), reading=reading)
        )
    return out


def test_every_cell_diagram_contracts_to_the_cells_tt_core():
    rng = np.random.default_rng(1)
    seen = set()
    for cell in _cells(rng):
        fam, reading = dg.cell_family(cell)
        net = dg.cell_core_network(fam, reading=reading)
        G = cell.tt_core().detach().numpy()
        assert net.open_legs == ("p", "i", "o")
        assert _close(net.contract(dg.cell_core_arrays(cell)), G, n=16), (fam, reading)
        seen.add((fam, reading))
    assert {f for f, _ in seen} == set(dg.FAMILIES)


def test_delta_triangles_where_the_papers_draw_them():
    # RAC, TSLM and the δ reading of TTLM-Tiny/Large contract through one δ (tslm Fig.
    # 1a; ttlm Fig. 2b-c); 2-RNN and the reshape reading have none
    counts = {
        (f, r): dg.cell_core_network(f, reading=r).kind_count("delta")
        for f, r in (
            ("rac", None),
            ("tslm", None),
            ("tiny", "delta"),
            ("large", "delta"),
            ("tiny", "reshape"),
            ("large", "reshape"),
            ("2-rnn", None),
        )
    }
    assert counts == {
        ("rac", None): 1,
        ("tslm", None): 1,
        ("tiny", "delta"): 1,
        ("large", "delta"): 1,
        ("tiny", "reshape"): 0,
        ("large", "reshape"): 0,
        ("2-rnn", None): 0,
    }
    delta = next(
        n for n in dg.cell_core_network("large", reading="delta").nodes if n.kind == "delta"
    )
    assert len(delta.legs) == 4  # the 4th-order δ of Eq. 12


@given(
    ranks=st.lists(st.integers(1, 3), min_size=0, max_size=3),
    n=st.integers(1, 3),
    seed=st.integers(0, 2**31),
)
def test_tt_diagram_contracts_to_the_full_tensor_and_the_score(ranks, n, seed):
    rng = np.random.default_rng(seed)
    r = (1, *ranks, 1)
    tt = tv.random_tt((n,) * (len(r) - 1), r, rng)
    full = tt.full()
    net = dg.tensor_train_network(tt)
    assert len(net.edges) == tt.ndim - 1 and len(net.open_legs) == tt.ndim
    assert _close(net.contract(dg.tt_arrays(tt)), full, n=4 * tt.ndim)
    x = tuple(int(v) for v in rng.integers(0, n, tt.ndim))
    scored = dg.tensor_train_network(tt, features=True).contract(dg.tt_arrays(tt, x))
    assert _close(scored, full[x], n=4 * tt.ndim)


@given(seq=st.lists(st.integers(0, 2), min_size=1, max_size=4))
def test_feature_diagram_is_phi_and_the_inner_product_selects_an_entry(seq):
    phi = dg.feature_tensor_network(len(seq)).contract(dg.feature_arrays(seq, 3))
    assert np.array_equal(phi, tv.feature_tensor(seq, vocab_size=3))
    A = np.arange(3 ** len(seq), dtype=float).reshape((3,) * len(seq))
    net = dg.feature_tensor_network(len(seq), inner=True)
    assert (
        net.open_legs == () and float(net.contract(dg.feature_arrays(seq, 3, A))) == A[tuple(seq)]
    )


def test_born_ladder_contracts_to_z_of_the_transfer_matrix_sweep():
    m = random_born(3, 4, 2, np.random.default_rng(3))
    cores = [c.detach().numpy() for c in m.core_list]
    Z = float(np.exp(m.log_partition().detach().numpy()))
    net = dg.born_z_network(4)
    assert len(net.boxes) == 4 and net.open_legs == ()
    assert _close(net.contract(dg.born_arrays(cores)), Z, n=3**4)
    brute = float((tv.TensorTrain(tuple(cores)).full() ** 2).sum())
    assert _close(net.contract(dg.born_arrays(cores)), brute, n=3**4)


@pytest.mark.parametrize("T", [1, 2, 3])
def test_grid_recursion_diagram_is_the_grid_for_xi_product_only(T):
    rng = np.random.default_rng(T)
    net = random_generalized_rnn(3, T, 2, "product", rng)
    F = rng.standard_normal((3, 3))
    diagram = dg.grid_recursion_network(net)
    assert diagram.open_legs == tuple(f"m{t}" for t in range(1, T + 1))
    assert diagram.kind_count("xi") == T
    assert _close(
        diagram.contract(dg.grid_arrays(net, F), xi="product"), grid_tensor(net, F), n=8 * T
    )
    relu = random_generalized_rnn(3, T, 2, "relu", rng)
    with pytest.raises(UsageError, match="multilinear only"):
        dg.grid_recursion_network(relu).contract(dg.grid_arrays(relu), xi="relu")


def test_network_validation_errors():
    N = dg.Node
    with pytest.raises(ShapeError, match="at most two"):
        dg.Network((N("a", ("i",), (0, 0)), N("b", ("i",), (1, 0)), N("c", ("i",), (2, 0))))
    with pytest.raises(ShapeError, match="open_legs"):
        dg.Network((N("a", ("i", "j"), (0, 0)),), open_legs=("i",))
    with pytest.raises(UsageError, match="kind"):
        dg.Network((N("a", ("i",), (0, 0), "blob"),), open_legs=("i",))
    net = dg.Network(
        (N("a", ("i", "j"), (0, 0)), N("b", ("j",), (1, 0), "vector")), open_legs=("i",)
    )
    with pytest.raises(ShapeError, match="dimension"):
        net.contract({"a": np.ones((2, 3)), "b": np.ones(4)})
    with pytest.raises(UsageError, match="no array"):
        net.contract({"a": np.ones((2, 3))})
    assert np.array_equal(net.contract({"a": np.eye(2, 3), "b": np.arange(3.0)}), [0.0, 1.0])
    with pytest.raises(UsageError, match="family"):
        dg.cell_core_network("lstm")
    with pytest.raises(UsageError, match="TT core"):
        dg.cell_core_arrays(SecondOrderRNN(np.ones((3, 2, 2)), bias=np.ones(2)))
    with pytest.raises(ShapeError):
        dg.tensor_train_network((2, 3, 1))


def test_drawings_render_with_the_promised_shapes(tmp_path):
    from matplotlib.figure import Figure
    from matplotlib.patches import RegularPolygon

    fig = dg.draw_cell_core("rac")
    assert isinstance(fig, Figure)
    triangles = [
        p for p in fig.axes[0].patches if isinstance(p, RegularPolygon) and p.numvertices == 3
    ]
    assert len(triangles) == 1
    assert len(dg.draw_cell_cores().axes) == 5
    cell = RAC(np.ones((2, 3)), np.eye(2), dtype=torch.float64)
    assert isinstance(dg.draw_cell_core(cell), Figure)
    path = dg.save_figure(dg.draw_tensor_train(3), tmp_path / "tt.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_module_main_writes_every_tutorial_diagram(tmp_path):
    assert dg.main([str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(dg.TUTORIAL_DIAGRAMS)
    assert dg.main([]) == 2


def test_module_main_reports_an_unwritable_directory_in_one_line(tmp_path):
    import subprocess
    import sys

    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    for target in (str(blocker / "img"), "/proc/nope"):
        proc = subprocess.run(
            [sys.executable, "-m", "tnverify.teaching.diagrams", target],
            capture_output=True,
            text=True,
        )
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 2 and len(lines) == 1, proc.stderr
        assert "Traceback" not in proc.stderr and target in lines[0]


def test_all_lists_the_builders_the_tutorial_uses():
    for name in (
        "feature_tensor_network",
        "cell_core_arrays",
        "tensor_train_network",
        "born_z_network",
        "grid_recursion_network",
    ):
        assert name in dg.__all__ and callable(getattr(dg, name)) and name in dir(dg)
    namespace: dict = {}
    exec("from tnverify.teaching.diagrams import *", namespace)
    assert set(dg.__all__) <= set(namespace)


def test_the_package_has_no_import_circle_and_small_modules():
    """tnverify.teaching.diagrams: each module imports only the ones before it (network, drawing,
    builders, tutorial), and none is over ~400 lines (the layout test's size rule)."""
    import ast
    from pathlib import Path

    order = ["network", "drawing", "builders", "tutorial"]
    folder = Path(dg.__file__).parent
    for k, name in enumerate(order):
        source = (folder / f"{name}.py").read_text(encoding="utf-8")
        assert len(source.splitlines()) <= 400, name
        siblings = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                siblings |= {node.module} if node.module else {a.name for a in node.names}
        assert siblings <= set(order[:k]), (name, siblings)


def test_module_main_help_teaches_and_writes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert dg.main(["--help"]) == 0
    assert "OUTDIR" in capsys.readouterr().out
    assert dg.main(["-x"]) == 2  # an option is not a directory name
    assert list(tmp_path.iterdir()) == []
