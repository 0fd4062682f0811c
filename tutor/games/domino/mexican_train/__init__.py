"""Mexican Train: the engine (``engine``), the computer's players, the renderer of trains, the
diagrams and the guided hands. It stands beside the double-six engine of ``tutor.games.domino``:
its tiles run to 12 and its table is a set of trains, not a line (VARIANTS.md, "Mexican Train")."""
