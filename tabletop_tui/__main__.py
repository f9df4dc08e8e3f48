"""`python -m tabletop_tui` runs the `tabletop-tui` command."""

import sys

from .cli import main

sys.exit(main())
