"""Railways of the Lost Atlas: an 18xx of tri-hex map building, minors and mergers.

For now this package holds only the title's component data (``data/components.toml``)
and the loader that validates it (:mod:`boardroom.titles.lost_atlas.board.components`); the
rules engine and the title registration come later.
"""
