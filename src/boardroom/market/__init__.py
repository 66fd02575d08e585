"""Generic 18xx market machinery: the stock track and share certificates with presidency.

Nothing here knows a particular title: the Lost Atlas supplies the track's values and the
charters' share structures.
"""
