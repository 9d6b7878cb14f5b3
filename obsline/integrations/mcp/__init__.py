"""``obsline mcp``: an MCP gateway that answers every tool call with its observation.

    upstream.py   connections to the upstream MCP servers (stdio commands or streamable HTTP)
    contracts.py  tool contracts from what the upstream declares (annotations, outputSchema)
    tasks.py      which task a call belongs to, its step and action ids
    mapping.py    upstream result -> envelope, observation -> CallToolResult
    structured.py structuredContent within a byte budget, valid against the outputSchema
    catalog.py    the upstreams' prompts and resources, and which upstream owns a URI
    resources.py  prompt and resource handlers; a resource read is an observation
    sessions.py   the connections to tell of list changes (notifications, listen streams)
    artifacts.py  the obsline_read_artifact tool and the per-task artifact resources
    fleet.py      fleet mode: the observation from the Kafka workers
    gateway.py    the handlers that tie these together
    server.py     the MCP server over stdio or streamable HTTP, and the CLI
    intercept.py  one-shot transform for gateways that already exist (Docker MCP Gateway)
"""
