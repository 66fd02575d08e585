"""The Operating Round's steps, one module each, in the rulebook's order (p.12-17):
:mod:`.leadoff`, :mod:`.shares`, :mod:`.track`, :mod:`.hub`, :mod:`.run`,
:mod:`.payout`, :mod:`.train_purchase`, then :mod:`.forced_purchase` and
:mod:`.bankruptcy`; what is for sale is :mod:`.train_market`, the company's turn (the
steps' order and the round's sub-state) :mod:`.turn`, and the notation
:mod:`.notation`. The round itself — whose turn, which step, the dispatch of ``legal``,
``check`` and ``apply`` to the step — is
:mod:`boardroom.titles.lost_atlas.rounds.operating_round`."""
