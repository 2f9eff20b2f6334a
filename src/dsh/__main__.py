"""``python -m dsh``: the ``dsh-web`` command line, as ``python -m dsh.cli`` is."""

import sys

from dsh.cli import main

sys.exit(main())
