"""The games the tutor teaches beyond dominoes, one package each (pure Python, no web framework)."""
