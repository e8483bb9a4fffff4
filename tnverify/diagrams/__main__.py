"""``python -m tnverify.diagrams OUTDIR``: regenerate the tutorial's images
(:func:`tnverify.diagrams.tutorial.main`)."""

from .tutorial import main

raise SystemExit(main())
