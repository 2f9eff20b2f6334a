"""Loaded by every Python subprocess the tests start (PYTHONPATH): jail its sockets too."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import network_jail

network_jail.install()
