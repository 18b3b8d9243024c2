"""Exercises: trees to solve by hand, their answer keys, grading and history.

``exercise`` (the exercise, its key, a student's answer and hints), ``grade`` (the
answer checked against the key) and ``history`` (the exercises done, kept between
runs). Import from the modules: this package names nothing itself.
"""
