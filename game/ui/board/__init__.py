"""The board: playing a puzzle (the scene, its input, answers, frame, layers and view), and the
piece school's stage, which is a board with a lesson on it."""
