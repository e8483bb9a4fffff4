"""Claims about the definition of unfoldings (thesis §3.1.2): ``thesis-def-3.1.3`` (the
reshape and its multi-index).  Definition sides use explicit float64 tensors; scaled
sides use torch (C order) against numpy's Fortran order."""

from __future__ import annotations

import math

import numpy as np

from ....ranks.matricize import numerical_rank, tt_unfolding
from ... import Evidence, Reading
from ...compare import compare_ints, compare_values
from ...registration import claim, refs

STATEMENTS = {
    "thesis-def-3.1.3": "The reshape of a tensor 𝐀 ∈ ℝ^{I₁×I₂×⋯×I_L}, denoted here as 𝐀_{[k]}, is a (I₁I₂⋯I_k) by (I_{k+1}I_{k+2}⋯I_L) matrix, whose elements are taken column-wise from 𝐀, that is: (𝐀_{[k]})_{\\overline{i₁⋯i_k, i_{k+1}⋯i_L}} = 𝐀_{i₁,…,i_k,i_{k+1},…,i_L} (3.1), where the multi-index \\overline{i₁⋯i_L} is defined as: \\overline{i₁⋯i_L} = i₁ + (i₂ − 1)I₁ + ⋯ + (i_L − 1)I₁⋯I_{L−1}.",  # noqa: E501
}


# ======================================================================= thesis-def-3.1.3
def _printed_multi_index(i1based, dims) -> int:
    """\\overline{i₁⋯i_L} = i₁ + (i₂ − 1)I₁ + ⋯ + (i_L − 1)I₁⋯I_{L−1} (1-based), as printed."""
    total, stride = int(i1based[0]), 1
    for j in range(1, len(dims)):
        stride *= int(dims[j - 1])
        total += (int(i1based[j]) - 1) * stride
    return total


def _printed_reshape(a: np.ndarray, k: int, reading: str) -> np.ndarray:
    """𝐀_[k] built entry by entry from Eq. 3.1 (1-based multi-indices).

    Reading ``"a"``: row = \\overline{i₁⋯i_k} over (I₁..I_k), column =
    \\overline{i_{k+1}⋯i_L} over (I_{k+1}..I_L).  Reading ``"b"``: the single multi-index
    \\overline{i₁⋯i_L} is the position of the entry when the matrix is read column-wise.
    """
    dims = a.shape
    p, q = math.prod(dims[:k]), math.prod(dims[k:])
    out = np.full((p, q), np.nan)
    for idx in np.ndindex(*dims):
        one = [i + 1 for i in idx]
        if reading == "a":
            row, col = (
                _printed_multi_index(one[:k], dims[:k]),
                _printed_multi_index(one[k:], dims[k:]),
            )
        else:
            lin = _printed_multi_index(one, dims) - 1
            row, col = lin % p + 1, lin // p + 1
        out[row - 1, col - 1] = a[idx]
    return out


def _fortran_via_c(a: np.ndarray, k: int) -> np.ndarray:
    """The toolkit's mapping: A_[k] (Fortran) = tt_unfolding(A with each group's modes reversed, k)."""
    d = a.ndim
    perm = tuple(range(k - 1, -1, -1)) + tuple(range(d - 1, k - 1, -1))
    return tt_unfolding(np.transpose(a, perm), k)


def _small_def_3_1_3(params, rng):
    """Eq. 3.1 entry by entry under readings (a) and (b) (one mathematics) against numpy's
    column-major reshape and the toolkit's C-order unfold of the group-reversed tensor;
    the C-order (row-major) reading, ruled out by "taken column-wise", is evaluated too.
    Controls: the row-major reshape (for the printed formula) and the unfold without the
    group reversal (for the toolkit mapping)."""
    shape = tuple(params["shape"])
    # distinct entries, so that any mismatch of positions shows as a value difference
    a = rng.permutation(math.prod(shape)).reshape(shape).astype(np.float64)
    readings = {}
    for reading in ("a", "b"):
        parts = {}
        for k in range(1, len(shape)):
            printed = _printed_reshape(a, k, reading)
            f, c = a.reshape(printed.shape, order="F"), tt_unfolding(a, k)
            parts[f"k={k}: printed vs reshape(order='F')"] = Evidence(
                "printed Eq. 3.1 vs numpy reshape order='F'",
                passed=bool(np.array_equal(printed, f)),
                control=Evidence(
                    "control (row-major reshape, order='C') of: printed Eq. 3.1 vs "
                    "the column-major reshape",
                    passed=bool(np.array_equal(printed, a.reshape(printed.shape))),
                ),
            )
            parts[f"k={k}: reshape(order='F') vs tt_unfolding(reversed groups) (C order)"] = (
                Evidence(
                    "Fortran unfolding vs the toolkit's C-order unfold of the group-reversed tensor",
                    passed=bool(np.array_equal(f, _fortran_via_c(a, k))),
                    control=Evidence(
                        "control (unfold without reversing the groups) of: Fortran "
                        "unfolding vs the toolkit's mapping",
                        passed=bool(np.array_equal(f, c)),
                    ),
                )
            )
            parts[f"k={k}: rank F == rank C"] = compare_ints(
                "numerical rank of the F- and C-order unfoldings",
                [int(numerical_rank(f))],
                [int(numerical_rank(c))],
            )
        readings[reading] = Evidence(
            "Eq. 3.1 entry by entry, every k", parts=parts, sizes={"shape": shape}
        )
    # distinct integer entries: exact comparison (n = 1)
    row_major = {
        f"k={k}": compare_values(
            "row-major (C order) reshape vs printed Eq. 3.1 (reading a)",
            a.reshape(math.prod(shape[:k]), -1),
            _printed_reshape(a, k, "a"),
            n=1,
            scale=float(np.abs(a).max()),
        )
        for k in range(1, len(shape))
    }
    readings["C order"] = Evidence("reading: elements taken row-wise (C order)", parts=row_major)
    return Evidence(
        "printed reshape (Eq. 3.1) vs Fortran and C order, every k",
        readings=readings,
        sizes={"shape": shape},
        details={
            "mapping": "A_[k] (thesis, Fortran) = tt_unfolding(transpose(A, "
            "(k-1..0, d-1..k)), k) (toolkit, C order)"
        },
    )


