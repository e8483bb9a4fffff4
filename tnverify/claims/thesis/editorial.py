"""Editorial slips of the thesis: a citation, a term and a name that point at the wrong
work, at no defined object or at another formula where the mathematics around them is
right (§4.1.2, Eq. 4.1; §5.3.2, Claim 5.3.2 and §6.2.2; §6.3.2, the sentence before
Eq. 6.6).

Each check looks the printed name up in the thesis's own records (:data:`BIBLIOGRAPHY`,
the reference list; :data:`TERMS`, the terms it defines) and asks whether it denotes what
its place needs; its negative control is a name that is defined (or cited) but denotes
something else, which must fail the same test, and the meant name is shown to pass it.
The name 'averaged' of Eq. 4.1 is checked by computing: the printed sum against the
average it names, on the exact pair joints of a two-word Markov chain started in one word
(so that the pairs' values differ).
"""

from __future__ import annotations

import math

import numpy as np

from ...definitions.ngram import eq41_mutual_information, mutual_information
from .. import Evidence
from ..compare import compare_values
from ..readings import Defect
from ..registration import claim, refs

__all__ = ["BIBLIOGRAPHY", "TERMS"]

#: The reference-list entries the checks need, as the thesis prints them (its
#: bibliography), with what each work is about and where the thesis cites it.
BIBLIOGRAPHY = {
    "Wu and King (2016)": {
        "entry": "Wu, Zhizheng and Simon King (2016). “Investigating gated recurrent "
        "networks for speech synthesis”. In: 2016 IEEE International Conference on "
        "Acoustics, Speech and Signal Processing (ICASSP). IEEE, pp. 5140–5144.",
        "about": ("gated recurrent networks", "speech synthesis"),
        "cited in": ("§6.3.2, before Eq. 6.6",),
    },
    "Wu et al. (2016)": {
        "entry": "Wu, Yuhuai, Saizheng Zhang, Ying Zhang, Yoshua Bengio, and Russ R "
        "Salakhutdinov (2016). “On multiplicative integration with recurrent neural "
        "networks”. In: Advances in neural information processing systems 29.",
        "about": ("multiplicative integration", "recurrent neural networks"),
        "cited in": ("§5.3.2 (MI-RNNs)", "§6.2.2", "§6.3.2, after Eq. 6.7"),
    },
}

#: The terms the checks need: what the thesis defines them as, and where (None: never
#: defined; the term occurs only where the slip prints it).
TERMS = {
    "TT-cores": "the tensors 𝐆^{(t)} ∈ ℝ^{R_{t−1}×|V|×R_t} of the TT-format (§5.2.2, after "
    "Eq. 5.5: 'are called the TT-cores'; §3.2.2)",
    "TT-ranks": "the sizes R_k of the bonds of the TT-format (§5.2.2, after Eq. 5.5: 'are "
    "called the TT-ranks'), not tensors",
    "TT-scores": None,
}


def _about(name: str, topic: str) -> bool:
    return topic in BIBLIOGRAPHY[name]["about"]


def _citation_check(params, rng) -> Evidence:
    cited, meant, topic = "Wu and King (2016)", "Wu et al. (2016)", "multiplicative integration"
    compared = (
        f"the work cited as {cited} (§6.3.2, for the advantages of {topic}) vs a work "
        f"on {topic} in the reference list"
    )
    ok = _about(cited, topic)
    return Evidence(
        compared,
        passed=ok,
        details={
            "cited": BIBLIOGRAPHY[cited]["entry"],
            "meant": BIBLIOGRAPHY[meant]["entry"],
            "meant_is_about_it": _about(meant, topic),
            "cited_in": list(BIBLIOGRAPHY[cited]["cited in"]),
        },
        counterexample=None
        if ok
        else {
            "cited": f"{cited}: {BIBLIOGRAPHY[cited]['entry']}",
            "on multiplicative integration": f"{meant}: {BIBLIOGRAPHY[meant]['entry']}",
        },
        control=Evidence(
            f"control (a work of the list on another subject: {cited} looked up for "
            f"'speech recognition') of: {compared}",
            passed=_about(cited, "speech recognition"),
        ),
    )


