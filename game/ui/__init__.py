"""The Pygame front end: the window, the scene manager, the scenes and their assets.

Only this package calls pygame's display, font and mixer; the model stays headless.
"""
