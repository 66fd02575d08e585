# The compiled route search (_bnb.c); see search._KernelSearch for what the arguments are.
class Kernel:
    def __init__(
        self, ns: int, nh: int, nv: int, nm: int, wp: int, wv: int, n_groups: int,
        pass_extra: int, transpose: int, local: int, trains: int, val: bytes, bon: bytes,
        kind: bytes, gvm: bytes, mstart: bytes, mlist: bytes, target: bytes, pieces: bytes,
        passes: bytes, top: bytes, relax: bytes, flow: bytes, stop_end: bytes,
        end_mask: bytes, near_start: bytes, near_val: bytes, near_bit: bytes, /,
    ) -> None: ...
    def run(
        self, caps: list[int], alone: list[int], best: int, snap: list[int], start_used: bytes,
        ceiling: int, budget: int, nodes: int, pair_most: int = 0, /,
    ) -> tuple[int, list[int], int, int]: ...
    def pair(
        self, caps: list[int], alone: list[int], best: int, snap: list[int], floor: int,
        most: int, budget: int, nodes: int, /,
    ) -> tuple[int, list[int], int, int]: ...
