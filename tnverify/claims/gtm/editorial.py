"""Editorial slips of gtm: printed names that point at the wrong appendix or symbol where
the mathematics around them is right (§5.1, §5.2; App. A, proofs of Lemma 3.1, Thm. 5.1
and Thm. 5.2).

Each check looks the printed name up in the paper's own declarations (:data:`APPENDICES`,
:data:`NOTATION`) and asks whether it denotes what its place needs; its control is the
meant name, which must pass the same test.
"""

from __future__ import annotations

from .. import Evidence
from ..readings import Defect
from ..registration import claim, refs
from .controls import control_of

__all__ = ["APPENDICES", "NOTATION"]

#: The appendices as the paper prints them: title and what they hold (gtm App. A, App. B).
APPENDICES = {
    "A": ("Proofs", ("proofs",)),
    "B": (
        "Additional experiments",
        ("numerical experiments", "Expressivity in the case of shared cores", "Fig. 4"),
    ),
}

#: What each symbol denotes where the paper declares it (gtm §3.1–3.2, §4.2): sizes are
#: capital letters, the summation and template indices lower-case ones.  The feature map
#: f_θ: ℝ^N → ℝ^M and the length T are declared in §3.1; the templates x^(1), …, x^(M) and
#: the grid tensor, of order T with M values per index, in §4.2 (Eq. 18).
NOTATION = {
    "M": "size: the feature dimension of f_θ (§3.1), equal to the number of templates "
    "of §4.2, the size of every mode of a grid tensor (Eq. 18)",
    "T": "size: the length of the input sequence (§3.1), the order of a grid tensor (§4.2, Eq. 18)",
    "R₁": "size: the TT-rank R₁, the range of the index r₁ (§3.2)",
    "r₁": "index: a summation index running over 1, …, R₁ (§3.2, Eq. 7)",
    "i_T": "index: the template index of step T, the last index of an order-T grid "
    "tensor (§4.2, Eq. 18)",
    "m": "undeclared: no size m is declared (the templates are x^(1), …, x^(M), §4.2)",
    "i_d": "undeclared: no index i_d (an order-T tensor has the indices i₁, …, i_T, and no "
    "d is declared in this proof: the only d in the paper is the local order in the proof "
    "of Thm. 5.3)",
}


def _declared_as(symbol: str) -> str:
    return NOTATION.get(symbol, "undeclared").split(":", 1)[0]


def _holds(appendix: str, item: str) -> bool:
    return item in APPENDICES[appendix][1]


def _appendix_check(cited: str, meant: str):
    def small(params, rng) -> Evidence:
        compared = (
            f"Appendix {cited} (cited in §5.2 for numerical evidence) vs the appendix "
            "holding the numerical experiments on shared cores"
        )
        return _with_lookup_control(compared, cited, meant)

    return small


def _with_lookup_control(compared: str, cited: str, meant: str) -> Evidence:
    ok = _holds(cited, "numerical experiments")
    label = (
        "the same lookup for a pointer made wrong: 'Appendix B' for the proofs (§5.2 "
        "prints 'Proof of Theorem 5.3 is provided in Appendix A')"
    )
    return Evidence(
        compared,
        passed=ok,
        details={
            "cited": cited,
            "meant": meant,
            "meant_holds_them": _holds(meant, "numerical experiments"),
            "titles": {k: v[0] for k, v in APPENDICES.items()},
        },
        counterexample=None
        if ok
        else {
            "cited": f"Appendix {cited} ({APPENDICES[cited][0]})",
            "holding the experiments": f"Appendix {meant} ({APPENDICES[meant][0]})",
        },
        control=control_of(compared, label, passed=_holds("B", "proofs")),
    )


#: A declared symbol of the other kind, the control of a check that needs a size or an index.
_OTHER_KIND = {"size": "i_T", "index": "T"}


def _symbol_check(printed: str, meant: str, role: str, needs: str):
    def small(params, rng) -> Evidence:
        compared = f"'{printed}' ({role}) vs a declared {needs}"
        ok = _declared_as(printed) == needs
        wrong = _OTHER_KIND[needs]
        return Evidence(
            compared,
            passed=ok,
            details={
                "printed": NOTATION.get(printed, "undeclared"),
                "meant": NOTATION[meant],
                "meant_is_a_" + needs: _declared_as(meant) == needs,
            },
            counterexample=None
            if ok
            else {
                "printed": f"{printed}: {NOTATION.get(printed, 'undeclared')}",
                "meant": f"{meant}: {NOTATION[meant]}",
            },
            control=control_of(
                compared,
                f"'{wrong}' in its place ({NOTATION[wrong]})",
                passed=_declared_as(wrong) == needs,
            ),
        )

    return small


_TOPIC = "xi-networks"

