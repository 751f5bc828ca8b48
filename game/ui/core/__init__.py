"""The UI's core, which every feature uses: the scene and its context, the job worker, the window,
assets, fonts, theme, layout, text fitting, widgets, drawing helpers, the pieces' sprites,
avatars, a board's squares and marks, pages of level tiles, reading aloud and the quit question.
It imports no feature."""
