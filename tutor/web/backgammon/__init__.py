"""The backgammon room of the web layer: the course's pages and diagrams, guided positions and free
play, the presenter and handouts, the API, and every sentence a backgammon learner reads."""
