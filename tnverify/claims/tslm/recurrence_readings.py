"""How a referee reads the TSLM recurrence claims of tslm Eq. 16–21: the quoted
readings, defects and remarks registered by :mod:`tnverify.claims.tslm.recurrence`."""

from __future__ import annotations

from ..readings import Defect, Reading

# -- tslm-eq-16 ---------------------------------------------------------------------------
EQ16 = (
    Reading("recursive, exact at r = m", "Eq. 16 (both lines, shared λ, W, U) decomposes every "
            "n-order 𝒯 ∈ ℝ^{m^n} exactly at full rank r = m (approximately for r < m), with "
            "O(m×r) parameters", True,
            "The formula of the recursive decomposition about tensor 𝒯 is … Recursively, "
            "(n−1)-order tensor 𝒮_{(n),k} … can be decomposed like the tensor 𝒯",
            "tslm 'Recursive Tensor Decomposition', Eq. 16 and the two sentences after it"),
    Reading("first level only", "only 𝒯 = Σ λ_i 𝒮_(n),i ⊗ u_i with 𝒮_(n) free (SVD of the "
            "mode-n unfolding) is claimed; the recursion is an unclaimed parametrisation", False,
            "Recursively, (n−1)-order tensor 𝒮_{(n),k} … "
            "can be decomposed like the tensor 𝒯",
            "tslm 'Recursive Tensor Decomposition', the 'Recursively' sentence after Eq. 16 "
            "(the recursion is part of the decomposition stated)"),
    Reading("approximate only", "no exactness is claimed: Eq. 16 is an approximate "
            "low-parameter model of 𝒯", False,
            "then approximately represent the parameters of our model, where r (r ≤ m) denotes "
            "the rank of tensor decomposition",
            "tslm 'Recursive Tensor Decomposition', after Eq. 16 ('approximately' qualifies the "
            "rank-r truncation, not the decomposition at full rank)"),
)
EQ16_DEFECT = Defect(
    "false",
    printed="\"It means that a n-order tensor 𝒯 ∈ ℝ^{m×⋯×m} can be decomposed as a n-order "
            "tensor 𝒮_{(n)} ∈ ℝ^{m×⋯×r}, a diagonal matrix Λ ∈ ℝ^{r×r} and a matrix U ∈ "
            "ℝ^{r×m}\", with 𝒮_{(n)} given by the shared-(W, U) recursion of Eq. 16",
    meant="Eq. 16 parametrises, with r + rm + r² numbers, a restricted class of tensors "
          "(uniform TT, every unfolding of rank ≤ r); it is not a decomposition of an arbitrary "
          "𝒯, even at r = m (tslm-eq-16-corrected). No local edit repairs it: level-dependent "
          "W^(j), U^(j) with r ≤ m still fail for n ≥ 4 by the unfolding-rank bound.")
EQ16_REMARKS = (
    "The parameter-count part (r + rm + r² = O(m×r) for r ≤ m) holds.",
    "U is r×m here but m×r in Eq. 20 (a layout slip, judged under tslm-eq-17).",
)

