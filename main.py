"""Start Solo Chess from a checkout: `python main.py` does what `solochess` does."""

from game.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
