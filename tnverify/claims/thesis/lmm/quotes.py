"""Statements of the gated-cells-lmms LMM claims of thesis, quoted from
the thesis (the toolkit's readings are in the claims' ``readings``, not here)."""

STATEMENTS = {
    "thesis-eq-5.18": (
        '"Let [𝐱^{(1)}, 𝐱^{(2)}, …, 𝐱^{(L)}] be a sequence of N-dimensional inputs. A RAC'
        " layer with H-dimensional hidden states is defined as: 𝐡^{(t)} = 𝐀𝐡^{(t−1)} ⊙ 𝐁𝐱"
        "^{(t)}, (5.18) where 𝐡^{(t)} ∈ ℝ^H is the vector of hidden states, 𝐀 ∈ ℝ^{H×H} i"
        's the hidden-to-hidden matrix, and 𝐁 ∈ ℝ^{N×H} is the input-to-hidden matrix."'
    ),
    "thesis-eq-5.19": (
        '"one can write 𝐀 = 𝐏Λ𝐏⁻¹, where 𝐏 ∈ ℂ^{H×H} is an invertible matrix and Λ = diag'
        "(λ₁, λ₂, …, λ_H) ∈ ℂ^{H×H}. Plugging the decomposition 𝐀 = 𝐏Λ𝐏⁻¹ into Eq. 5.18 a"
        "nd multiplying both sides by 𝐏⁻¹, 𝐡̄^{(t)} = Λ𝐡̄^{(t−1)} ⊙ 𝐁𝐱^{(t)}, (5.19) wher"
        "e 𝐡̄^{(t)} = 𝐏⁻¹𝐡^{(t)} ∈ ℂ^H. … It is important to note that, unlike the symmet"
        "ric setting where eigenvalues and eigenvectors are real, one has to allow for co"
        'mplex entries to achieve full equivalence in the non-symmetric case." §7.2: "one '
        "has to allow for complex entries to achieve full equivalence in the non-symmetric"
        ' case (see Sec. 5.4.1)".'
    ),
    "thesis-eq-5.20": (
        '\n  - Eq. 5.20: "in order to circumvent matrix multiplication and easier control '
        "the magnitude of the 𝐡 over time, we diagonalize 𝐁 = 𝐕Γ𝐕⁻¹ and replace 𝐁 with it"
        "s diagonal matrix Γ = diag(γ₁, γ₂, …, γ_H) ∈ ℂ^{H×H}: 𝐡^{(t)} = Λ𝐡^{(t−1)} ⊙ Γ𝐱^"
        "{(t)}, (5.20) where we assume H = N for simplicity (i.e., 𝐁 ∈ ℝ^{H×H} and 𝐱^{(t)"
        '} ∈ ℂ^H)."\n  - Learnable parameters: "this indicates that the learnable paramete'
        "rs in Eq. 5.20 essentially are the eigenvalues of both 𝐀 and 𝐁 under Glorot init"
        'ialization."'
    ),
    "thesis-eq-5.21": (
        '"Λ = diag(exp(−𝐯_Λ + iθ_Λ)); Γ = diag(exp(−𝐯_Γ + iθ_Γ)), (5.21) where 𝐯_Λ, θ_Λ, '
        "𝐯_Γ, θ_Γ ∈ ℂ^H are the learnable parameters. Then, to ensure that the entries of"
        " Λ and Γ are sampled uniformly on the unit disk, we use Lem. 4.2.1 … Let 𝐮₁, 𝐮₂ "
        "be independent uniform random variables on the interval [0, 1]. Let 0 ≤ r_min ≤ "
        "r_max ≤ 1. Then, compute 𝐯 = −½ log(r_max² − r_min²) + r_min² and θ = 2π𝐮₂. In t"
        "his way, exp(−𝐯 + iθ) is uniformly distributed on the annulus in ℂ between circl"
        'es of radii r_min and r_max (see Fig. 4.8)."'
    ),
    "thesis-sec-5.4.1-params": (
        '\n  - §5.4.1: "instead of learning 𝐀 and 𝐁, LMMs learn 𝐯_Λ, θ_Λ, 𝐯_Γ, θ_Γ during '
        "training. The number of training parameters decreases from two dense matrices (i"
        '.e., 2H²) to four vectors (i.e., 4H)."\n  - §1: "With H-dimensional hidden states'
        ", the total number of trainable parameters in the recurrent layer is reduced fro"
        'm 2H² in vanilla RNNs to 4H."\n  - §6.4.2: "An advantage of LMM-MMn lies in its r'
        "ecurrent layer having fewer parameters than other recurrent units, reduced from "
        '2H² to 4H (H is the dimension of hidden states)."'
    ),
    "thesis-eq-5.22": (
        '"According to Eq. 5.20, the component j ∈ [N] of 𝐡^{(t)} at timestamp t ∈ [L] ev'
        "olves such that: h^{(t)}_j = (λ_jγ_j)^t Π_{i=1}^t x^{(i)}_j, (5.22) where we ass"
        "ume that 𝐡^{(0)} = 𝟏. Because of Glorot initialization and the norm of λ_j, γ_j "
        "and x^{(i)}_j being less than 1, Eq. 5.22 clearly shows the exponential nature o"
        'f hidden states in LMMs."'
    ),
    "thesis-eq-5.23": (
        '"we introduce a multi-layer perceptron to Eq. 5.20 and call it the LMM-MLP, with'
        " its hidden states at time t defined as: 𝐡^{(t)} = MLP(Λ𝐡^{(t−1)} ⊙ Γ𝐱^{(t)}), ("
        "5.23) where MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱^{(t)} and 𝐂 ∈ ℂ^{H×H}, 𝐃 ∈ ℂ^{H×H} are learnable pa"
        "rameters. From the perspective of tensor networks, a notable drawback of LMM-MLP"
        ' is its disruption of multiplicativity."'
    ),
    "thesis-eq-5.24": (
        '"However, a paradox arises due to the inherent linearity of tensor networks, whi'
        "le the commonly used activation functions, such as ReLU (Agarap, 2018), are nonl"
        "inear. Here, to preserve the linearity, we opt for the widely adopted linear tra"
        "nsformation method known as Min-Max normalization (MMn; Sahu, 2015). … 𝐡^{(t)} ="
        " MMn(Λ𝐡^{(t−1)} ⊙ Γ𝐱^{(t)}), (5.24) where MMn(𝐳) = a + (𝐳 − min(𝐳))(b − a)/(max("
        '𝐳) − min(𝐳)) ∈ ℝ^H_{[a,b]} and a, b are the min-max boundary values." §1: "when'
        " combined with a linear normalization layer, such as Min-Max normalization (Sahu,"
        ' 2015), LMMs show competitive effectiveness". §7.1: "Since LMM-MMn inherits fund'
        "amental properties from tensor networks, which are linear, multiplicative, and c"
        'omplex-valued."'
    ),
    "thesis-eq-6.3": (
        '"Theoretically, in the vanilla version of RNNs with identity activations, the gr'
        "adient of hidden states is computed as follows: ∂𝐡^{(t)}/∂𝐡^{(t−n)} = (𝐀ᵀ)ⁿ, (6."
        '3) where 𝐡^{(t)} = 𝐀𝐡^{(t−1)} + 𝐁𝐟^{(t)} and n ∈ [L]."'
    ),
    "thesis-eq-6.7": (
        '"they first introduced two additional bias vectors, β₁ and β₂, added to 𝐀𝐡^{(t−1'
        ")} and 𝐁𝐟^{(t)}: 𝐡^{(t)} = φ((𝐀𝐡^{(t−1)} + β₁) ⊙ (𝐁𝐟^{(t)} + β₂)). (6.6) Then, t"
        "hey introduced another bias vector α to gate the term 𝐀𝐡^{(t−1)} ⊙ 𝐁𝐟^{(t)}, obt"
        "aining the following formulation: 𝐡^{(t)} = φ(α ⊙ 𝐀𝐡^{(t−1)} ⊙ 𝐁𝐟^{(t)} + β₁ ⊙ 𝐁"
        "𝐟^{(t)} + β₂ ⊙ 𝐀𝐡^{(t−1)}). (6.7) Thus, Wu et al. (2016) considered that the gen"
        "eral formulation of multiplicative integration in Eq. 6.7 naturally included the"
        ' additive integration as a special case."'
    ),
    "thesis-eq-6.8": (
        '"Theoretically, the gradient of hidden states in RAC can be computed as follows:'
        " ∂𝐡^{(t)}/∂𝐡^{(t−n)} = (𝐀ᵀ diag(𝐁𝐟^{(t−n+1)}))ⁿ, (6.8) … where 𝐡^{(t)} = 𝐀𝐡^{(t−"
        '1)} ⊙ 𝐁𝐟^{(t)} and n ∈ [L]."'
    ),
    "thesis-eq-6.9": (
        '"Formally, the gradient of hidden states in Eq. 5.20 is computed as follows: ∂𝐡^'
        "{(t)}/∂𝐡^{(t−n)} = (Λᵀ diag(Γ𝐱^{(t)}))ⁿ, (6.9) where n ∈ [t]. Since Λ and Γ are "
        "diagonal matrices, the component of j ∈ [N] of ∂𝐡^{(t)}/∂𝐡^{(t−n)} is computed a"
        "s (λ_jγ_j)ⁿ Π_{i=t−n+1}^t x^{(i)}_j. When treating the real and imaginary parts "
        "of numbers as separate parameters, the computation of gradients in the complex d"
        "omain requires 8n times of multiplications than when dealing with real-valued va"
        'riables (i.e., 2n)."'
    ),
}