def _scaled_def_3_1_3(params, device, rng):
    import torch

    shape = tuple(params["shape"])
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    a = torch.randn(shape, generator=g, device=device, dtype=torch.float64)
    a_np, d, parts = a.cpu().numpy(), len(shape), {}
    for k in range(1, d):
        perm = tuple(range(k - 1, -1, -1)) + tuple(range(d - 1, k - 1, -1))
        t = a.permute(perm).reshape(math.prod(shape[:k]), -1).cpu().numpy()
        parts[f"k={k}"] = Evidence(
            "torch permute+reshape vs numpy reshape order='F'",
            passed=bool(np.array_equal(t, a_np.reshape(t.shape, order="F"))),
            control=Evidence(
                "control (torch reshape without the permute) of: torch "
                "permute+reshape vs numpy order='F'",
                passed=bool(
                    np.array_equal(
                        a.reshape(t.shape).cpu().numpy(), a_np.reshape(t.shape, order="F")
                    )
                ),
            ),
        )
    return Evidence(
        "Fortran unfoldings through torch (C order) vs numpy order='F'",
        parts=parts,
        sizes={"shape": shape, "device": device},
    )


claim(
    "thesis-def-3.1.3",
    "The reshape A_[k] and its multi-index",
    STATEMENTS["thesis-def-3.1.3"],
    refs("thesis", "§3.1.2, Def. 3.1.3 (Eq. 3.1)"),
    _small_def_3_1_3,
    topic="tensor-trains",
    space=({"shape": (2, 3, 4)}, {"shape": (2, 3, 4, 5)}, {"shape": (3, 2, 2, 3, 2)}),
    scaled=_scaled_def_3_1_3,
    scaled_space={"small": ({"shape": (4,) * 6},), "large": ({"shape": (16,) * 6},)},
    pinned=({"params": {"shape": (2, 3, 4, 5)}, "seed": 0, "note": "the shape of the check"},),
    proof="proofs/spine_tt_svd.py::prove_thesis_def_3_1_3",
    readings=(
        Reading(
            "a",
            "the comma separates a row multi-index over (I₁..I_k) and a column "
            "multi-index over (I_{k+1}..I_L)",
            quote="is a (I₁I₂⋯I_k) by (I_{k+1}I_{k+2}⋯I_L) matrix",
            where="§3.1.2, Def. 3.1.3",
        ),
        Reading(
            "b",
            "one multi-index over all L modes, read as the column-wise (column-major) "
            "position of the entry in the (I₁⋯I_k) × (I_{k+1}⋯I_L) matrix (the same "
            "matrix as (a): row + (col − 1)·I₁⋯I_k = \\overline{i₁⋯i_L})",
            quote="whose elements are taken column-wise from 𝐀",
            where="§3.1.2, Def. 3.1.3",
        ),
        Reading(
            "C order",
            "elements taken row-wise (C order, i_L fastest)",
            admissible=False,
            quote="whose elements are taken column-wise from 𝐀; \\overline{i₁⋯i_L} = i₁ + "
            "(i₂ − 1)I₁ + ⋯",
            where="§3.1.2, Def. 3.1.3 and the multi-index formula (i₁ varies fastest)",
        ),
    ),
    remarks=(
        "Notation, not an erratum: one overline spans the row and column groups in (𝐀_{[k]})_{\\overline"
        "{i₁⋯i_k, i_{k+1}⋯i_L}}; two overlines (row, column) are meant.",
    ),
    expected="holds",
)


# ======================================================================= thesis-thm-3.2.1
