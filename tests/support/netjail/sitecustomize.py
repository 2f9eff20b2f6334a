"""Loaded by every Python subprocess the tests start (PYTHONPATH): jail its sockets too."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Found through the path the line above adds (in a subprocess); mypy, whose base is tests/,
# knows and checks it as `support.network_jail`.
import network_jail  # type: ignore[import-not-found]

network_jail.install()
