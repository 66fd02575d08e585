"""The picture of a Lost Atlas board: SVG (:mod:`.svg`, which puts together
:mod:`.geometry`, :mod:`.style`, :mod:`.elements`, :mod:`.spaces`, :mod:`.pieces` and
:mod:`.legend`)."""
