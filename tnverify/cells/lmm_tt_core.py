"""The LMM of thesis §5.4.1 (:class:`tnverify.cells.lmm.LMM`) as a TTLM: its diagonal
core (thesis §5.4.1; Claim 5.3.2 with ``A = Λ``, ``B = Γ``).
"""

from __future__ import annotations

import numpy as np
import torch

from ..errors import ShapeError
from ..validation import as_array, as_tensor, check_entries

__all__ = ["lmm_to_tt_core"]


def lmm_to_tt_core(lam, gam):
    """The LMM as a TTLM: the diagonal core ``G ∈ ℂ^{H×H×H}`` (TT view ``(R, N, R)``,
    ``N = H``) with ``G[p, i, o] = δ_{po} δ_{io} λ_o γ_o``, so that the TT step
    ``h'_o = Σ_{p,i} h_p G[p,i,o] x_i`` is Eq. 5.20 (thesis §5.4.1; Claim 5.3.2 with
    ``A = Λ``, ``B = Γ``: ``G_{pio} = B_{oi} A_{op}``).

    Inputs: ``lam, gam (H,)`` (numpy or torch).  Outputs: ``(H, H, H)`` of the same kind.
    """
    if isinstance(lam, torch.Tensor) or isinstance(gam, torch.Tensor):
        lam = as_tensor(lam, "lam", ndim=1, detach=False)
        gam = as_tensor(gam, "gam", ndim=1, detach=False)
        if lam.shape != gam.shape:
            raise ShapeError(
                f"lam, gam must be (H,) alike; got {tuple(lam.shape)}, {tuple(gam.shape)}"
            )
        check_entries(
            (lam.shape[0],),
            repeat=3,
            what="LMM TT core (H, H, H)",
            route="use the diagonals lam * gam directly (the core is diagonal)",
        )
        eye = torch.eye(lam.shape[0], dtype=lam.dtype, device=lam.device)
        return torch.einsum("po,io,o->pio", eye, eye, lam * gam)
    lam = as_array(lam, "lam", complex_ok=True, ndim=1)
    gam = as_array(gam, "gam", complex_ok=True, ndim=1)
    if lam.shape != gam.shape:
        raise ShapeError(f"lam, gam must be (H,) alike; got {lam.shape}, {gam.shape}")
    check_entries(
        (lam.shape[0],),
        repeat=3,
        what="LMM TT core (H, H, H)",
        dtype=np.complex128,
        route="use the diagonals lam * gam directly (the core is diagonal)",
    )
    eye = np.eye(lam.shape[0])
    return np.einsum("po,io,o->pio", eye, eye, lam * gam)
