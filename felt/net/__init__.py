"""Felt Club over the LAN: one asyncio host owns the table, clients get per-seat views.

Modules (each imports only what it needs, so `import felt.net` is cheap):
- framing: sans-I/O length-prefixed msgpack frames (64 KiB cap, strict decoding)
- schema: every message and its fields, error codes, PROTOCOL_VERSION
- host: the asyncio host (lobby, bots, timer, tokens, rate limit) and HostThread
- client: asyncio client with reconnect, and ClientThread for the window
- discovery: mDNS announcer/browser (_felt._tcp.local.) and TableBrowser
- matchlog: the append-only move log and replay
- tableconfig: the one place that decides a hosted table's settings, however it starts or resumes
- viewdelta: sans-I/O lighter updates (only the view keys that changed; the client
  puts the whole view back together)
- botclient, commands, bench, testing: `felt bot`, `felt host --headless`, `felt discover`,
  `felt bench net`, and helpers for tests
See PROTOCOL.md for the wire protocol.
"""
