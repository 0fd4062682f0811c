"""The web layer: thin views over the engine, the analysis and the catalogs."""
