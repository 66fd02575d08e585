"""The Lost Atlas variants, one module each, and their switches (:mod:`.switches`)."""
