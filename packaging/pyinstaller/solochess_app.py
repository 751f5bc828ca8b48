"""The standalone build's program (PyInstaller runs this file; `tools/build_app.py` builds it).

It is the `solochess` command. One extra: reading aloud through pyttsx3 (Windows, macOS) starts
`python -m game.outputs.speech` in a process of its own; in the build `sys.executable` is this
program, so that command line is answered here.
"""

import sys

if len(sys.argv) > 2 and sys.argv[1] == "-m" and sys.argv[2].endswith(".outputs.speech"):
    from game.outputs.speech import main as speak

    raise SystemExit(speak(sys.argv[3:]))

from game.cli.main import main

raise SystemExit(main())