claim(
    "gtm-sec-5.2-appendix-ref",
    "§5.2 cites Appendix A for the numerical evidence",
    (
        '§5.2, after Thm. 5.3: "In the numerical experiments in Section 6 and Appendix A we '
        'validate whether this can be observed in practice"; §5.2 "Shared case": "for '
        'Theorem 5.2 we provide numerical evidence in Appendix A."'
    ),
    refs("gtm", '§5.2 (after Thm. 5.3; "Shared case")'),
    _appendix_check("A", "B"),
    topic=_TOPIC,
    expected="fails",
    defect=Defect(
        "editorial",
        printed='§5.2, twice: "… in Section 6 and Appendix A we validate …" and '
        '"… we provide numerical evidence in Appendix A"',
        meant="Appendix B in both places",
        why='App. A is titled "Proofs"; the experiments, including "Expressivity '
        'in the case of shared cores" (Fig. 4), are in App. B, "Additional '
        'experiments".',
    ),
)

claim(
    "gtm-lemma-3.1-proof-limit",
    "proof of Lemma 3.1: the sum over r₁ runs to r₁",
    (
        'App. A, proof of Lemma 3.1, third line: "Σ_{r₁=1}^{r₁} ⟨f_θ(x^(2)), g^(2)_{r₁r₂}⟩ '
        'h^(1)_{r₁}" (the term marked h^(2)_{r₂})'
    ),
    refs("gtm", "App. A, proof of Lemma 3.1"),
    _symbol_check("r₁", "R₁", "the upper limit of the sum over r₁", "size"),
    topic=_TOPIC,
    expected="fails",
    defect=Defect(
        "editorial",
        printed="Σ_{r₁=1}^{r₁}",
        meant="Σ_{r₁=1}^{R₁}",
        why="The upper limit is the summation index itself; the lines before it "
        "sum r₁ from 1 to R₁ (Eq. 7), and h^(2)_{r₂} = Σ_{r₁=1}^{R₁} "
        "⟨f_θ(x^(2)), g^(2)_{r₁r₂}⟩ h^(1)_{r₁} is Eq. 9 at t = 2.",
    ),
)

claim(
    "gtm-thm-5.1-proof-index",
    "proof of Thm. 5.1: ℋ's last index is printed i_d",
    ('§5.1, proof of Thm. 5.1: "Γ^ℓ(𝕏) = Σ_{i₁, i₂, …, i_T} ℋ_{i₁i₂…i_d} ℰ^{(i₁i₂…i_T)} = ℋ."'),
    refs("gtm", "§5.1, proof of Thm. 5.1"),
    _symbol_check("i_d", "i_T", "the last index of ℋ", "index"),
    topic=_TOPIC,
    expected="fails",
    defect=Defect(
        "editorial",
        printed="ℋ_{i₁i₂…i_d}",
        meant="ℋ_{i₁i₂…i_T}",
        why="ℋ is the order-T tensor the theorem realizes, summed against "
        "ℰ^{(i₁i₂…i_T)} in the same line; no d is declared in this proof (the only "
        "d in the paper is the local order of the constant tensor a^(p₁, …, p_d) in "
        "the proof of Thm. 5.3).",
    ),
)

claim(
    "gtm-mode-size-m",
    "§5.1, App. A and App. B: the mode size is printed m",
    (
        '§5.1, before Thm. 5.1: "any tensor of order T and size of each mode being m can be '
        'realized as a grid tensor of such RNN"; App. A, proof of Thm. 5.2: "for a tensor 𝒜 '
        'of order T with mode sizes being m, … A^{(s,t)} ∈ ℝ^{M^{|s|} × M^{|t|}}"; App. B, '
        '"Different ξ-nonlinearities": "we used T = 16, m = 32, R = 64 … T = 100, m = 50, '
        'R = 50"'
    ),
    refs(
        "gtm",
        "§5.1, before Thm. 5.1; App. A, proof of Thm. 5.2; App. B, Different ξ-nonlinearities",
    ),
    _symbol_check("m", "M", "the size of every mode of an order-T tensor", "size"),
    topic=_TOPIC,
    expected="fails",
    defect=Defect(
        "editorial",
        printed='"size of each mode being m" (§5.1), "mode sizes being m" '
        '(App. A, proof of Thm. 5.2) and "m = 32", "m = 50" (App. B)',
        meant="M in every place",
        why="A grid tensor has M values per index (one per template x^(1), …, "
        "x^(M) of §4.2, Eq. 18), and the proof's own next formula has A^{(s,t)} ∈ "
        "ℝ^{M^{|s|} × M^{|t|}}; no size m is declared. App. B's training "
        "experiments use no templates: their m is M, the feature dimension of "
        "f_θ: ℝ^N → ℝ^M (§3.1); Fig. 2's caption gives the IMDB setting as "
        "M = 50, T = 100.",
    ),
)
