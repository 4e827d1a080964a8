"""The phone stand-in of the tests lives in the package (the bench plays phones too)."""
from felt.ui.phone_client import Phone, play_move, play_round, ready  # noqa: F401
