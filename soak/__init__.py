"""Soak tests: long runs of what must never be lost or leaked.

- :mod:`soak.restarts`: kill -9 after every acknowledged move, restart, reconnect;
- :mod:`soak.fuzz`: generated frames against a live server while another match plays;
- :mod:`soak.secrecy`: every seat's view at every state of simulated matches of every game.

Each runs from the command line (``python -m soak.restarts --help``); ``tests/test_soak.py``
runs a shortened version of each. The results are in ``docs/reliability.md``.
"""
