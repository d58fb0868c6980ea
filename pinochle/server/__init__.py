"""The web server: ASGI app, protocol, solo tables and storage.

It uses the engine (``pinochle.game``) and the computer players
(``pinochle.bots``); the engine imports nothing from here.
"""
