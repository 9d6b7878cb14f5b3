"""obsline: raw agent tool responses in, compact typed model-ready observations out."""

__version__ = "0.1.0"
__all__ = ["__version__"]
