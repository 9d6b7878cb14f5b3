"""secretfields.py: a secret in a constrained structured field, with the schema kept valid."""

from __future__ import annotations

from jsonschema import Draft202012Validator

from obsline.integrations.mcp.secretfields import hide_in_structure, masked_forms

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
HANDLE = "[secret:github_token-177815906355]"
SCHEMA = {"type": "object", "required": ["token", "hex", "mail"], "properties": {
    "token": {"type": "string", "pattern": "^ghp_[A-Za-z0-9]{36}$"},
    "hex": {"type": "string", "pattern": "^[0-9a-f]{12}$"},
    "mail": {"type": "string", "format": "email"},
    "spare": {"type": "string", "pattern": "^ghp_"},
    "free": {"type": "string"},
    "list": {"type": "array", "items": {"type": "string", "maxLength": 40}}}}


def test_optional_fields_are_left_out_required_ones_masked_free_ones_get_the_handle() -> None:
    value = {"token": TOKEN, "hex": "0a1b2c3d4e5f", "mail": "ann.secret@corp.example", "spare": TOKEN,
             "free": f"token is {TOKEN}", "list": [TOKEN]}
    secrets = {TOKEN: HANDLE, "0a1b2c3d4e5f": "[secret:key-1]", "ann.secret@corp.example": "[secret:email-2]"}
    hidden = hide_in_structure(value, SCHEMA, secrets)
    out = hidden.value
    assert Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER).is_valid(out)
    assert "spare" not in out and out["free"] == f"token is {HANDLE}" and out["list"] == [HANDLE]
    assert out["token"].startswith("ghp_") and TOKEN[4:] not in out["token"]
    assert out["hex"] == "0a0a0a0a0a0a" and "@" in out["mail"] and "ann" not in out["mail"]
    assert {f["path"]: f["action"] for f in hidden.fields} == {
        "token": "masked", "hex": "masked", "mail": "masked", "spare": "left out"}
    assert "spare left out" in (hidden.note() or "")


def test_nothing_to_hide_is_the_value_itself() -> None:
    value = {"token": "plain"}
    assert hide_in_structure(value, SCHEMA, {}).value is value
    assert masked_forms("sk_live_Ab9") == ["xx_xxxx_Xx0", "aa_aaaa_Aa0", "sk_xxxx_Xx0", "sk_aaaa_Aa0",
                                           "sk_live_Xx0", "sk_live_Aa0"]
