"""Screens shared by every game: launcher, setup, curtain, help, reveal, quit, game over."""
