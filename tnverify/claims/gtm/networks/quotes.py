"""Statements of the xi-networks network claims, verbatim from the paper (the
"Statement" entries; generated from that file, not edited by hand)."""

S_XI = (
    '- Definition: "Let ξ : ℝ × ℝ → ℝ be an associative and commutative binary operat'
    "or (∀x, y, z ∈ ℝ : ξ(ξ(x, y), z) = ξ(x, ξ(y, z)) and ∀x, y ∈ ℝ : ξ(x, y) = ξ(y, "
    "x)). Note that this operator easily generalizes to the arbitrary number of opera"
    'nds due to associativity."\n- Examples: "if we take ξ(x, y) = max(x, y, 0) we wil'
    "l get an RNN with rectifier nonlinearities; if we take ξ(x, y) = ln(eˣ + eʸ) we "
    "will get an RNN with softplus nonlinearities; if we take ξ(x, y) = xy we will ge"
    't a simple RNN". Table 1 also uses ξ = x + y and √(x² + y²); §4.2 mentions ξ(x, '
    'y) = max(x, 0) + max(y, 0).\n- Unit: "initialize h^{(0)} as unit of the operator '
    "ξ, i.e. such an element u that ξ(x, y, u) = ξ(x, y) ∀x, y ∈ ℝ. Henceforth, we wi"
    "ll assume that such an element exists (e.g., for ξ(x, y) = max(x, y, 0) we take "
    'u = 0, for ξ(x, y) = xy we take u = 1), and set h^{(0)} = u."'
)

S_EQ_16 = (
    '- Generalized outer product: "𝒞_{i₁…i_N j₁…j_M} = ξ(𝒜_{i₁…i_N}, ℬ_{j₁…j_M}) (13)'
    '".\n- Shallow network: "ℓ(X) = Σ_{r=1}^R λ_r [⟨f_θ(x^{(1)}), v_r^{(1)}⟩ ⊗_ξ ⋯ ⊗_ξ'
    " ⟨f_θ(x^{(T)}), v_r^{(T)}⟩] = Σ_{r=1}^R λ_r ξ(⟨f_θ(x^{(1)}), v_r^{(1)}⟩, …, ⟨f_θ"
    '(x^{(T)}), v_r^{(T)}⟩) (14)", with parameters "Θ = ({λ_r}_{r=1}^R ∈ ℝ, {v_r^{(t)'
    '}}_{r=1,t=1}^{R,T} ∈ ℝ^M) (15)".\n- Generalized RNN: "h^{(t)}_k = Σ_{i,j} 𝒢^{(t)}'
    "_{ijk} [C^{(t)}f_θ(x^{(t)}) ⊗_ξ h^{(t−1)}]_{ij} = Σ_{i,j} 𝒢^{(t)}_{ijk} ξ([C^{(t"
    ')}f_θ(x^{(t)})]_i, h^{(t−1)}_j); ℓ(X) = h^{(T)} (16)", with parameters "Θ = ({C^'
    '{(t)}}_{t=1}^T ∈ ℝ^{L×M}, {𝒢^{(t)}}_{t=1}^T ∈ ℝ^{L×R_{t−1}×R_t}) (17)". h^{(0)} '
    "is the unit of ξ (`gtm-xi-operators`)."
)

S_PROP_A_2 = (
    '- Grid tensor: "Γ^ℓ(𝕏)_{i₁i₂…i_T} = ℓ(X), X = (x^{(i₁)}, x^{(i₂)}, …, x^{(i_T)})'
    ' (18)".\n- Feature matrix: "F ≜ [f_θ(x^{(1)}) f_θ(x^{(2)}) … f_θ(x^{(M)})]ᵀ (19)"'
    '.\n- Prop. A.2: "Γ^ℓ(𝕏) = Σ_{r=1}^R λ_r (Fv_r^{(1)}) ⊗_ξ (Fv_r^{(2)}) ⊗_ξ ⋯ ⊗_ξ ('
    'Fv_r^{(T)}) (20)".'
)

S_PROP_A_3 = (
    '"Grid tensor of a generalized RNN has the following form: Γ^{ℓ,0}(𝕏) = h^{(0)} ∈'
    " ℝ¹, Γ^{ℓ,1}(𝕏)_{km₁} = Σ_{i,j} 𝒢^{(1)}_{ijk} (C^{(1)}Fᵀ ⊗_ξ Γ^{ℓ,0})_{im₁j} ∈ ℝ"
    "^{R₁×M}, Γ^{ℓ,2}(𝕏)_{km₁m₂} = Σ_{i,j} 𝒢^{(2)}_{ijk} (C^{(2)}Fᵀ ⊗_ξ Γ^{ℓ,1})_{im₂"
    "jm₁} ∈ ℝ^{R₂×M×M}, …, Γ^{ℓ,T}(𝕏)_{km₁m₂…m_T} = Σ_{i,j} 𝒢^{(T)}_{ijk} (C^{(T)}Fᵀ "
    "⊗_ξ Γ^{ℓ,T−1})_{im_Tjm₁…m_{T−1}} ∈ ℝ^{1×M×M×⋯×M}, Γ^ℓ(𝕏) = Γ^{ℓ,T}(𝕏)_{1,:,:,…,:"
    '} (21)".'
)

S_TABLE1 = (
    '- Settings: "For the experiments on the visual datasets we used T = 16, m = 32, '
    "R = 64 and for the experiments on the IMDB dataset we had T = 100, m = 50, R = 5"
    "0. Parameters of all networks were optimized using Adam (learning rate α = 10⁻⁴)"
    ' and batch size 250."\n- Table 1 (MNIST / CIFAR-10 / IMDB): xy 97.39 / 43.08 / 83'
    ".33; max(x, y, 0) 97.45 / 48.09 / 84.35; ln(eˣ + eʸ) 97.68 / 55.37 / 82.25; x + "
    "y 96.28 / 57.18 / 81.28; √(x² + y²) 96.44 / 49.04 / 79.76.\n"
    '- Fig. 2 caption: "(M = 50, T = 100, ξ(x, y'
    ') = max(x, y, 0))".'
)
