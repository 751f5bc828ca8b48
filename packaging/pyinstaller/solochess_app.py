"""The standalone build's program (PyInstaller runs this file; `tools/build_app.py` builds it).

It is the `solochess` command. Two extras: reading aloud through pyttsx3 (Windows, macOS) starts
`python -m game.outputs.speech` in a process of its own; in the build `sys.executable` is this
program, so that command line is answered here. And `solochess -m game.store.proof` signs and
checks a test vector with the build's own `cryptography` (`tools/build_app.py` runs it last).
"""

import sys

if len(sys.argv) > 2 and sys.argv[1] == "-m" and sys.argv[2].endswith(".outputs.speech"):
    from game.outputs.speech import main as speak

    raise SystemExit(speak(sys.argv[3:]))

if sys.argv[1:] == ["-m", "game.store.proof"]:
    from game.store.proof import main as check_proof

    raise SystemExit(check_proof())

from game.cli.main import main

raise SystemExit(main())
