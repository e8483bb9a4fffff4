"""Statements of the gated-cells-lmms claims of grurntn, verbatim from
the paper (a neighbouring sentence or equation with its own erratum is its own
claim: Eq. 26, the §V-B table reference, the character-level hidden sizes)."""

STATEMENTS = {
    "grurntn-eq-8": (
        '"The GRU hidden layer at time t is defined by the following equations [5]: r_t ='
        " σ(x_tW_{xr} + h_{t−1}W_{hr} + b_r) (8); z_t = σ(x_tW_{xz} + h_{t−1}W_{hz} + b_z"
        ") (9); h̃_t = f(x_tW_{xh} + (r_t ⊙ h_{t−1})W_{hh} + b_h) (10); h_t = (1 − z_t) ⊙"
        ' h_{t−1} + z_t ⊙ h̃_t (11)". Reference [5] is Cho et al. 2014.'
    ),
    "grurntn-eq-15": (
        '"p₁ = f([x₁ x₂] W_{tsr}^{[1:d]} [x₁; x₂] + [x₁ x₂] W + b) (15); p₂ = f([p₁ x₃] W'
        "_{tsr}^{[1:d]} [p₁; x₃] + [p₁ x₃] W + b) (16) where W_{tsr}^{[1:d]} ∈ ℝ^{2d×2d×d"
        "} is the tensor weight to map the tensor product between two children vectors. E"
        'ach slice W_{tsr}^{[i]} is a matrix ℝ^{2d×2d}." The inputs are x ∈ ℝ^d and W ∈ ℝ'
        "^{2d×d}."
    ),
    "grurntn-eq-17": (
        '"r_t = σ(x_tW_{xr} + h_{t−1}W_{hr} + b_r); z_t = σ(x_tW_{xz} + h_{t−1}W_{hz} + b'
        "_z); h̃_t = f([x_t (r ⊙ h_{t−1})] W_{tsr}^{[1:d]} [x_t; (r ⊙ h_{t−1})] + x_tW_{x"
        "h} + (r_t ⊙ h_{t−1})W_{hh} + b_h) (17); h_t = (1 − z_t) ⊙ h_{t−1} + z_t ⊙ h̃_t, "
        "where W_{tsr}^{[1:d]} ∈ ℝ^{(i+d)×(i+d)×d} is a tensor weight for mapping the ten"
        "sor product between the input-hidden layer, i is the input layer size, and d is "
        'the hidden layer size."'
    ),
    "grurntn-eq-18": (
        '"Alternatively, in this paper we use a simpler bilinear form for calculating h̃_'
        "t: h̃_t = f([x_t] W_{tsr}^{[1:d]} [(r_t ⊙ h_{t−1})]ᵀ + x_tW_{xh} + (r_t ⊙ h_{t−1"
        "})W_{hh} + b_h) (18) where W_{tsr}^{[i:d]} ∈ ℝ^{i×d×d} is a tensor weight. Each "
        "slice W_{tsr}^{[i]} is a matrix ℝ^{i×d}. … We reduce the number of parameters fr"
        "om the original neural tensor network formulation by using this asymmetric versi"
        'on."'
    ),
    "grurntn-eq-19": (
        '"i_t = σ(x_tW_{xi} + h_{t−1}W_{hi} + c_{t−1}W_{ci} + b_i); f_t = σ(x_tW_{xf} + h'
        "_{t−1}W_{hf} + c_{t−1}W_{cf} + b_f); c̃_t = tanh([x_t] W_{tsr}^{[1:d]} [h_{t−1}]"
        " + x_tW_{xc} + h_{t−1}W_{hc} + b_c) (19); c_t = f_t ⊙ c_{t−1} + i_t ⊙ c̃_t (20);"
        " o_t = σ(x_tW_{xo} + h_{t−1}W_{ho} + c_tW_{co} + b_o); h_t = o_t ⊙ tanh(c_t) whe"
        "re W_{tsr}^{[1:d]} ∈ ℝ^{i×d×d} is a tensor weight to map the tensor product betw"
        "een current input x_t and previous hidden layer h_{t−1} into our candidate cell "
        'c̃_t. Each slice W_{tsr}^{[i]} is a matrix ℝ^{i×d}."'
    ),
    "grurntn-eq-21": (
        '"P(y|x) = Π_{i=1}^T P(y_i|x₁, …, x_i) (21) … E(θ) = −log P(y|x) = −log(Π_{i=1}^T'
        ' P(y_i|x₁, …, x_i)) (22) = −Σ_{i=1}^T log P(y_i|x₁, …, x_i) (23)".'
    ),
    "grurntn-eq-24": (
        '- Eq. 24: "∂E_i(θ)/∂W_{tsr}^{[1:d]} = Σ_{j=1}^i (∂E_i(θ)/∂h̃_j)(∂h̃_j/∂W_{tsr}^{'
        "[1:d]}) = Σ_{j=1}^i (∂E_i(θ)/∂h̃_j)(∂h̃_j/∂a_j)(∂a_j/∂W_{tsr}^{[1:d]}) = Σ_{j=1}"
        '^i (∂E_i(θ)/∂h̃_j) f′(a_j) [x_j]ᵀ[(r_j ⊙ h_{j−1})] (24)".\n  - Definitions: "wher'
        "e a_j = ([x_j] W_{tsr}^{[1:d]} [(r_j ⊙ h_{j−1})]ᵀ + x_jW_{xh} + (r_j ⊙ h_{j−1})W"
        "_{hh} + b_h) and f′(·) is a function derivative from our activation function: f′"
        "(a_j) = (1 − f(a_j))², if f(·) is tanh function; f(a_j)(1 − f(a_j)), if f(·) is "
        'sigmoid function".\n  - Truncation: "If we want to use the truncated BPTT to igno'
        're the history past over K time-steps, we can limit j ∈ [max(1, i−K)..i]."'
    ),
    "grurntn-eq-25": (
        '"∂E_i(θ)/∂W_{tsr}^{[1:d]} = Σ_{j=1}^i (∂E_i(θ)/∂c_j)(∂c_j/∂W_{tsr}^{[1:d]}) = Σ_'
        "{j=1}^i (∂E_i(θ)/∂c_j)(∂c_j/∂tanh(a_j))(∂tanh(a_j)/∂a_j)(∂a_j/∂W_{tsr}^{[1:d]}) "
        '= Σ_{j=1}^i (∂E_i(θ)/∂c_j) i_j (1 − tanh²(a_j)) [x_j]ᵀ[h_{j−1}] (25)", with a_j '
        "the pre-activation of the candidate cell printed as Eq. 26 (the claim grurntn-eq"
        "-26)."
    ),
    "grurntn-eq-26": (
        '"where a_j = ([x_j] W_{tsr}^{[1:d]} [h_{j−1}] + x_jW_{xc} + h_{j−1}W_{hc} + b_c) (26)".'
    ),
    "grurntn-eq-27": (
        '"PPL = 2^{−(1/N) Σ_{i=1}^N log₂ P(X_i|X_{1..i−1})} (27)"; "BPC = −(1/N)(Σ_{i=1}^'
        'N log₂ p(X_i|X_{1..i−1})) (28)".'
    ),
    "grurntn-sec-4b-params": (
        '- Word level: "For the word-level language modeling task, we used 256 hidden uni'
        "ts for GRURNTN and LSTMRNTN, 860 for GRURNN, and 740 for LSTMRNN. All of these m"
        "odels use 128 dimensions for word embedding. … The total number of free paramete"
        "rs for GRURNN and GRURNTN were about 12 million and about 13 million for LSTMRNN"
        ' and LSTMRNTN."\n  - Character level: "For the character-level language modeling '
        "task, we used 256 hidden units for GRURNTN and LSTMRNTN, 820 for GRURNN, and 600"
        " for LSTMRNTN. All of these models used 32 dimensions for character embedding. …"
        " The total number of free parameters for GRURNN and GRURNTN was about 2.2 millio"
        'n and about 2.6 million for LSTMRNN and LSTMRNTN."\n  - Matching: "We constrained'
        " our baseline GRURNN to have a similar number of parameters as the GRURNTN model"
        '".'
    ),
    "grurntn-sec-4b-char-hidden": (
        '"For the character-level language modeling task, we used 256 hidden units for GR'
        'URNTN and LSTMRNTN, 820 for GRURNN, and 600 for LSTMRNTN."'
    ),
    "grurntn-sec-5-gains": (
        '- §V-A (character level): "GRURNTN reduced the BPC from 1.39 to 1.33 (0.06 absol'
        "ute / 4.32% relative BPC) from the baseline GRURNN, and LSTMRNTN reduced the BPC"
        " from 1.37 to 1.34 (0.03 absolute / 2.22% relative BPC) from the baseline LSTMRN"
        'N."\n  - §V-B (word level): "GRURNTN reduced the perplexity from 97.78 to 87.38 ('
        "10.4 absolute / 10.63% relative PPL) over the baseline GRURNN and LSTMRNTN reduc"
        "ed the perplexity from 108.26 to 96.97 (11.29 absolute / 10.42% relative PPL) ov"
        'er the baseline LSTMRNN."\n  - §VII repeats these numbers. The table values are t'
        "hose of Table I (BPC) and Table II (PPL)."
    ),
    "grurntn-sec-5b-table-ref": (
        '"Table I shows the PTB test set PPL among our baseline models, proposed models, '
        'and several published results." (§V-B). Table I is titled "PENN TREE BANK TEST S'
        'ET BPC"; Table II is titled "PENN TREEBANK TEST SET PPL".'
    ),
}
