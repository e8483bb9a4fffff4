"""How a referee reads the TSLM recurrence claims of tslm Eq. 16–21: the quoted
readings, defects and remarks registered by :mod:`tnverify.claims.tslm.recurrence`."""

from __future__ import annotations

from ...readings import Defect, Reading

# -- tslm-eq-16 ---------------------------------------------------------------------------
EQ16 = (
    Reading(
        "recursive, exact at r = m",
        "Eq. 16 (both lines, shared λ, W, U) decomposes every "
        "n-order 𝒯 ∈ ℝ^{m^n} exactly at full rank r = m (approximately for r < m), with "
        "O(m×r) parameters",
        True,
        "The formula of the recursive decomposition about tensor 𝒯 is … Recursively, "
        "(n−1)-order tensor 𝒮_{(n),k} … can be decomposed like the tensor 𝒯",
        "tslm 'Recursive Tensor Decomposition', Eq. 16 and the two sentences after it",
    ),
    Reading(
        "first level only",
        "only 𝒯 = Σ λ_i 𝒮_(n),i ⊗ u_i with 𝒮_(n) free (SVD of the "
        "mode-n unfolding) is claimed; the recursion is an unclaimed parametrisation",
        False,
        "Recursively, (n−1)-order tensor 𝒮_{(n),k} … can be decomposed like the tensor 𝒯",
        "tslm 'Recursive Tensor Decomposition', the 'Recursively' sentence after Eq. 16 "
        "(the recursion is part of the decomposition stated)",
    ),
    Reading(
        "approximate only",
        "no exactness is claimed: Eq. 16 is an approximate low-parameter model of 𝒯",
        False,
        "then approximately represent the parameters of our model, where r (r ≤ m) denotes "
        "the rank of tensor decomposition",
        "tslm 'Recursive Tensor Decomposition', after Eq. 16 ('approximately' qualifies the "
        "rank-r truncation, not the decomposition at full rank)",
    ),
)
EQ16_DEFECT = Defect(
    "false",
    printed='"It means that a n-order tensor 𝒯 ∈ ℝ^{m×⋯×m} can be decomposed as a n-order '
    "tensor 𝒮_{(n)} ∈ ℝ^{m×⋯×r}, a diagonal matrix Λ ∈ ℝ^{r×r} and a matrix U ∈ "
    'ℝ^{r×m}", with 𝒮_{(n)} given by the recursion of Eq. 16 (the same W and U at '
    'every level); the first sentence of the next paragraph: "We employ this decomposition to extract the main '
    "features of the tensor 𝒯 … then approximately represent the parameters of our "
    'model, where r (r ≤ m) …"',
    meant="Eq. 16 defines (it does not decompose) a family of tensors with r + rm + r² "
    "parameters (λ ∈ ℝ^r, the diagonal of Λ; U ∈ ℝ^{r×m}; W ∈ ℝ^{r×r}: the shapes of Λ "
    "and U printed after Eq. 16, that of W in Eq. 20's list of weights): a tensor train "
    "with the same cores W, U at every level; every unfolding after mode k (rows "
    "d₁…d_k, columns d_{k+1}…d_n), k = 1, …, n−1, of such a tensor has rank ≤ r. For "
    "n ≥ 4 and m ≥ 2 a general 𝒯 is only approximated by it, even at r = m; at n = 2 "
    "and r = m it "
    "gives every 𝒯 (U = I, λ = 𝟏 and W = 𝒯ᵀ in 𝒯 = UᵀWᵀΛU), and at n = 3 the rank "
    "argument says nothing, every unfolding of an m × m × m tensor having rank ≤ m (for "
    "m ≥ 3 the family's m + 2m² parameters at r = m are fewer than m³, so it does not give "
    "every 𝒯 there either). At m = 1 every tensor is a scalar and Eq. 16 gives them all. No "
    "local edit repairs it: level-dependent W^(j), U^(j) with r ≤ m still fail for "
    "n ≥ 4 and m ≥ 2, since a general 𝒯 ∈ ℝ^{m^n} has an unfolding after mode k = ⌊n/2⌋ of rank "
    "m^{⌊n/2⌋} > m.",
    why="Unrolling Eq. 16, 𝒯_{d₁…d_n} = Σ_{i₁…i_n} λ_{i_n} (u_{i_n})_{d_n} W_{i_n,i_{n−1}} "
    "(u_{i_{n−1}})_{d_{n−1}} ⋯ W_{i₂,i₁} (u_{i₁})_{d₁}, a chain in which each cut between "
    "modes k and k+1 (k counted from 1) passes through one index of size r. So the unfolding "
    "after mode k (the m^k × m^{n−k} matrix with rows (d₁…d_k) and columns (d_{k+1}…d_n)) "
    "is a product through an r-dimensional index and has rank ≤ r. (Another grouping of "
    "the modes, such as rows (d₁, d₃) and columns (d₂, d₄), cuts the chain at more than "
    "one index, and its rank can exceed r.) Example (m = 2, n = 4): "
    "𝒯 = Σ_{a,b} e_a ⊗ e_b ⊗ e_a ⊗ e_b has the 4 × 4 identity as its unfolding after mode k = 2 "
    "(rank 4 > r = 2), so by Eckart–Young every Eq. 16 tensor 𝒯' with r = 2 is at relative "
    "Frobenius distance ‖𝒯 − 𝒯'‖_F/‖𝒯‖_F ≥ √(2/4) = 0.707 from it, while a tensor built "
    "by Eq. 16 has unfolding ranks ≤ (2, 2, 2). The paper presents Eq. 16 as exact: it is "
    'printed with "=", 𝒯 "can be decomposed as" it, and it is introduced as the SVD '
    'generalized "from matrix to tensor" (Fig. 3: "The recursive generalized SVD"), the '
    'SVD being exact at full rank; the "approximately" of the first sentence of the next paragraph goes with '
    '"where r (r ≤ m) denotes the rank", i.e. with choosing r. The example shows the '
    "decomposition is not exact even at r = m, so the statement is false, not a one-word "
    "slip.",
)
EQ16_REMARKS = (
    "The parameter-count part (r + rm + r² = O(m×r) for r ≤ m) holds.",
    'Experimental Results and Analysis: "The tensor decomposition is enough to extract the '
    'main features of the tensor 𝒯 when r = m" is qualitative ("main features") and is '
    'not judged; read as exactness it would fail like "decomposed" (see the example).',
    "U is r×m here but m×r in Eq. 20 (a layout slip, the third edit of the tslm-eq-17 "
    "entry); Eq. 20 is cited for the shapes of U and W the count uses.",
)

