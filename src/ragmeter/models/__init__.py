"""Model clients and embedders used by the judges."""
