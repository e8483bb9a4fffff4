"""thesis-prop-5.2.2 (tnverify/claims/thesis/ttlm_theory/conditionals.py): the typing check of
ψ's argument under the declared core shapes, and its control."""

import numpy as np

from tnverify.claims import get_claim


def test_declared_cores_type_psis_argument_only_where_the_right_bond_is_one():
    c = get_claim("thesis-prop-5.2.2")
    params = {"vocab_size": 3, "ranks": [1, 2, 2, 1]}
    ev = c.run_small(params, 5)
    output_core = ev.reading("output-core")
    typing = [output_core.part(f"psi-type-t{t}") for t in (1, 2, 3)]
    assert [p.verdict for p in typing] == ["fails", "fails", "holds"]
    # every control is computed on a core whose right bond is one larger: it must fail
    assert all(p.control.verdict == "fails" for p in typing)
    ce = typing[0].counterexample
    assert ce["ψ argument shape (as printed)"] == [3, 2]
    assert np.array_equal(ce["declared core shape"], [1, 3, 2])


def test_the_joints_conditionals_are_a_sum_normalisation_not_the_softmax_of_eq_5_9():
    """thesis-prop-5.2.2-joint: with the output core contracted with the later words,
    ψ(s) = s/Σs reproduces the brute-force conditionals of 𝒜_x/Z at every t; the thesis's
    softmax does not at t = L (where the output core is 𝐆^(L)), nor the conditional of the
    Born joint 𝒜_x²/Z there."""
    ev = get_claim("thesis-prop-5.2.2-joint").run_small(
        {"vocab_size": 3, "ranks": [1, 2, 2, 2, 1]}, 7
    )
    keys = ("psi-sum", "psi-softmax", "born-sum", "born-softmax")
    verdicts = {k: ev.part(k).verdict for k in keys}
    assert verdicts == dict(zip(keys, ("holds", "fails", "holds", "fails")))
    assert ev.verdict == "fails"
    ce = ev.part("psi-softmax").counterexample
    assert ce["entry"].startswith("P̃(x^(4) = ") and 0 < ce["reference"] < 1  # t = L = 4
