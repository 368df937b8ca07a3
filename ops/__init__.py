"""Operations: build the NLU pipeline and model, and run the help desk's processes."""
