"""Shared test setup: pygame runs headless, with no window and no sound device."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read the English texts, whatever language this computer speaks.
os.environ["LANGUAGE"] = "en"
