"""The translators' and engineers' tools: the catalogs' command line, the context pictures and the
game states they photograph. They may import everything; the app imports none of them
(tests/core/test_house.py)."""
