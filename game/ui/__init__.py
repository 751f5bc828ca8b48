"""The Pygame front end: the window, the scene manager, the scenes and their assets.

Only this package calls pygame's display, font and mixer; the model stays headless. It is in
rooms: `core/` (what every screen uses) and one folder per feature, which imports only the core
and itself. The app and the navigation at this top assemble the features.
"""
