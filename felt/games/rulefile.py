"""Old name of ``felt.contract.rulefile`` (the contract moved to felt/contract/ in version 1.1): it
stays for plug-ins written before, with a DeprecationWarning naming the new import, until 2.0."""
from felt.contract.version import moved

__getattr__, __dir__ = moved(__name__, "felt.contract.rulefile")
