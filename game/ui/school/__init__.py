"""The piece school's map (its stages are played on the board, in `game.ui.board`)."""
