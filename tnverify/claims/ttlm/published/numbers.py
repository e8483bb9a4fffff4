"""Published numbers of ttlm: Table 1 parameter counts (from Table 2's
shapes, instantiated as torch modules on the meta device and counted by ``numel``),
the §1 perplexity deltas, Table 2's second-order row and the §6.1 data statistics.

No training data or runs are available offline: these checks cover arithmetic and
internal consistency (the claims catalogue rule 6).
"""

from __future__ import annotations

import itertools  # noqa: F401 - a name of the old module tnverify.claims.ttlm.published_numbers
import math

from ....errors import ClaimError
from ... import Evidence
from ...compare import compare_ints
from ...printed_numbers import judge_printed
from ...registration import claim, corrected_pair, refs
from . import readings as PR

__all__ = ["READINGS", "table2_module", "count_params", "vocab_range", "PRINTED_PARAMS"]

from .counting import MODELS, PRINTED_PARAMS, READINGS, reading_name, table2_shapes  # noqa: F401


def table2_module(model, vocab_size, R=20, E=400, H=20, reading=READINGS[0]):
    """A torch module on the meta device holding Table 2's parameters for ``model``;
    a tied pair is one shared ``nn.Parameter`` (reading ``tie once``) or two."""
    import torch
    from torch import nn

    shapes, ties = table2_shapes(model, vocab_size, R, E, H, reading)
    mod = nn.Module()
    for name, shape in shapes.items():
        if name in ties and reading["tie"] == "once" or name == "G_1" and name in ties:
            p = getattr(mod, ties[name])
            if p.numel() != math.prod(shape):
                raise ClaimError(f"tied {name} {shape} and {ties[name]} differ in size")
        else:
            p = nn.Parameter(torch.empty(shape, device="meta"))
        mod.register_parameter(name, p)
    return mod


def count_params(model, vocab_size, R=20, E=400, H=20, reading=READINGS[0]) -> int:
    """``Σ numel`` over the module's distinct parameters (torch dedups shared ones)."""
    return sum(p.numel() for p in table2_module(model, vocab_size, R, E, H, reading).parameters())


def vocab_range(model, printed_01M, reading, R=20, E=400, H=20):
    """The ``|V|`` whose count rounds to ``printed_01M`` × 0.1M (count is affine in |V|)."""
    c1, c2 = (count_params(model, v, R, E, H, reading) for v in (1, 2))
    a, b = c2 - c1, c1 - (c2 - c1)
    lo = math.ceil((printed_01M * 100_000 - 50_000 - b) / a)
    hi = math.floor((printed_01M * 100_000 + 50_000 - 1 - b) / a)
    return [lo, hi]


def _round01M(n: int) -> int:
    return (n + 50_000) // 100_000


def count_affine(model, reading, R=20, E=400, H=20):
    """``(a, b)`` with ``count(|V|) = a·|V| + b`` (every Table 2 count is affine in |V|)."""
    c1, c2 = (count_params(model, v, R, E, H, reading) for v in (1, 2))
    return c2 - c1, 2 * c1 - c2


def _judge_count(model, dataset, vocab_printed, rd, printed=None):
    """Table 1's printed count (in M, one decimal) against Table 2's count at the printed
    vocabulary size, judged at the printed precision of both."""
    a, b = count_affine(model, rd)
    printed = printed or f"{PRINTED_PARAMS[dataset][model] / 10:.1f}"
    ev = judge_printed(
        f"{model}: Table 2 count {a:,}·|V| + {b:,} (H = R = 20, E = 400) at "
        f"|V| = {vocab_printed} (in M) vs Table 1's "
        f"{printed}M",
        printed,
        lambda v: (a * v + b) / 1e6,
        [vocab_printed],
        input_names=["|V|"],
    )
    ev.details.update(
        count=a * int(vocab_printed.replace(",", "")) + b,
        vocab_range=vocab_range(model, PRINTED_PARAMS[dataset][model], rd),
    )
    return ev


