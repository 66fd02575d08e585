"""Search bots: information-set Monte Carlo tree search over the titles' heuristics.

:mod:`~boardroom.bots.search.mcts` is the title-free search; ``acquire`` and
``lost_atlas`` tell it about each title; :mod:`~boardroom.bots.search.bot` is the bot
(``search``, with options such as ``search:iters=200``) and the levels ``easy``,
``medium`` and ``hard``.
"""
