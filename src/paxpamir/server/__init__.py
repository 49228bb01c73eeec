"""``pamir serve``: a self-hosted game server for online play (optional extra ``server``).

The server holds no rule of its own: every game is a :class:`paxpamir.Game` rebuilt from an append-only list
of decisions in a SQL database (SQLite by default, PostgreSQL for several processes), driven only through the
decision API. See docs/server-protocol.md for the websocket protocol and the JSON API.
"""
