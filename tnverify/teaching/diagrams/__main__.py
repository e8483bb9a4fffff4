"""``python -m tnverify.teaching.diagrams OUTDIR``: regenerate the tutorial's images
(:func:`tnverify.teaching.diagrams.tutorial.main`)."""

from .tutorial import main

raise SystemExit(main())