def _term_check(params, rng) -> Evidence:
    printed, meant = "TT-scores", "TT-cores"
    compared = (
        f"'{printed}' (Claim 5.3.2's condition '{printed}: G = A ⊙ B', G the core of "
        "Eq. 5.13) vs a term the thesis defines as its TT-cores"
    )

    def names_cores(term: str) -> bool:
        return (TERMS.get(term) or "").startswith("the tensors")

    ok = names_cores(printed)
    return Evidence(
        compared,
        passed=ok,
        details={"printed": TERMS.get(printed) or "never defined", "meant": TERMS[meant]},
        counterexample=None
        if ok
        else {"printed": f"{printed}: never defined", "meant": f"{meant}: {TERMS[meant]}"},
        control=Evidence(
            f"control ('TT-ranks' in its place: defined, but as sizes) of: {compared}",
            passed=names_cores("TT-ranks"),
        ),
    )


#: The chain of the check: two words, this transition matrix, started in word 1.
_CHAIN = np.array([[0.9, 0.1], [0.2, 0.8]])
_START = np.array([1.0, 0.0])


def _pair_joints(L: int, S: int) -> list[np.ndarray]:
    """The joints of the pairs (X^(i), X^(i+S)), i = 1..L, of the chain :data:`_CHAIN`
    started in word 1."""
    PS = np.linalg.matrix_power(_CHAIN, S)
    return [np.diag(_START @ np.linalg.matrix_power(_CHAIN, i)) @ PS for i in range(L)]


#: The three pairs' mutual informations (nats) of the sheet's case, L = 3, S = 1.
_PAIR_VALUES = ", ".join(f"{mutual_information(J, base='e'):.6g}" for J in _pair_joints(3, 1))


def _averaged_check(params, rng) -> Evidence:
    """Eq. 4.1's value as printed (:func:`tnverify.definitions.ngram.eq41_mutual_information`,
    the sum over the L pairs) against the average over the pairs that its name says, the
    mean of the L pairs' mutual informations, each computed on its own pair joint.  The
    chain starts in one word, not in its stationary law, so the pairs' terms differ and the
    average is no single pair's value; at L = 1 the two agree (the check can hold)."""
    L, S = params["length"], params["S"]
    joints = _pair_joints(L, S)  # started in word 1: not stationary, the pairs differ
    printed = eq41_mutual_information(joints, base="e")
    per_pair = [mutual_information(J, base="e") for J in joints]
    return compare_values(
        f"Eq. 4.1's I(S) as printed (its formula: a sum over the L = {L} pairs) vs the "
        "average of the L pairs' mutual informations that its name, 'averaged mutual "
        "information', says",
        printed,
        math.fsum(per_pair) / L,
        n=L * 4,
        sizes={"length": L, "S": S},
        details={"per_pair_nats": per_pair},
    )


claim(
    "thesis-eq-4.1-averaged",
    "Eq. 4.1 is named an 'averaged' mutual information but is a sum",
    (
        '§4.1.2: "The averaged mutual information function, I : ℕ₊ → ℝ_{≥0}, of two '
        "sequences is defined as (Tanaka-Ishii, 2021): I(S) = Σ_{i=1}^L Σ_{x^{(i)},"
        "x^{(i+S)}∈V} P̃(X^{(i)}=x^{(i)}, X^{(i+S)}=x^{(i+S)}) log [P̃(X^{(i)}=x^{(i)}, "
        'X^{(i+S)}=x^{(i+S)}) / (P̃(X^{(i)}=x^{(i)}) P̃(X^{(i+S)}=x^{(i+S)}))] (4.1)"'
    ),
    refs("thesis", "§4.1.2, Eq. 4.1"),
    _averaged_check,
    topic="born-machines-ngrams",
    space=({"length": 3, "S": 1},),
    expected="fails",
    uses=("thesis-eq-4.1",),
    defect=Defect(
        "editorial",
        printed='§4.1.2: "The averaged mutual information function … I(S) = Σ_{i=1}^L …" '
        "(Eq. 4.1, no factor 1/L)",
        meant="'averaged' kept and the factor 1/L written in front of the sum: I(S) = "
        "(1/L) Σ_{i=1}^L … (thesis-eq-4.1-variant; the next sentence, 'The averaging can be "
        "accompanied by an oscillating function …', then reads as printed); or the sum "
        "kept, 'averaged' dropped ('The mutual information function …') and that next "
        "sentence reworded ('The sum can be accompanied by …')",
        why="Eq. 4.1 sums the mutual information of the L pairs (X^{(i)}, X^{(i+S)}); an "
        "average over the pairs divides that sum by L, so the printed I(S) is L times the "
        "average the name describes (for a stationary source, L times the one-pair "
        "value). 'Average(d) mutual information' is also the usual name of one pair's "
        "mutual information (the log ratio averaged over the word pairs); read so, the "
        "name fits each term of Eq. 4.1, not their sum. The check: two words, transition "
        "matrix [[0.9, 0.1], [0.2, 0.8]], started in word 1, natural logarithms; at "
        f"L = 3, S = 1 the three pairs' values are {_PAIR_VALUES} nats (the first is 0: "
        "the first word is fixed), their sum against their average is the "
        "counterexample. It misleads nobody about what the thesis computes, since "
        "every use of I(S) (its non-negativity, its power-law decay in S, Def. 4.1.2) is "
        "unchanged by the constant factor: the formula as printed is judged in "
        "thesis-eq-4.1, which holds under both readings.",
    ),
)