#: The printed vocabulary sizes: PTB "10,000" and WikiText-2 "33,278" (tslm Table 1;
#: ttlm §6.1 prints "10k" and "over 30,000").
VOCAB_PRINTED = {"ptb": "10000", "wt2": "33278"}


def _small_table1(params, rng, dataset):
    vocab = params.get("vocab_printed", VOCAB_PRINTED[dataset])
    readings = {}
    for rd in READINGS:
        parts, ranges = {}, {}
        for model in MODELS:
            ev = _judge_count(model, dataset, vocab, rd)
            ranges[model] = ev.details["vocab_range"]
            parts[model] = ev
        lo = max(r[0] for r in ranges.values())
        hi = min(r[1] for r in ranges.values())
        readings[reading_name(rd)] = Evidence(
            f"Table 2 counts at |V| = {vocab} vs Table 1 ({dataset})",
            parts=parts,
            details={"common_vocab_range": [lo, hi] if lo <= hi else None},
        )
    return Evidence(
        f"parameter counts of Table 1 ({dataset}) under each counting reading",
        readings=readings,
        sizes={"vocab_size": int(vocab), "R": 20, "H": 20, "E": 400},
    )


claim(
    "ttlm-table1-ptb-params",
    "Table 1 PTB parameter counts",
    (
        "Table 1, PTB Params: Vanilla-RNNs 4.0M, Second-order RNNs 4.2M, RACs 4.0M, MI-RNNs "
        "4.0M, TTLM 4.2M, TTLM-Tiny 4.0M, TTLM-Large 4.2M. Hidden (Rank) 20; Embed Size 400. "
        '(Table 2 shapes, caption "We set H = R and E = R²", App. C ties and G^{(1)} ∈ '
        "ℝ^{1×R}, App. A G^{(1)} = G^{(t)}.)"
    ),
    refs("ttlm", "§6, Table 1 (PTB Params)", "ttlm", "App. C, Table 2", "ttlm", "App. A"),
    lambda p, rng: _small_table1(p, rng, "ptb"),
    topic="tt-language-models",
    space=({"vocab_size": 10_000},),
    readings=PR.table1_readings(READINGS, reading_name),
    defect=PR.PTB_DEFECT,
    remarks=PR.PTB_REMARKS,
    expected="fails",
)

claim(
    "ttlm-table1-wt2-params",
    "Table 1 WikiText-2 parameter counts",
    (
        "Table 1, WikiText-2 Params: Vanilla-RNNs 11.6M, Second-order RNNs 11.8M, RACs 11.6M, "
        "MI-RNNs 11.6M, TTLM 12.2M, TTLM-Tiny 11.6M, TTLM-Large 11.8M. Hidden (Rank) 20; Embed "
        'Size 400. §6.1: WikiText-2 has "a vocabulary of over 30,000 words".'
    ),
    refs(
        "ttlm",
        "§6, Table 1 (WikiText-2 Params)",
        "ttlm",
        "§6.1",
        "tslm",
        "§6, Table 1 (|V| = 33,278)",
    ),
    lambda p, rng: _small_table1(p, rng, "wt2"),
    topic="tt-language-models",
    space=({"vocab_size": 33_278}, {"vocab_size": 30_001, "vocab_printed": "30001"}),
    readings=PR.table1_readings(READINGS, reading_name),
    defect=PR.WT2_DEFECT,
    remarks=PR.WT2_REMARKS,
    expected="fails",
    uses=("ttlm-table1-ptb-params",),
)


# -- ttlm-sec1-ppl-deltas ------------------------------------------------------------
def _small_ppl(params, rng):
    ppl = {
        "wt2": {"Vanilla": "96.6", "Tiny": "94.9", "Large": "82.3"},
        "ptb": {"Vanilla": "115.3", "Tiny": "106.8", "Large": "99.3"},
    }
    stated = {
        ("Large", "wt2"): "14.3",
        ("Large", "ptb"): "16.0",
        ("Tiny", "wt2"): "1.7",
        ("Tiny", "ptb"): "8.5",
    }
    readings = {}
    for name, fn in (
        ("absolute", lambda v, m: v - m),
        ("relative %", lambda v, m: 100 * (v - m) / v),
    ):
        parts = {}
        for (model, ds), s in stated.items():
            parts[f"TTLM-{model} {ds}"] = judge_printed(
                f"Vanilla − TTLM-{model} on {ds} ({name}) vs the stated {s}",
                s,
                fn,
                [ppl[ds]["Vanilla"], ppl[ds][model]],
            )
        readings[name] = Evidence(f"§1 reductions read as {name} PPL differences", parts=parts)
    return Evidence("§1 perplexity reductions vs Table 1", readings=readings)


