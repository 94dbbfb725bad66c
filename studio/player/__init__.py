"""The player shell of an exported game (Qt): a title screen, the level list and
full-window play with the play-test's board, keeping the player's progress. Play >
Play Collection runs it inside the studio. ``collection`` is pure Python."""
