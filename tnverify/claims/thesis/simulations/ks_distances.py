"""Kolmogorov–Smirnov checks of thesis §6.4.1, Fig. 6.8 (claim ``thesis-fig-6.8-ks``,
registered in :mod:`.hidden_states`): the distance between the laws of the products of
four real and of four complex normals, exact (:mod:`tnverify.lru.products`) and sampled.
The kurtosis and tail checks and the shared levels are in :mod:`.normal_products`."""

from __future__ import annotations

import math

import numpy as np

from ....lru import products as P
from ... import Evidence
from ...monte_carlo import ks_2samp, test_evidence
from .normal_products import KS_ALPHA


def _ks_distance(reading: str, zscore: bool) -> float:
    """sup_k |P(|real| > k) − P(|complex| > k)| / 2 from bracket midpoints: the KS distance
    of the two symmetric laws (F(x) = ½ ± P(|X| ≤ |x|)/2), on a grid of k."""
    ks = np.geomspace(1e-3, 100, 400)
    return float(
        max(
            abs(
                np.mean(P.tail_bounds("real", k, reading, zscore=zscore))
                - np.mean(P.tail_bounds("complex", k, reading, zscore=zscore))
            )
            for k in ks
        )
        / 2
    )


def _null_control(results):
    """The null control's TestResult from two independent null pairs: the one that does
    not reject if there is one (the control rejects only when both do)."""
    keep = [r for r in results if not r.reject]
    return keep[0] if keep else max(results, key=lambda r: r.p_value)


def _ks_parts(real, cx, reading: str, n: int, real2, real3) -> dict:
    """KS of the real product vs Re(complex product); control: the same test on two
    independent samples of the real product (the null), which must not reject."""
    parts = {}
    # z-scores by the exact σ (mean 0): sample σ of these heavy-tailed products varies by
    # ~1 % at n = 10⁵, which a KS test of two z-scored null samples already detects
    sr = math.sqrt(float(P.moment("real", 2, reading)))
    sc = math.sqrt(float(P.moment("complex", 2, reading)))
    for label, zscore in (("raw", False), ("z-scored", True)):
        z = lambda x, s: x / s if zscore else x
        res = ks_2samp(z(real, sr), z(cx, sc), alpha=KS_ALPHA)
        ctrl = _null_control(
            [
                ks_2samp(z(real, sr), z(real2, sr), alpha=KS_ALPHA),
                ks_2samp(z(real, sr), z(real3, sr), alpha=KS_ALPHA),
            ]
        )
        D = _ks_distance(reading, zscore)
        crit = float(math.sqrt(-0.5 * math.log(KS_ALPHA / 2)) * math.sqrt(2 / n))
        parts[f"KS {label}"] = test_evidence(
            f"two-sample KS, {label}: real product vs Re(complex product), expect reject",
            res,
            expect_reject=True,
            details={"exact_ks_distance": D, "asymptotic_critical_D": crit},
            control=ctrl,
            control_label="two independent null pairs of real-product samples "
            "(rejects only if both reject)",
        )
    return parts


def small_ks(params, rng):
    n = params["samples"]
    readings = {}
    for reading in ("a", "b"):
        seed = int(rng.integers(2**62))
        g = np.random.default_rng(seed)
        real, cx = P.sample("real", n, g), P.sample("complex", n, g, reading)
        real2, real3 = P.sample("real", n, g), P.sample("real", n, g)
        readings[reading] = Evidence(
            f"reading ({reading}), numpy seed {seed}",
            parts=_ks_parts(real, cx, reading, n, real2, real3),
        )
    return Evidence(
        "two-sample KS of the real product vs Re(complex product), raw and z-scored",
        readings=readings,
        sizes={"samples": n},
        details={"alpha": KS_ALPHA},
    )


def scaled_ks(params, device, rng):
    """Torch draws on ``device``; KS statistic by a sorted merge on the device; p-value
    from the asymptotic Kolmogorov law (scipy.special.kolmogorov)."""
    import torch
    from scipy.special import kolmogorov

    n = params["samples"]
    seed = int(rng.integers(2**62))
    gen = torch.Generator(device).manual_seed(seed)
    readings = {}
    for reading in ("a", "b"):
        real = P.sample_torch("real", n, gen, device=device)
        cx = P.sample_torch("complex", n, gen, reading=reading, device=device)
        real2 = P.sample_torch("real", n, gen, device=device)
        real3 = P.sample_torch("real", n, gen, device=device)
        parts = {}
        from ...monte_carlo import TestResult

        def ks(a, b, alpha=KS_ALPHA):
            vals, order = torch.sort(torch.cat([a, b]))
            step = torch.where(order < n, 1.0 / n, -1.0 / n).to(torch.float64)
            D = float(step.cumsum(0).abs().max())
            p = float(kolmogorov(math.sqrt(n / 2) * D))
            return TestResult(
                "two-sample KS (torch sorted merge, asymptotic p)",
                D,
                p,
                alpha,
                2 * n,
                p < alpha,
                f"reject H0 when p < α = {alpha:g} (n = {2 * n})",
            )

        sr = math.sqrt(float(P.moment("real", 2, reading)))
        sc = math.sqrt(float(P.moment("complex", 2, reading)))
        for label, zscore in (("raw", False), ("z-scored", True)):
            z = lambda x, s: x / s if zscore else x
            parts[f"KS {label}"] = test_evidence(
                f"torch KS {label} (z-scored by the exact σ)",
                ks(z(real, sr), z(cx, sc)),
                expect_reject=True,
                control=_null_control(
                    [ks(z(real, sr), z(real2, sr)), ks(z(real, sr), z(real3, sr))]
                ),
                control_label="two independent null pairs of real-product samples "
                "(rejects only if both reject)",
            )
        readings[reading] = Evidence(f"reading ({reading})", parts=parts)
        del real, cx, real2, real3
    return Evidence(
        "two-sample KS at scale (torch)",
        readings=readings,
        sizes={"samples": n, "device": device},
        details={"torch_seed": seed},
    )