claim(
    "thesis-sec-6.3.2-mi-citation",
    "§6.3.2 cites Wu and King (2016) for multiplicative integration",
    (
        '§6.3.2, the sentence before Eq. 6.6: "While Wu and King (2016) argued for the '
        "advantages of multiplicative integration over additive integration, they "
        'introduced several modifications to this basic form."'
    ),
    refs("thesis", "§6.3.2, before Eq. 6.6; References"),
    _citation_check,
    topic="gated-cells-lmms",
    expected="fails",
    defect=Defect(
        "editorial",
        printed='§6.3.2: "While Wu and King (2016) argued for the advantages of '
        'multiplicative integration …"',
        meant='"While Wu et al. (2016) argued …" (and the reference-list entry of Wu and '
        "King (2016), cited nowhere else, dropped)",
        why="The reference list's Wu and King (2016) is Zhizheng Wu and Simon King, "
        "“Investigating gated recurrent networks for speech synthesis” (ICASSP 2016), a "
        "work on speech synthesis cited only in this sentence. The work on multiplicative "
        "integration whose modifications Eq. 6.6–6.7 give is Wu, Zhang, Zhang, Bengio and "
        "Salakhutdinov (2016), “On multiplicative integration with recurrent neural "
        "networks” (NeurIPS 29), which the thesis cites as Wu et al. (2016) in §5.3.2, "
        "§6.2.2 and after Eq. 6.7 in §6.3.2 ('Thus, Wu et al. (2016) considered "
        "…').",
    ),
)

claim(
    "thesis-claim-5.3.2-tt-scores",
    "Claim 5.3.2's condition is stated on 'TT-scores'",
    (
        '§5.3.2, Claim 5.3.2: "Given the condition the TT-scores: 𝐆 = 𝐀 ⊙ 𝐁. The hidden '
        'states of RACs are identical to that of TTLMs. …"; repeated in §6.2.2 '
        '(Multiplicativity analysis): "under the condition of TT-scores: 𝐆 = 𝐀 ⊙ 𝐁".'
    ),
    refs("thesis", "§5.3.2, Claim 5.3.2; §6.2.2, Multiplicativity analysis"),
    _term_check,
    topic="rnn-equivalences",
    expected="fails",
    uses=("thesis-claim-5.3.2",),
    defect=Defect(
        "editorial",
        printed='Claim 5.3.2 and §6.2.2: "the TT-scores: 𝐆 = 𝐀 ⊙ 𝐁"',
        meant='"the TT-cores: 𝐆 = 𝐀 ⊙ 𝐁" in both places',
        why="The thesis never defines 'TT-scores' (the term occurs only in these two "
        "places); the condition is on 𝐆, the TT-core of Eq. 5.13 ('where 𝐆 = 𝐀 ⊙ 𝐁', "
        "after Eq. 5.17 in the proof of the claim), and §5.2.2 calls the tensors 𝐆^{(t)} "
        "the TT-cores. The mathematics of the claim is judged in thesis-claim-5.3.2.",
    ),
)
