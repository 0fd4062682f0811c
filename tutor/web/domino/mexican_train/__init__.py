"""Mexican Train's pages, sentences and API answer (its engine: ``tutor.games.domino.mexican_train``)."""
