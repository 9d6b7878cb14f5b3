"""Kinds from a tool's name and description (no contract, no annotations), on tool listings
written from the public docs of real MCP servers and LangChain tools. Part of the corpus
(``HELD_OUT``) was kept out while the word lists were written, and is reported apart."""

from __future__ import annotations

import pytest

from obsline.core.models import ToolKind
from obsline.integrations.described import described_kind

R, N = ToolKind.READ, "never"  # N: anything that never folds (side_effect or generic)
WRITTEN_AGAINST = [
    ("read_text_file", "Read the complete contents of a file from the file system as text.", R),
    ("list_directory", "Get a detailed listing of all files and directories in a specified path.", R),
    ("write_file", "Create a new file or completely overwrite an existing file with new content.", N),
    ("edit_file", "Make line-based edits to a text file.", N),
    ("search_nodes", "Search for nodes in the knowledge graph based on a query.", R),
    ("create_entities", "Create multiple new entities in the knowledge graph.", N),
    ("get_or_create_user", "Gets a user by email, creating it when missing.", N),
    ("get_current_time", "Get current time in a specific timezones.", R),
    ("fetch", "Fetches a URL from the internet and optionally extracts its contents as markdown.", R),
    ("get_then_delete", "Reads a message and deletes it from the queue.", N),
    ("sequentialthinking", "A detailed tool for dynamic and reflective problem-solving through thoughts.", N),
]
HELD_OUT = [
    ("read_graph", "Read the entire knowledge graph.", R),
    ("open_nodes", "Open specific nodes in the knowledge graph by their names.", R),
    ("delete_relations", "Delete multiple relations from the knowledge graph.", N),
    ("git_log", "Shows the commit logs.", N),  # first word "git" is no verb: unknown, never folded
    ("list_allowed_directories", "Returns the list of directories that this server is allowed to access.", R),
    ("get_file_info", "Retrieve detailed metadata about a file or directory.", R),
    ("move_file", "Move or rename files and directories.", N),
    ("query_database", "Runs a SQL statement against the database, including INSERT and UPDATE.", N),
    ("get_weather", "Get the weather forecast for a city.", R),
    ("send_email", "Send an email to a recipient.", N),
    ("fetch_and_store", "Fetches a page and stores a copy in the archive bucket, overwriting the old one.", N),
]


def _agrees(name: str, description: str, expected: object) -> bool:
    kind = described_kind(name, description)
    return kind is R if expected is R else kind is not R


@pytest.mark.parametrize(("name", "description", "expected"), WRITTEN_AGAINST)
def test_the_rule_holds_on_the_listings_it_was_written_against(name: str, description: str, expected: object) -> None:
    assert _agrees(name, description, expected)


def test_held_out_listings_and_never_a_write_taken_for_a_read() -> None:
    wrong = [(n, d) for n, d, e in HELD_OUT if not _agrees(n, d, e)]
    unsafe = [(n, d) for n, d, e in HELD_OUT + WRITTEN_AGAINST if e is N and described_kind(n, d) is R]
    assert unsafe == []  # the one error that matters: a write folded as a repeat
    assert len(wrong) <= 1, wrong
