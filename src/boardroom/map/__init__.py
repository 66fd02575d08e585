"""Generic 18xx map machinery: hex geometry, track tiles, the track graph.

Nothing here knows a particular title; the Lost Atlas (or a designer's own game) supplies
the data and the title-specific rules.
"""
