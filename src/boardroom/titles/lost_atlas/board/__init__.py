"""The Lost Atlas board: component data, map building and map files, track laying, hubs,
the company acting on the map (``operator``), and the board as a routing problem.

Nothing here knows a round or a variant; the rounds and variants are built on top.
"""