claim(
    "ttlm-sec1-ppl-deltas",
    "§1 perplexity reductions vs Table 1",
    (
        '"Compared to Vanilla-RNNs on WikiText-2 and PTB datasets, TTLM-Large reduces '
        "perplexity by 14.3 and 16.0, respectively, and TTLM-Tiny reduces perplexity by 1.7 and "
        '8.5, respectively." Table 1 PPL (WikiText-2 / PTB): Vanilla-RNNs 96.6 / 115.3; '
        "TTLM-Tiny 94.9 / 106.8; TTLM-Large 82.3 / 99.3."
    ),
    refs("ttlm", "§1, contribution 3", "ttlm", "Table 1 (PPL)"),
    _small_ppl,
    topic="tt-language-models",
    readings=PR.PPL,
)


# -- ttlm-table2-second-order ---------------------------------------------------------
def _small_second_order(params, rng, corrected=False):
    E, H = 400, 20
    rd = {
        "tie": "once",
        "g1": "tied",
        "T": "ExHxH" if corrected else "HxHxH",
        "row": "corrected" if corrected else "printed",
    }
    shapes = dict(table2_shapes("Second-order RNNs", 1, H, E, H, rd)[0])
    app_c = {"W_eh": [E, H], "W_hh": [H, H]}  # App. C's definitions of the names
    # the count first: the T-shape edit is the defect's own, the W^hh name an ambiguity
    parts = {"(i) PTB count": _judge_count("Second-order RNNs", "ptb", VOCAB_PRINTED["ptb"], rd)}
    for name in ("W_eh", "W_hh"):
        if name in shapes:
            parts[f"(ii) {name} as App. C defines it"] = compare_ints(
                f"shape of the row's {name} vs App. C's {name} ∈ ℝ^{tuple(app_c[name])}",
                list(shapes[name]),
                app_c[name],
            )
    return Evidence(
        "Table 2 second-order row: names vs App. C, PTB count vs Table 1",
        parts=parts,
        sizes={"E": E, "H": H},
    )


corrected_pair(
    "ttlm-table2-second-order",
    common=dict(
        topic="tt-language-models",
        refs=refs("ttlm", "App. C, Table 2 (Second-order RNNs)", "ttlm", "Table 1"),
        uses=("ttlm-table1-ptb-params",),
    ),
    printed=dict(
        title="Table 2 second-order RNN row",
        statement=(
            'Second-order RNNs row: "W^{xe} ∈ ℝ^{E×|V|}, T ∈ ℝ^{H×H×H}, W^{hh} ∈ '
            'ℝ^{E×H}, P ∈ ℝ^{H×E}, V ∈ ℝ^{E×|V|}". Caption: "… We set H = R and E = R² '
            "…\". The row's names and shapes are read with App. C's definitions of "
            "W^{eh} and W^{hh} (quoted by the readings)."
        ),
        small=_small_second_order,
        expected="fails",
        readings=PR.SECOND_ORDER,
        defect=PR.SECOND_ORDER_DEFECT,
    ),
    corrected=dict(
        title="Table 2 second-order row with W^eh ∈ ℝ^(E×H), T ∈ ℝ^(E×H×H)",
        statement=(
            'Corrected (the edit): Second-order RNNs row "W^{xe} ∈ ℝ^{E×|V|}, T ∈ '
            'ℝ^{E×H×H}, W^{eh} ∈ ℝ^{E×H}, P ∈ ℝ^{H×E}, V ∈ ℝ^{E×|V|}" (V tied to W^{xe}); '
            "its count at |V| = 10,000 is Table 1's PTB 4.2M."
        ),
        small=lambda p, rng: _small_second_order(p, rng, True),
        expected="holds",
        readings=tuple(r for r in PR.SECOND_ORDER if r.admissible),
    ),
)


