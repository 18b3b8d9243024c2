"""Tests of the standalone executable and of the PyInstaller spec that builds it."""
