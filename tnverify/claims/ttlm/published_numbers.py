"""Published numbers of seed 000 (ttlm): Table 1 parameter counts (from Table 2's
shapes, instantiated as torch modules on the meta device and counted by ``numel``),
the §1 perplexity deltas, Table 2's second-order row and the §6.1 data statistics.

No training data or runs are available offline: these checks cover arithmetic and
internal consistency (CLAIMS.md rule 6).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from .. import Evidence
from ..registration import claim, refs
from ...errors import ClaimError
from ..compare import compare_ints

__all__ = ["READINGS", "table2_module", "count_params", "vocab_range", "PRINTED_PARAMS"]

MODELS = ("Vanilla-RNNs", "Second-order RNNs", "RACs", "MI-RNNs", "TTLM", "TTLM-Tiny",
          "TTLM-Large")
#: Table 1 "Params" in units of 0.1M (PTB, WikiText-2).
PRINTED_PARAMS = {"ptb": dict(zip(MODELS, (40, 42, 40, 40, 42, 40, 42))),
                  "wt2": dict(zip(MODELS, (116, 118, 116, 116, 122, 116, 118)))}
#: counting readings of CLAIMS.md: tied pairs, G^(1), second-order T
READINGS = tuple({"tie": a, "g1": b, "T": c} for a, b, c in itertools.product(
    ("once", "twice"), ("1xR", "separate", "tied"), ("HxHxH", "ExHxH")))


def reading_name(rd: dict) -> str:
    return f"tie {rd['tie']}, G1 {rd['g1']}, T {rd['T']}"


def _shapes(model, V, R, E, H, rd):
    """Table 2 shapes (name -> shape); ``"=name"`` marks a parameter tied to ``name``."""
    rnn = {"W_xe": (E, V), "W_eh": (E, H), "W_hh": (H, H), "P": (H, E), "V": (E, V)}
    if model == "Second-order RNNs":
        T = (H, H, H) if rd["T"] == "HxHxH" else (E, H, H)
        rnn = {"W_xe": (E, V), "T": T, "W_hh": (E, H), "P": (H, E), "V": (E, V)}
    if model in MODELS[:4]:
        return rnn, {"V": "W_xe"}
    if model == "TTLM":
        s = {"G": (R, V, R), "G_t": (R, V)}
        ties = {}
        if rd["g1"] == "1xR":
            s["G_1"] = (1, R)
        elif rd["g1"] == "separate":
            s["G_1"] = (R, V)
        else:
            s["G_1"], ties["G_1"] = (R, V), "G_t"
        return s, ties
    s = {"W_xe": (R, V, R), "W_hh": (R, R), "P": (R, R, R), "V": (R, R, V)}
    if model == "TTLM-Large":
        s["W_eh"] = (R, R, R, R)
    if rd["g1"] == "1xR":
        s["G_1"] = (1, R)
    return s, {"V": "W_xe"}


def table2_module(model, vocab_size, R=20, E=400, H=20, reading=READINGS[0]):
    """A torch module on the meta device holding Table 2's parameters for ``model``;
    a tied pair is one shared ``nn.Parameter`` (reading ``tie once``) or two."""
    import torch
    from torch import nn
    shapes, ties = _shapes(model, vocab_size, R, E, H, reading)
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


def _small_table1(params, rng, dataset):
    V = params["vocab_size"]
    readings = {}
    for rd in READINGS:
        parts, ranges = {}, {}
        for model in MODELS:
            n = count_params(model, V, reading=rd)
            ev = compare_ints(f"{model}: count at 0.1M vs Table 1",
                              [_round01M(n)], [PRINTED_PARAMS[dataset][model]])
            ev.details.update(count=n, vocab_range=vocab_range(
                model, PRINTED_PARAMS[dataset][model], rd))
            ranges[model] = ev.details["vocab_range"]
            parts[model] = ev
        lo = max(r[0] for r in ranges.values())
        hi = min(r[1] for r in ranges.values())
        readings[reading_name(rd)] = Evidence(
            f"Table 2 counts at |V| = {V} vs Table 1 ({dataset})", parts=parts,
            details={"common_vocab_range": [lo, hi] if lo <= hi else None})
    return Evidence(f"parameter counts of Table 1 ({dataset}) under each counting reading",
                    readings=readings, sizes={"vocab_size": V, "R": 20, "H": 20, "E": 400})


_READ_DOC = {reading_name(rd): "tied pairs counted " + rd["tie"] + "; G^(1) " + {
    "1xR": "as 1×R (App. C)", "separate": "a separate R×|V| (Table 2)",
    "tied": "tied to G^(t) (App. A)"}[rd["g1"]] + "; second-order T " + rd["T"]
    for rd in READINGS}

claim("ttlm-table1-ptb-params", "Table 1 PTB parameter counts",
      ("Table 1, PTB Params: Vanilla-RNNs 4.0M, Second-order RNNs 4.2M, RACs 4.0M, MI-RNNs "
       "4.0M, TTLM 4.2M, TTLM-Tiny 4.0M, TTLM-Large 4.2M. Hidden (Rank) 20; Embed Size 400. "
       "(Table 2 shapes, caption \"We set H = R and E = R²\", App. C ties and G^{(1)} ∈ "
       "ℝ^{1×R}, App. A G^{(1)} = G^{(t)}.)"),
      refs("ttlm", "Table 1 (PTB Params)", "ttlm", "App. C, Table 2", "ttlm", "App. A"),
      lambda p, rng: _small_table1(p, rng, "ptb"), group="tt-language-models", space=({"vocab_size": 10_000},),
      readings=_READ_DOC, expected="ill-posed")

claim("ttlm-table1-wt2-params", "Table 1 WikiText-2 parameter counts",
      ("Table 1, WikiText-2 Params: Vanilla-RNNs 11.6M, Second-order RNNs 11.8M, RACs 11.6M, "
       "MI-RNNs 11.6M, TTLM 12.2M, TTLM-Tiny 11.6M, TTLM-Large 11.8M. Hidden (Rank) 20; Embed "
       "Size 400. §6.1: WikiText-2 has \"a vocabulary of over 30,000 words\"."),
      refs("ttlm", "Table 1 (WikiText-2 Params)", "ttlm", "§6.1", "tslm",
           "Table 1 (|V| = 33,278)"), lambda p, rng: _small_table1(p, rng, "wt2"), group="tt-language-models",
      space=({"vocab_size": 33_278},), readings=_READ_DOC, expected="fails",
      uses=("ttlm-table1-ptb-params",))


# -- ttlm-sec1-ppl-deltas ------------------------------------------------------------
def _small_ppl(params, rng):
    ppl = {"wt2": {"Vanilla": "96.6", "Tiny": "94.9", "Large": "82.3"},
           "ptb": {"Vanilla": "115.3", "Tiny": "106.8", "Large": "99.3"}}
    stated = {("Large", "wt2"): "14.3", ("Large", "ptb"): "16.0",
              ("Tiny", "wt2"): "1.7", ("Tiny", "ptb"): "8.5"}
    parts = {}
    for (model, ds), s in stated.items():
        d = Fraction(ppl[ds]["Vanilla"]) - Fraction(ppl[ds][model])
        parts[f"TTLM-{model} {ds}"] = Evidence(
            f"Vanilla − TTLM-{model} on {ds} (exact decimals) vs {s}", passed=d == Fraction(s),
            details={"difference": str(float(d)), "stated": s},
            counterexample=None if d == Fraction(s) else {"difference": float(d), "stated": s})
    return Evidence("§1 perplexity reductions vs Table 1", parts=parts)


claim("ttlm-sec1-ppl-deltas", "§1 perplexity reductions vs Table 1",
      ("\"Compared to Vanilla-RNNs on WikiText-2 and PTB datasets, TTLM-Large reduces "
       "perplexity by 14.3 and 16.0, respectively, and TTLM-Tiny reduces perplexity by 1.7 and "
       "8.5, respectively.\" Table 1 PPL (WikiText-2 / PTB): Vanilla-RNNs 96.6 / 115.3; "
       "TTLM-Tiny 94.9 / 106.8; TTLM-Large 82.3 / 99.3."),
      refs("ttlm", "§1, contribution 3", "ttlm", "Table 1 (PPL)"), _small_ppl, group="tt-language-models")


# -- ttlm-table2-second-order ---------------------------------------------------------
def _small_second_order(params, rng):
    E, H = 400, 20
    shapes = dict(_shapes("Second-order RNNs", 1, H, E, H, READINGS[0])[0])
    direct = shapes["T"][0] == E
    via = shapes["W_hh"][0] == E and shapes["W_hh"][1] == shapes["T"][0]
    hidden_ok = shapes["T"][1:] == (H, H) and shapes["P"][0] == H
    typed = Evidence("(i) the E-dim embedding reaches T (H×H×H); h ∈ ℝ^H meets T and P",
                     passed=(direct or via) and hidden_ok,
                     details={"embedding enters T directly": direct,
                              "embedding enters through W^hh (E×H) as W^hhᵀe ∈ ℝ^H": via,
                              "note": "W^hh is then an input projection, not hidden-to-hidden"})
    parts = {"(i) type check": typed}
    for ds, V in (("ptb", 10_000), ("wt2", 33_278)):
        n = count_params("Second-order RNNs", V, reading=READINGS[0])
        ev = compare_ints(f"(ii) count with Table 2 shapes, V tied, |V| = {V}, at 0.1M",
                          [_round01M(n)], [PRINTED_PARAMS[ds]["Second-order RNNs"]])
        ev.details.update(count=n)
        parts[f"(ii) {ds}"] = ev
    return Evidence("Table 2 second-order row: typing and count vs Table 1", parts=parts,
                    sizes={"E": E, "H": H})


claim("ttlm-table2-second-order", "Table 2 second-order RNN row",
      ("Second-order RNNs row: \"W^{xe} ∈ ℝ^{E×|V|}, T ∈ ℝ^{H×H×H}, W^{hh} ∈ ℝ^{E×H}, P ∈ "
       "ℝ^{H×E}, V ∈ ℝ^{E×|V|}\". Caption: \"… We set H = R and E = R² …\". App. C: \"W^{eh} ∈ "
       "ℝ^{E×H} is the embedding-to-hidden matrix, W^{hh} ∈ ℝ^{H×H} is the hidden-to-hidden "
       "matrix\"."), refs("ttlm", "App. C, Table 2 (Second-order RNNs)", "ttlm", "Table 1"),
      _small_second_order, group="tt-language-models", expected="fails", uses=("ttlm-table1-ptb-params",))


# -- ttlm-sec6.1-wt2-stats --------------------------------------------------------------
#: seed 003 (tslm) Table 1 token counts (train, valid, test) and vocabularies
TSLM_TABLE1 = {"ptb": ((929_590, 73_761, 82_431), 10_000),
               "wt2": ((2_088_628, 217_646, 245_569), 33_278)}
STATED_K = {"ptb": (929, 73, 82), "wt2": (2088, 217, 45)}


def _small_stats(params, rng):
    readings = {}
    for name, conv in (("k = floor(count/1000)", lambda c: c // 1000),
                       ("k = round(count/1000)", lambda c: (c + 500) // 1000)):
        parts = {}
        for ds, (counts, _) in TSLM_TABLE1.items():
            for split, c, k in zip(("train", "valid", "test"), counts, STATED_K[ds]):
                parts[f"{ds} {split}"] = compare_ints(f"{ds} {split}: {c} → k vs {k}k",
                                                      [conv(c)], [k])
        parts["ptb vocabulary 10k"] = compare_ints("10,000 → k", [TSLM_TABLE1["ptb"][1] // 1000],
                                                   [10])
        parts["wt2 vocabulary over 30,000"] = Evidence(
            "33,278 > 30,000", passed=TSLM_TABLE1["wt2"][1] > 30_000)
        readings[name] = Evidence(f"§6.1 vs seed 003 Table 1 ({name})", parts=parts)
    return Evidence("§6.1 data statistics vs seed 003 Table 1 (release files not offline)",
                    readings=readings)


claim("ttlm-sec6.1-wt2-stats", "§6.1 PTB / WikiText-2 statistics",
      ("\"English Penn Treebank (PTB), which consists of 929k training words, 73k validation "
       "words, and 82k test words. It has 10k words in its vocabulary … The WikiText-2 dataset "
       "… consists of 2088k training words, 217k validation words, 45k test words, and a "
       "vocabulary of over 30,000 words.\""),
      refs("ttlm", "§6.1", "thesis", "§6.2.1", "tslm", "Table 1"), _small_stats, group="tt-language-models",
      expected="fails", readings={"k = floor(count/1000)": "thousands truncated",
                                  "k = round(count/1000)": "thousands rounded"})