# -- tslm-eq-17 ---------------------------------------------------------------------------
EQ17 = (
    Reading(
        "V |V|×r",
        "V as the map ℝ^r → ℝ^{|V|} (V_(k,i), k over the vocabulary); Eq. 20's "
        "α_t, h_t are Eq. 19's",
        True,
        "𝒯_{(t),k} = Σ_{i=1}^r V_{k,i} 𝒮_{(t−1),i} ⊗ u_i (18)",
        "tslm 'A Recursive Calculation of Conditional Probability', Eq. 18; Eq. 20 'y_t ∈ "
        "ℝ^{|V|} denotes the output'",
    ),
    Reading(
        "V as printed r×|V|",
        "V ∈ ℝ^{r×|V|} used literally in V_(k,i) and V h_t: "
        "ill-typed for |V| ≠ r; the printed layout, not a reading",
        False,
        "V ∈ ℝ^{r×|V|} are the input to hidden, hidden to hidden and hidden to output "
        "weights matrices",
        "tslm, sentence after Eq. 20 (all three shapes listed input×output)",
    ),
    Reading(
        "shifted α",
        "Eq. 20 uses α_t for word t−1, so y_t = V h_t predicts w_t",
        False,
        "α_t ∈ ℝ^m is the input at time-step t ∈ [n]",
        "tslm, sentence after Eq. 20; Eq. 17 '𝒜_{(t−1)} is the input of (t−1) words, "
        "represented as α_1, …, α_{(t−1)}'",
    ),
    Reading(
        "exact conditional of 𝒯",
        "softmax(⟨𝒯_(t), 𝒜_(t−1)⟩) equals the conditional (Eq. 15) of the joint 𝒯 of Eq. 16",
        False,
        "In our model, we compute the conditional probability distribution as",
        "tslm, sentence before Eq. 17; section intro 'to estimate the conditional probability'",
    ),
)
EQ17_DEFECT = Defect(
    "misprint",
    printed='Eq. 20: "p(w_t|w_1^{t−1}) = softmax(y_t); y_t = Vh_t" (with Eq. 17\'s '
    '"⟨𝒯_(t), 𝒜_(t−1)⟩ is denoted as y_t")',
    meant="y_t = Vh_{t−1} (in Eq. 20; the one-symbol edit, which keeps Eq. 17's "
    '"⟨𝒯_(t), 𝒜_(t−1)⟩ is denoted as y_t")',
    why="From the recursion of Eq. 16, g_j := ⟨𝒮_(j+1), α₁ ⊗ ⋯ ⊗ α_j⟩ ∈ ℝ^r satisfies "
    "g_j = W(g_{j−1} ⊙ Uα_j) with g₀ = 𝟏 (the all-ones vector, 𝒮_(1) = 𝟏), and Eq. 19 "
    "with h₀ = W^{−1}𝟏 gives g_{j−1} ⊙ Uα_j = h_j. Hence contracting Eq. 18 with "
    "𝒜_(t−1) = α₁ ⊗ ⋯ ⊗ α_{t−1} gives ⟨𝒯_(t), 𝒜_(t−1)⟩ = V(g_{t−2} ⊙ Uα_{t−1}) = "
    "Vh_{t−1}, not Vh_t: the printed y_t = Vh_t would make p(w_t|w_1^{t−1}) depend on α_t, "
    "the word being predicted. The counterexample checks this index shift numerically; "
    "the two layout edits below follow from the shapes alone.",
    erratum="tslm-eq20-y-offbyone",
    also=(
        Defect(
            "misprint",
            printed="V ∈ ℝ^{r×|V|}, in Eq. 20's list \"U ∈ ℝ^{m×r}, W ∈ ℝ^{r×r}, V ∈ "
            'ℝ^{r×|V|}" and before Eq. 18: "constructed by matrix V ∈ '
            'ℝ^{r×|V|}"',
            meant="V ∈ ℝ^{|V|×r} in both places",
            why="Eq. 18 indexes V as V_{k,i} with k over the vocabulary mode of 𝒯_(t) and "
            "i ∈ [r], and Eq. 20 applies V to h_t ∈ ℝ^r to give y_t ∈ ℝ^{|V|}: both "
            "need |V| rows and r columns.",
            erratum="tslm-eq20-v-layout",
        ),
        Defect(
            "misprint",
            printed="U ∈ ℝ^{m×r}, in Eq. 20's list of weights",
            meant="U ∈ ℝ^{r×m}, as printed after Eq. 16",
            why="Uα_t with α_t ∈ ℝ^m is multiplied elementwise with Wh_{t−1} ∈ ℝ^r, so U "
            "maps ℝ^m to ℝ^r: r rows, m columns.",
            erratum="tslm-eq20-u-layout",
        ),
    ),
)
EQ17_REMARKS = (
    "Eq. 19's h₀ := W^{−1}𝟏 (𝟏 the all-ones vector) needs an invertible W.",
    "A remark, not an erratum (Eq. 17 defines the model's conditional, and 𝒯_(t) of "
    "Eq. 18 has its own matrix V, which the joint 𝒯 of Eq. 16 does not contain): "
    "softmax(⟨𝒯_(t), 𝒜_(t−1)⟩) is not in general the conditional that Eq. 15 gives for "
    "that joint 𝒯. In Claim 2's setting (m = |V|, one-hot words; λ, U, W > 0 entrywise, "
    "so that 𝒯 is a distribution up to a constant factor), ⟨𝒯, α₁ ⊗ ⋯ ⊗ α_n⟩ = λᵀh_n "
    "with h_t of Eq. 19, and padding the words t+1, …, n with 𝟏 "
    "(Eq. 14) multiplies the state by diag(U𝟏)W once per padded word, so Eq. 15 gives p(w_t = k|w_1^{t−1}) = (V_t h_{t−1})_k / Σ_j (V_t h_{t−1})_j "
    "with V_t = Uᵀ diag(z_t) W and z_tᵀ = λᵀ (diag(U𝟏) W)^{n−t}. With the corrected "
    "⟨𝒯_(t), 𝒜_(t−1)⟩ = V h_{t−1} this is the joint's conditional, for a general prefix, only when V is tied to "
    "λ, U and W as a multiple of V_t (which in general changes with t), and then through "
    "dividing by Σ_j (V_t h_{t−1})_j, a number that depends on the prefix, not through "
    "the softmax.",
)

# -- tslm-eq-21 ---------------------------------------------------------------------------
EQ21 = (
    Reading(
        "jointly in (a, b)",
        "g: ℝ^r × ℝ^r → ℝ^r is not a linear map (neither additive nor 1-homogeneous in the pair)",
        True,
        "g(a, b) = a ⊙ b … and g is a non-linear operation",
        "tslm, Eq. 20 and the sentence after it",
    ),
    Reading(
        "separately in each argument",
        "g(·, b) and g(a, ·) are non-linear for fixed other argument",
        False,
        "the non-linear operation g in Eq. 20 is an element-wise multiplication, which is "
        "capable of expressing more complex semantic information than a standard RNN "
        "structure with activation function using an addition operation",
        "tslm, Experimental analysis (contrast multiplication vs addition)",
    ),
)
EQ21_REMARKS = (
    "Because g is multiplicative, h_t is multilinear in (α_1, …, α_t) and linear in h_{t−1} for "
    'fixed input: "non-linear" holds in the multiplicative sense only; TSLM has no pointwise '
    "non-linearity.",
    'The expressivity assertion ("capable of expressing more complex semantic information") '
    "is qualitative and not checked.",
)
