"""Reports residents file: how the report form reads each answer, the report's fields and
assessment, and the tickets (with their notes) they become."""