# -- ttlm-sec6.1-wt2-stats --------------------------------------------------------------
#: tslm Table 1 token counts (train, valid, test) and vocabularies
TSLM_TABLE1 = {
    "ptb": ((929_590, 73_761, 82_431), 10_000),
    "wt2": ((2_088_628, 217_646, 245_569), 33_278),
}
STATED_K = {"ptb": (929, 73, 82), "wt2": (2088, 217, 45)}
_DATASET_NAMES = {"ptb": "PTB", "wt2": "WikiText-2"}
_CONVENTIONS = {
    "k = floor(count/1000)": lambda c, k: k * 1000 <= c < (k + 1) * 1000,
    "k = round(count/1000)": lambda c, k: abs(c - k * 1000) <= 500,
}


def _k_evidence(label, c, k, rule):
    """``c`` printed as ``k``k under ``rule``; control: ``k`` moved one unit away from c."""
    k_wrong = k - 1 if c >= k * 1000 else k + 1
    ok = rule(c, k)
    return Evidence(
        f"{label}: {c:,} printed as {k}k",
        passed=ok,
        details={"count": c, "printed_k": k},
        counterexample=None if ok else {"count": c, "printed": f"{k}k"},
        control=Evidence(
            f"control ({k_wrong}k, one unit away) of: {label}", passed=rule(c, k_wrong)
        ),
    )


def _small_stats(params, rng, corrected=False):
    stated = dict(STATED_K)
    if corrected:
        stated["wt2"] = (2088, 217, 245)
    readings = {}
    for name, rule in _CONVENTIONS.items():
        parts = {}
        for ds, (counts, _) in TSLM_TABLE1.items():
            for split, c, k in zip(("training", "validation", "test"), counts, stated[ds]):
                label = f"{_DATASET_NAMES[ds]} {split}"
                parts[label] = _k_evidence(label, c, k, rule)
        parts["ptb vocabulary 10k"] = _k_evidence("ptb vocabulary", TSLM_TABLE1["ptb"][1], 10, rule)
        v = TSLM_TABLE1["wt2"][1]
        parts["wt2 vocabulary over 30,000"] = Evidence(
            f"{v:,} > 30,000",
            passed=v > 30_000,
            control=Evidence(
                "control (the PTB vocabulary, 10,000) of: over 30,000",
                passed=TSLM_TABLE1["ptb"][1] > 30_000,
            ),
        )
        readings[name] = Evidence(f"§6.1 vs Merity et al. (2016), Table 1 ({name})", parts=parts)
    return Evidence("§6.1 data statistics vs Merity et al. (2016), Table 1", readings=readings)


_STATS = (
    '"English Penn Treebank (PTB), which consists of 929k training words, 73k validation '
    "words, and 82k test words. It has 10k words in its vocabulary … The WikiText-2 "
    "dataset … consists of 2088k training words, 217k validation words, 45k test words, "
    'and a vocabulary of over 30,000 words."'
)
corrected_pair(
    "ttlm-sec6.1-wt2-stats",
    common=dict(
        topic="tt-language-models", refs=refs("ttlm", "§6.1", "thesis", "§6.2.1", "tslm", "Table 1")
    ),
    printed=dict(
        title="§6.1 PTB / WikiText-2 statistics",
        statement=_STATS,
        small=_small_stats,
        expected="fails",
        readings=PR.STATS,
        defect=PR.STATS_DEFECT,
        remarks=PR.STATS_REMARKS,
    ),
    corrected=dict(
        title="§6.1 statistics with 245k WikiText-2 test words",
        statement=_STATS + ' [Corrected (the edit): "245k test words".]',
        small=lambda p, rng: _small_stats(p, rng, True),
        expected="holds",
        readings=PR.STATS,
    ),
)
