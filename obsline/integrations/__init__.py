"""Drop-ins for agents that run obsline without writing glue: the MCP gateway, framework middleware, tool spans."""
