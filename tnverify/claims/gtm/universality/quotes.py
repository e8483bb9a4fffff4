"""Statements of the xi-networks universality claims, verbatim from the paper (the
"Statement" entries; generated from that file, not edited by hand)."""

S_LEMMA_5_1 = (
    '- Lemma 5.1: "Given two generalized RNNs with grid tensors Γ^{ℓ_A}(𝕏), Γ^{ℓ_B}(𝕏'
    "), and arbitrary ξ-nonlinearity, there exists a generalized RNN with grid tensor"
    ' Γ^{ℓ_C}(𝕏) satisfying Γ^{ℓ_C}(𝕏) = aΓ^{ℓ_A}(𝕏) + bΓ^{ℓ_B}(𝕏), ∀a, b ∈ ℝ."\n- Pro'
    'of, input matrices: "C^{(t)}_C ∈ ℝ^{(L_A+L_B)×M}, C^{(t)}_C = [C^{(t)}_A; C^{(t)'
    '}_B]".\n- Proof, first core: "𝒢^{(1)}_C ∈ ℝ^{(L_A+L_B)×1×(R_{t,A}+R_{t,B})}, [𝒢^{'
    "(1)}_C]_{i,:,:} = [[𝒢^{(1)}_A]_{i,:,:} 0] for i ∈ {1, …, L_A}, [0 [𝒢^{(1)}_B]_{("
    'i−L_A),:,:}] for i ∈ {L_A+1, …, L_A+L_B}".\n- Proof, middle cores: "𝒢^{(t)}_C ∈ ℝ'
    "^{(L_A+L_B)×(R_{t−1,A}+R_{t−1,B})×(R_{t,A}+R_{t,B})}, 1 < t < T, [𝒢^{(t)}_C]_{i,"
    ":,:} = [[𝒢^{(t)}_A]_{i,:,:} 0; 0 0] for i ≤ L_A, [0 0; 0 [𝒢^{(t)}_B]_{(i−L_A),:,"
    ':}] otherwise".\n- Proof, last core: "𝒢^{(T)}_C ∈ ℝ^{(L_A+L_B)×(R_{t−1,A}+R_{t−1,'
    "B})×1}, [𝒢^{(T)}_C]_{i,:,:} = [a[𝒢^{(T)}_A]_{i,:,:}; 0] for i ≤ L_A, [0; b[𝒢^{(T"
    ')}_B]_{(i−L_A),:,:}] otherwise".\n- Proof, hidden states: "h^{(t)}_C = [h^{(t)}_A'
    '; h^{(t)}_B], 0 < t < T, and h^{(T)}_C = ah^{(T)}_A + bh^{(T)}_B".\n- In the shap'
    "es of 𝒢^{(1)}_C and 𝒢^{(T)}_C, the subscript t is read at t = 1 and t = T respec"
    "tively."
)

S_PROP_A_4 = (
    '"For any associative and commutative binary operator ξ, an arbitrary generalized'
    " rank 1 shallow network with ξ-nonlinearity can be represented in a form of gene"
    'ralized RNN with unit ranks (R₁ = ⋯ = R_{T−1} = 1) and ξ-nonlinearity." The weig'
    'hts are "C^{(t)} = (v^{(t)})ᵀ ∈ ℝ^{1×M}, 𝒢^{(t)} = 1, t < T, 𝒢^{(T)} = λ", "with'
    ' h^{(0)} being the unity of the operator ξ". The derivation ends "ℓ(X) = … = λξ('
    '⟨f_θ(x^{(T)}), v^{(T)}⟩, …, ⟨f_θ(x^{(1)}), v^{(1)}⟩)".'
)

S_THM_5_1 = (
    '- Theorem 5.1: "Theorem 5.1 (Universality). Let ℋ ∈ ℝ^{M×M×⋯×M} be an arbitrary '
    "tensor of order T. Then there exist a generalized shallow network and a generali"
    "zed RNN with rectifier nonlinearity ξ(x, y) = max(x, y, 0) such that grid tensor"
    ' of each of the networks coincides with ℋ."\n- Lemma 5.2: "Let ℰ^{(j₁j₂…j_T)} be '
    "an arbitrary one-hot tensor … Then there exists a generalized RNN with rectifier"
    ' nonlinearities such that its grid tensor satisfies Γ^ℓ(𝕏) = ℰ^{(j₁j₂…j_T)}."\n- '
    'Proof: "Γ^ℓ(𝕏) = Σ_{i₁,i₂,…,i_T} ℋ_{i₁i₂…i_d} ℰ^{(i₁i₂…i_T)} = ℋ."\n- §5 assumes '
    '"the feature matrix F is invertible".'
)

S_SEC_4_2 = (
    '"Indeed as it was noticed in (Cohen & Shashua, 2016) shallow networks with ξ(x, '
    'y) = max(x, 0) + max(y, 0) no longer have the universal approximation property."'
)

S_PROP_A_5 = (
    '"Statement of Theorem 5.1 holds with ξ(x, y) = xy. Proof. By assumption the matr'
    "ix F is invertible. Consider the following tensor ℋ̂: ℋ̂_{i₁i₂…i_T} = Σ_{j₁,…,j_"
    "T} ℋ_{j₁,…,j_T} F⁻¹_{j₁i₁} … F⁻¹_{j_Ti_T}, and the score function in the form of"
    " eq. (2): ℓ(X) = ⟨ℋ̂, Φ(X)⟩. Note that by construction for any input assembled f"
    "rom the template vectors we obtain ℓ((x^{(i₁)}, …, x^{(i_T)})) = ℋ_{i₁…i_T}. By "
    "taking the standard TT and CP decompositions of ℋ̂ … we conclude that universali"
    'ty holds."'
)
