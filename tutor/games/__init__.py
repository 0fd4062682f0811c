"""The games the tutor teaches, one package each (pure Python, no web framework), and what they share."""
