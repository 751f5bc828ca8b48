"""Solo Chess: the 4x4 capture-only puzzle, with a solver, a generator and a Pygame game."""

import os

# pygame prints a banner on import; the command line and the tests must stay quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "1.0.0"
