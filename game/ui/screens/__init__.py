"""Screens of the stack: play, menus, dialogs, attract mode."""
