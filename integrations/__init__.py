"""Drop-ins for agents that run obsline without writing glue: framework middleware, tool spans."""
