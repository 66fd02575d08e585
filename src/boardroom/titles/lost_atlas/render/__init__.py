"""The picture of a Lost Atlas board: SVG (:mod:`.svg`)."""
