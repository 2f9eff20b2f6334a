import sys

from dsh.cli import main

sys.exit(main())
