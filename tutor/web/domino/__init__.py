"""The domino room of the web layer: the course's pages, diagrams, practice, presenter, API and
every sentence a domino learner reads. Mexican Train's pages are in ``mexican_train``."""
