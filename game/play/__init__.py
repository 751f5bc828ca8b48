"""What happens in play, headless: the board session, the level select's choices and the
piece school's way on. Scenes and the text version call these objects with what the player
did and turn what they answer (values) into pictures, sound, speech and lines of text."""