# -- tslm-eq-17 ---------------------------------------------------------------------------
EQ17 = (
    Reading("V |V|×r", "V as the map ℝ^r → ℝ^{|V|} (V_(k,i), k over the vocabulary); Eq. 20's "
            "α_t, h_t are Eq. 19's", True,
            "𝒯_{(t),k} = Σ_{i=1}^r V_{k,i} 𝒮_{(t−1),i} ⊗ u_i (18)",
            "tslm 'A Recursive Calculation of Conditional Probability', Eq. 18; Eq. 20 'y_t ∈ "
            "ℝ^{|V|} denotes the output'"),
    Reading("V as printed r×|V|", "V ∈ ℝ^{r×|V|} used literally in V_(k,i) and V h_t: "
            "ill-typed for |V| ≠ r; the printed layout, not a reading", False,
            "V ∈ ℝ^{r×|V|} are the input to hidden, hidden to hidden and hidden to output "
            "weights matrices", "tslm, sentence after Eq. 20 (all three shapes listed "
            "input×output)"),
    Reading("shifted α", "Eq. 20 uses α_t for word t−1, so y_t = V h_t predicts w_t", False,
            "α_t ∈ ℝ^m is the input at time-step t ∈ [n]",
            "tslm, sentence after Eq. 20; Eq. 17 '𝒜_{(t−1)} is the input of (t−1) words, "
            "represented as α_1, …, α_{(t−1)}'"),
    Reading("exact conditional of 𝒯", "softmax(⟨𝒯_(t), 𝒜_(t−1)⟩) equals the conditional "
            "(Eq. 15) of the joint 𝒯 of Eq. 16", False,
            "In our model, we compute the conditional probability distribution as",
            "tslm, sentence before Eq. 17; section intro 'to estimate the conditional "
            "probability'"),
)
EQ17_DEFECT = Defect(
    "misprint",
    printed="Eq. 20: \"y_t = Vh_t\", with \"U ∈ ℝ^{m×r}, … V ∈ ℝ^{r×|V|}\"; before Eq. 18: "
            "\"constructed by matrix V ∈ ℝ^{r×|V|}\"",
    meant="Eq. 20: \"y_t = Vh_{t−1}\", with \"U ∈ ℝ^{r×m}, … V ∈ ℝ^{|V|×r}\"; before Eq. 18: "
          "\"constructed by matrix V ∈ ℝ^{|V|×r}\" (equivalently for the index: keep y_t = Vh_t "
          "and relabel the left side p(w_{t+1}|w_1^t))",
    why="Eq. 18 indexes V as V_{k,i} with k over the vocabulary mode of 𝒯_(t) and i ∈ [r], and "
        "Eq. 20 applies V to h_t ∈ ℝ^r to give y_t ∈ ℝ^{|V|}: both need V ∈ ℝ^{|V|×r}; Uα_t "
        "with α_t ∈ ℝ^m, multiplied elementwise with Wh ∈ ℝ^r, needs U ∈ ℝ^{r×m} (as the text "
        "after Eq. 16 says). Contracting Eq. 18 with α_1 ⊗ ⋯ ⊗ α_{t−1} through the recursion "
        "of Eq. 16 (with h_0 = W^{−1}1 and Eq. 19) gives V(Wh_{t−2} ⊙ Uα_{t−1}) = Vh_{t−1}, "
        "not Vh_t: the printed y_t = Vh_t would make p(w_t|w_1^{t−1}) depend on α_t, the "
        "word being predicted.",
    erratum="tslm-eq20-y-offbyone")
EQ17_REMARKS = (
    "Eq. 19's h_0 := W^{−1}1 needs an invertible W.",
    "The U layout conflict (r×m in Eq. 16, m×r in Eq. 20) is also noted at tslm-eq-16.",
    "Softmax against the exact conditional of the joint 𝒯 (it differs; a t-dependent linear "
    "normalisation matches) is a tnverify observation, shown under the ruled-out reading.",
)

# -- tslm-eq-21 ---------------------------------------------------------------------------
EQ21 = (
    Reading("jointly in (a, b)", "g: ℝ^r × ℝ^r → ℝ^r is not a linear map (neither additive nor "
            "1-homogeneous in the pair)", True,
            "g(a, b) = a ⊙ b … and g is a non-linear operation",
            "tslm, Eq. 20 and the sentence after it"),
    Reading("separately in each argument", "g(·, b) and g(a, ·) are non-linear for fixed other "
            "argument", False,
            "the non-linear operation g in Eq. 20 is an element-wise multiplication, which is "
            "capable of expressing more complex semantic information than a standard RNN "
            "structure with activation function using an addition operation",
            "tslm, Experimental analysis (contrast multiplication vs addition)"),
)
EQ21_REMARKS = (
    "Because g is multiplicative, h_t is multilinear in (α_1, …, α_t) and linear in h_{t−1} for "
    "fixed input: \"non-linear\" holds in the multiplicative sense only; TSLM has no pointwise "
    "non-linearity.",
    "The expressivity assertion (\"capable of expressing more complex semantic information\") "
    "is qualitative and not checked.",
)
