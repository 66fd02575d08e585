"""The browser table: the lobby and the Acquire and Lost Atlas tables.

The page itself is plain files under ``static/`` (an ES-module app, no build step, no
request to any host but the server); :mod:`boardroom.web.api` holds the few read
endpoints it needs beside the game server's API.
"""
