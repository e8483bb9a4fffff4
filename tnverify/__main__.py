"""``python -m tnverify``: the command line (see :mod:`tnverify.cli`)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
