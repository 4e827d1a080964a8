"""Felt Club: Präsident for one table on a shared Wi-Fi."""

__version__ = "0.1.0"
