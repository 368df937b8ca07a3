"""The law as data: village files, the discharge vocabulary, what a question means, the
answers with their citations and quotes, reply selection, business-day deadlines and times."""
