"""The generated safety corpora (tests/adapters/corpora), by part, language and trick.

    python -m bench safety        # writes the safety-corpora section of docs/benchmarks.md

The dev part is what rules may be written against; the held-out part was never read while
writing them, so its figures are the ones that predict text nobody showed us.
``python -m bench quality`` reports the summary rows of the same figures (``safety_figures``).
"""

from __future__ import annotations

import argparse
from typing import Any

from bench.common import write_section


def _pct(hits: int, total: int) -> str:
    return f"{hits:,} / {total:,} = {hits / total:.1%}" if total else "-"


_Summary = list[tuple[str, str, int, int, int, int]]


def _first_all(items: dict) -> list:
    return sorted(items.items(), key=lambda kv: (kv[0] != "all", kv[0]))


def _injection_rows(key_name: str, by: dict, dashes: bool = False) -> list[str]:
    """A table of injections caught and false alarms by ``key_name`` (``dashes``: '-' where none)."""
    def pct(hits: int, total: int) -> str:
        return _pct(hits, total) if total or not dashes else "-"
    return [f"| {key_name} | injections caught | false alarms |", "|---|---|---|",
            *(f"| {k} | {pct(v.caught, v.attacks)} | {pct(v.alarms, v.benign)} |" for k, v in _first_all(by))]


def _secret_rows(sec: dict) -> list[str]:
    return ["| format | secrets hidden | look-alikes shown |", "|---|---|---|",
            *(f"| {k} | {_pct(v.hidden, v.secrets)} | {_pct(v.shown, v.lookalikes)} |" for k, v in _first_all(sec))]


def _docs_lines(cases: list) -> list[str]:
    from tests.adapters.corpora.evaluate import flagged
    from tests.adapters.corpora.injections import SECURITY_DOC

    docs = [c for c in cases if c.label == SECURITY_DOC]
    return ["", f"Security articles that quote attacks (reported apart, not false alarms): "
                f"{sum(map(flagged, docs))} of {len(docs)} flagged."] if docs else []


def _two_parts(k: str, d: object, h: object, fields: tuple[str, str, str, str]) -> str:
    """A row of a dev / held-out table: two figures of each part, '-' where the part lacks ``k``."""
    a, b, c, e = fields
    first = f"{_pct(getattr(d, a), getattr(d, b)) if d else '-'} | {_pct(getattr(d, c), getattr(d, e)) if d else '-'}"
    second = f"{_pct(getattr(h, a), getattr(h, b)) if h else '-'} | {_pct(getattr(h, c), getattr(h, e)) if h else '-'}"
    return f"| {k} | {first} | {second} |"


def injection_tables() -> tuple[_Summary, str]:
    from tests.adapters.corpora import DEV, HELD_OUT
    from tests.adapters.corpora.evaluate import tally
    from tests.adapters.corpora.injections import cases

    all_cases = cases()
    summary: _Summary = []
    lines: list[str] = []
    for key_name, key in (("language", lambda c: c.lang), ("trick", lambda c: c.trick)):
        per_part = {part: tally([c for c in all_cases if c.part == part], key) for part in (DEV, HELD_OUT)}
        lines += [f"| {key_name} | dev: injections caught | dev: false alarms | held-out: injections caught "
                  "| held-out: false alarms |", "|---|---|---|---|---|"]
        lines += [_two_parts(k, per_part[DEV].get(k), per_part[HELD_OUT].get(k), ("caught", "attacks", "alarms", "benign"))
                  for k in sorted(set(per_part[DEV]) | set(per_part[HELD_OUT]), key=lambda k: (k != "all", k))]
        lines.append("")
        if key_name == "language":
            summary += [(part, "injection", t.caught, t.attacks, t.alarms, t.benign)
                        for part, t in ((part, per_part[part]["all"]) for part in (DEV, HELD_OUT))]
    lines.append(_docs_lines(all_cases)[-1])
    return summary, "\n".join(lines)


def secret_tables() -> tuple[_Summary, str]:
    from tests.adapters.corpora import DEV, HELD_OUT
    from tests.adapters.corpora.evaluate import secret_tally
    from tests.adapters.corpora.secrets import cases

    all_cases = cases()
    per_part = {part: secret_tally([c for c in all_cases if c.part == part], lambda c: c.fmt.split(":")[0])
                for part in (DEV, HELD_OUT)}
    lines = ["| format | dev: secrets hidden | dev: look-alikes shown | held-out: secrets hidden | held-out: look-alikes shown |",
             "|---|---|---|---|---|"]
    lines += [_two_parts(k, per_part[DEV].get(k), per_part[HELD_OUT].get(k), ("hidden", "secrets", "shown", "lookalikes"))
              for k in sorted(set(per_part[DEV]) | set(per_part[HELD_OUT]), key=lambda k: (k != "all", k))]
    summary = [(part, "secrets", per_part[part]["all"].hidden, per_part[part]["all"].secrets,
                per_part[part]["all"].shown, per_part[part]["all"].lookalikes) for part in (DEV, HELD_OUT)]
    leaks = [c.name for c in per_part[HELD_OUT]["all"].leaked]
    lines += ["", f"Held-out leaks: {', '.join(leaks) if leaks else 'none'}."]
    return summary, "\n".join(lines)


def _fresh_by_kind(module: str, cases: list) -> list[str]:
    """fresh-3..5's attacks carry a trick each (by trick, whatever the placement); fresh-5's
    placements are tricks too (an RFC 5545 fold cuts words)."""
    from tests.adapters.corpora.evaluate import tally

    lines: list[str] = []
    if module in ("fresh3", "fresh4", "fresh5"):
        lines += ["", *_injection_rows("trick", tally(cases, lambda c: c.trick.split(" / ")[0]), dashes=True)]
    if module == "fresh5":
        lines += ["", *_injection_rows("placement", tally(cases, lambda c: c.trick.split(" / ")[-1]))]
    return lines


def fresh_tables(module: str = "fresh") -> tuple[_Summary, str]:
    """A fresh held-out part (tests/adapters/corpora/fresh.py, fresh2.py): written after the parts
    before it had informed rules, never run while one was written."""
    import importlib

    from tests.adapters.corpora.evaluate import secret_tally, tally

    corpus = importlib.import_module(f"tests.adapters.corpora.{module}")
    part = getattr(corpus, module.upper())
    cases = corpus.injection_cases()
    inj = tally(cases, lambda c: c.lang)
    sec = secret_tally(corpus.secret_cases(), lambda c: c.fmt)
    t, a = inj["all"], sec["all"]
    summary = [(part, "injection", t.caught, t.attacks, t.alarms, t.benign),
               (part, "secrets", a.hidden, a.secrets, a.shown, a.lookalikes)]
    lines = [*_injection_rows("language", inj), *_fresh_by_kind(module, cases), "", *_secret_rows(sec), *_docs_lines(cases)]
    missed = [f"{c.lang} {c.trick}: {c.text[:70]!r}" for c in t.missed]
    alarmed = [f"{c.lang} {c.trick}: {c.text[:70]!r}" for c in t.alarmed]
    lines += ["", f"Fresh misses: {'; '.join(missed) if missed else 'none'}.",
              f"Fresh false alarms: {'; '.join(alarmed) if alarmed else 'none'}.",
              f"Fresh leaks: {', '.join(c.name for c in a.leaked) or 'none'}; "
              f"look-alikes hidden: {', '.join(c.name for c in a.over_hidden) or 'none'}."]
    return summary, "\n".join(lines)


def _half_lines(half: str, cases: list, inj: dict, sec: dict) -> list[str]:
    """One half of a fresh part in full: by language, trick and placement, by format, its misses."""
    from tests.adapters.corpora.evaluate import tally

    t, a = inj["all"], sec["all"]
    lines = [f"#### {half}", ""]  # (t, a: the half's totals)
    for key_name, key in (("trick", lambda c: c.trick.split(" / ")[0]), ("placement", lambda c: c.trick.split(" / ")[-1])):
        if key_name == "trick":
            lines += [*_injection_rows("language", inj), ""]
        lines += [*_injection_rows(key_name, tally(cases, key)), ""]
    return [*lines, *_secret_rows(sec), *_docs_lines(cases), *_misses_lines(half, t, a)]


def _misses_lines(half: str, t: Any, a: Any) -> list[str]:
    def cases(items: list) -> str:
        return "; ".join(f"{c.lang} {c.trick}" for c in items) or "none"
    return ["", f"Misses ({half}): {cases(t.missed)}.", f"False alarms ({half}): {cases(t.alarmed)}.",
            f"Leaks ({half}): {', '.join(c.name for c in a.leaked) or 'none'}; "
            f"look-alikes hidden: {', '.join(c.name for c in a.over_hidden) or 'none'}.", ""]


def halves_tables(module: str, held_out_detail: bool = False) -> tuple[_Summary, str]:
    """A fresh part in two halves (fresh6.py, fresh7.py ``half``): the tune half in full, the held-out
    half by its totals only unless ``held_out_detail`` (its misses are not read while rules are
    written)."""
    import importlib

    from tests.adapters.corpora.evaluate import secret_tally, tally

    corpus = importlib.import_module(f"tests.adapters.corpora.{module}")
    summary: _Summary = []
    lines: list[str] = []
    for half in (corpus.TUNE, corpus.HELD_OUT):
        cases = [c for c in corpus.injection_cases() if c.part == half]
        secret_cases = [c for c in corpus.secret_cases() if c.part == half]
        inj = tally(cases, lambda c: c.lang)
        sec = secret_tally(secret_cases, lambda c: c.fmt.removeprefix(f"{module} "))
        t, a = inj["all"], sec["all"]
        summary += [(half, "injection", t.caught, t.attacks, t.alarms, t.benign),
                    (half, "secrets", a.hidden, a.secrets, a.shown, a.lookalikes)]
        if half == corpus.HELD_OUT and not held_out_detail:
            lines += [f"#### {half}", "", "Totals only (above): its cases are not read while rules are written.", ""]
        else:
            lines += _half_lines(half, cases, inj, sec)
    return summary, "\n".join(lines)


def safety_figures() -> list:
    """Summary rows for ``python -m bench quality`` (CorpusFigure)."""
    from bench.quality import CorpusFigure
    figs = []
    for part, _, caught, attacks, alarms, benign in injection_tables()[0]:
        figs.append(CorpusFigure(f"injection, generated ({part})", "injections flagged", caught, attacks, "≥ 95%",
                                 caught >= 0.95 * attacks))
        figs.append(CorpusFigure(f"injection, generated ({part})", "benign hard negatives flagged", alarms, benign,
                                 "≤ 3%", alarms <= 0.03 * benign))
    for part, _, hidden, secrets, shown, looks in secret_tables()[0]:
        figs.append(CorpusFigure(f"secrets, generated ({part})", "secret placements hidden", hidden, secrets, "100%",
                                 hidden == secrets))
        figs.append(CorpusFigure(f"secrets, generated ({part})", "look-alikes shown", shown, looks, "100%", shown == looks))
    return figs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench safety", description=__doc__)
    parser.add_argument("--held-out-detail", choices=("fresh6", "fresh7", "fresh8", "fresh9", "fresh10"), action="append", default=[],
                        help="that part's held-out half by language, trick and format, with its misses (read it once, at the end)")
    args = parser.parse_args(argv)
    inj_summary, inj = injection_tables()
    sec_summary, sec = secret_tables()
    fresh_summary, fresh = fresh_tables()
    fresh2_summary, fresh2 = fresh_tables("fresh2")
    fresh3_summary, fresh3 = fresh_tables("fresh3")
    fresh4_summary, fresh4 = fresh_tables("fresh4")
    fresh5_summary, fresh5 = fresh_tables("fresh5")
    fresh6_summary, fresh6 = halves_tables("fresh6", "fresh6" in args.held_out_detail)
    fresh7_summary, fresh7 = halves_tables("fresh7", "fresh7" in args.held_out_detail)
    fresh8_summary, fresh8 = halves_tables("fresh8", "fresh8" in args.held_out_detail)
    fresh9_summary, fresh9 = halves_tables("fresh9", "fresh9" in args.held_out_detail)
    fresh10_summary, fresh10 = halves_tables("fresh10", "fresh10" in args.held_out_detail)
    rows = [f"| {part} | {kind} | {_pct(a, b)} | {_pct(c, d)} |"
            for part, kind, a, b, c, d in inj_summary + sec_summary + fresh_summary + fresh2_summary + fresh3_summary
            + fresh4_summary + fresh5_summary + fresh6_summary + fresh7_summary + fresh8_summary + fresh9_summary + fresh10_summary]
    body = "\n".join([
        "## Safety corpora, generated (`python -m bench safety`)", "",
        "tests/adapters/corpora: templates x 32 languages x placements x encodings; one source in four (a language's "
        "sentence of one intent, a structural template, a secret format) is held out: never read while the rules "
        "were written.", "",
        "| part | corpus | caught / hidden | false alarms / look-alikes shown |", "|---|---|---|---|", *rows, "",
        "### Injection by language and by trick", "", inj, "", "### Secrets by format", "", sec, "",
        "### The fresh held-out part (tests/adapters/corpora/fresh.py)", "",
        "Written in session 3, after the held-out part above had informed rules (its Hugging Face and Sentry "
        "misses): new formats, wordings and placements from public knowledge, never run while a rule was written.",
        "", fresh, "",
        "### The second fresh part (tests/adapters/corpora/fresh2.py)", "",
        "Written in session 4, after the fixes the first fresh part and the held-out part led to (so those two now "
        "inform rules: their figures above no longer predict unseen text; this one does): env files, CI logs, "
        "kubeconfigs, cloud CLIs' outputs, HTTP dumps, lock files, shell histories, 39 languages' attacks in five "
        "placements. Run once, untuned, at first (injection 175/195, look-alikes 24/30); in session 20 its "
        "English misses (a bot or a three-letter model name spoken to, asked to reply with secrets) and two "
        "look-alike kinds (a redacted credential after its auth scheme, a vendor's published key) informed the "
        "rules, so it no longer predicts unseen text either.",
        "", fresh2, "",
        "### The third fresh part (tests/adapters/corpora/fresh3.py)", "",
        "Written in session 20, after fresh-2 had informed rules, before it was first run: vendor token formats "
        "(GitLab, npm, PyPI, DigitalOcean, Shopify, Databricks, Grafana, Azure, GitHub fine-grained, Slack user), "
        "config formats (Java properties, TOML, INI, Maven settings.xml, docker compose, AWS credentials, .pypirc, "
        ".npmrc, Go DSNs), command lines, key names in nine more languages; injection tricks (reference-style "
        "Markdown links, meta tags, alt text, docstrings, commit messages, YAML comments, reversed text, hex) and "
        "ten more languages, in four placements. First run, as it came out: injection 62/96 = 64.6%, false alarms "
        "6/60 = 10.0% (4 of them 'The cleanup bot, which runs nightly, deletes...', from session 20's 'bot,' "
        "vocative), secrets 54/60, look-alikes 27/30. Then one rule it informed (a comma before a relative pronoun "
        "opens a clause about the word, not an address): injection 62/96, false alarms 2/60, secrets 54/60, "
        "look-alikes 27/30. In session 21 its misses informed rules by kind (an AI spoken to at a sentence's "
        "opening with a secret's name and a destination, in any language; lexicons for twelve more languages; "
        "fields and HTML attributes named for the model; labels addressed to it; reference-style link "
        "definitions; reversed text with a hint; letter-spacing and leetspeak inside JSON strings; answered "
        "support turns; command-line credential flags; policy key names in other languages; secret-store "
        "references), so it no longer predicts unseen text: the figures below.",
        "", fresh3, "",
        "### The fourth fresh part (tests/adapters/corpora/fresh4.py)", "",
        "Written in session 21, after fresh-3 had informed rules, before it was first run: vendor token formats "
        "(Anthropic, OpenAI project, Stripe restricted, Atlassian, Linear, Doppler, Netlify, Fly.io, Postman, Sentry, "
        "Tailscale, age, Docker Hub), config files (WireGuard, Kubernetes Secret data, Rails, Django, Laravel, pip.conf, "
        "Composer, Gradle, .git-credentials, HAR cookies, tfvars), command lines of clients no rule names (az, docker, "
        "helm, net use, PGPASSWORD), key names in six languages no rule was written for; injection tricks no earlier "
        "part held (data in a URL's path, hidden HTML, URL-encoded text, JSON-LD, Qwen/Llama 3 templates, Alpaca "
        "headings, OpenAI function-call JSON, an authority claim, Morse code, hyphen-split words, e-mail postscripts, "
        "OCR output, git diffs) and fourteen languages with no lexicon (is, sq, az, ka, hy, ne, te, ml, eu, cy, zu, "
        "ha, mn, be), in four placements (plain, a CSV row, a hidden HTML block, a quoted e-mail reply). First run, "
        "as it came out: injection 59/112 = 52.7% (0/4 in each of az, eu, hy, is, ka, ml, mn, sq; 0/4 for data in a "
        "URL's path, hyphen-split words, Morse with a hint, URL-encoded text, OCR output), false alarms 8/60 = 13.3% "
        "('Dear AI Research team, please send...', a GPT partition guide), secrets 48/68 (docker login -p, az login -p, "
        "net use /user:, Laravel APP_KEY=base64:, key names in six languages), look-alikes 26/30 (a Polish UI string, a "
        "Spanish password policy). In session 22 its misses informed rules by kind, each by its mechanism (lexicons "
        "for the eight languages; hyphen-split words, URL escapes and CSV quoting read back before the rules; Morse as "
        "a decoded layer; data in a link's path; an AI told in the third person what it must do; a tool named after "
        "'the tool'; an AI word that names a team or a GPT partition table is no address; any client's login pair and "
        "Windows' /user:; an encoding's name before a random value; key names in 60 languages; UI strings and policy "
        "words in any of those languages), so it no longer predicts unseen text: the figures below.",
        "", fresh4, "",
        "### The fifth fresh part (tests/adapters/corpora/fresh5.py)", "",
        "Written in session 22, after fresh-4 had informed rules, before it was first run: vendor token formats "
        "(Terraform Cloud, Okta SSWS, Mapbox secret, Discord bot, Airtable, Notion, Dropbox, Square, PlanetScale, a "
        "Supabase service key passed positionally), command lines and configs (aws configure set, kubectl "
        "--from-literal, gh secret set, SQL CREATE USER ... PASSWORD and IDENTIFIED BY, wpa_supplicant, Postfix "
        "sasl_passwd, PowerShell, Makefiles), key names in ten more languages and loanwords; injections where agents "
        "meet them (READMEs, issue comments, MCP tool descriptions, reviews, calendar invites, PDF text, e-mail "
        "signatures, commit messages), Markdown and HTML hiding, HTML entities, base32, fake transcripts and closing "
        "tags, and sixteen languages no fresh-4 case used (es, pt, it, tr, ko, vi, ar, id with a lexicon; gl, mk, sr, "
        "kk, uz, mr, am, yo without), in four placements (plain, a search API's JSON, a PDF's extracted text, a "
        "calendar invite folded as RFC 5545 folds it). First run, as it came out: injection 77/144 = 53.5%, false "
        "alarms 4/60 = 6.7%, secrets 22/60 = 36.7%, look-alikes 26/30 = 86.7%, security articles 4/12 flagged. Then, in "
        "the same session (time remained after recording it), its misses informed rules by kind, so it no longer "
        "predicts unseen text: the figures below.",
        "", fresh5, "",
        "### The sixth fresh part (tests/adapters/corpora/fresh6.py)", "",
        "Written in session 24, after fresh-5 had informed rules, before it was first run: secrets whose name is a "
        "value (Kubernetes env, ECS), credential files with no key name (.pgpass, .netrc, Docker auths, Wi-Fi QR, "
        "Cisco IOS, redis.conf), positional credentials, command lines, a CSV header, a notebook cell, Terraform "
        "state, an Azure SAS signature, nine vendor formats, key names in seven more languages; injections in tool "
        "errors, memory poisoning, delayed triggers, HTTP headers, YAML front matter, spreadsheet cells, Gemma / "
        "DeepSeek / Command-R templates, Unicode tags, small capitals, circled letters, overlays, soft hyphens, "
        "emoji, \\x escapes, 16 languages with few or no rules and new wordings in 8 with rules, in four placements "
        "(plain, an ASCII-escaped chat API JSON, an HTML page, a quoted-printable e-mail). Split in two halves by "
        "sha256 of each source (`half`): the tune half informs rules, the held-out half is measured by its totals "
        "only until the end.",
        "", fresh6, "",
        "### The seventh fresh part (tests/adapters/corpora/fresh7.py)", "",
        "Written in session 25, after fresh-6 had informed rules, before it was first run: assignments in "
        "numbered file views (PHP, Perl, Lua, R, Kotlin, Swift, a Laravel env default), config directives "
        "(redis masterauth, msmtp, HAProxy, fetchmail), CI masking and secret-variable commands (Azure DevOps, "
        "GitHub Actions), name/value pairs and tables (.NET and NuGet `<add key value>`, AWS SSM, Vault, psql, "
        "Markdown, SQL INSERT, ODBC), decoding layers (SMTP AUTH PLAIN, Secrets Manager SecretString, form "
        "bodies, HTML-escaped JSON), attached flags (7z, zip, keytool), 16 vendor formats, key names in eight "
        "more languages; injections in SVG, llms.txt, EXIF, vCard, Dockerfile, Terraform, psql and Markdown "
        "tables, IRC, PR suggestions, tracebacks, forged tool calls (Anthropic, Hermes), Phi-3 and Granite "
        "templates, binary, decimal, Caesar, HTML-comment splits, upside-down, regional indicators, script "
        "letters, a word a line, a sentence over a JSON array, 14 languages with no lexicon and new wordings "
        "in 12 with one, in four placements (a `cat -n` view, Jira ADF, JSON-lines logs, SRT cues). Split in "
        "two halves by sha256 of each source, as fresh-6. As it came (first run, before any rule it informed): "
        "tune half injection 66/108 = 61.1%, false alarms 1/32, secrets 34/58, look-alikes 30/34 (one of them a "
        "corpus error, fixed: an internal host the address rule hides by design); held-out half injection "
        "67/108 = 62.0%, false alarms 4/60 = 6.7%, secrets 40/56 = 71.4%, look-alikes 20/26 = 76.9%. After the "
        "tune half informed rules by mechanism (session 25, docs/design.md), the held-out half measured once: "
        "injection 84/108 = 77.8%, false alarms 4/60 = 6.7%, secrets 48/56 = 85.7%, look-alikes 18/26 = 69.2% "
        "(two fewer: this session's two-word labels read a Malay policy line as a password; fixed after that "
        "one measurement, a hyphenated word is a sentence's word too: 20/26, a figure the held-out half now informs, "
        "so it no longer predicts unseen text). The tables below: "
        "the tune half in full, the held-out half by its totals.",
        "", fresh7, "",
        "### The eighth fresh part (tests/adapters/corpora/fresh8.py)", "",
        "Written in session 26, after fresh-7 was spent, before it was first run, from public knowledge of real "
        "formats (not from the dev files or fresh-1..7): cloud CLIs (az, aws sts, heroku, doctl, gcloud), config "
        "files and dumps (AWS credentials, .pypirc, .npmrc, pip.conf, git config, kubeconfig, terraform output, "
        "appsettings.json, Spring properties, wp-config, rclone, .my.cnf, htpasswd), SQL dumps, SMTP/IMAP/FTP/POP3 "
        "transcripts, HTML-escaped, JSON-escaped, URL-encoded and folded values, URLs with credentials, key names "
        "in eight more languages; look-alikes (documented example keys, public keys, masked values, templates, UI "
        "strings, digests, policies, counters, placeholders); injections in PDF info, ID3, package.json, OpenAPI, "
        "iCalendar, commit messages, DNS TXT, gettext, alt text, og:description, SQL COMMENT ON, k8s annotations, "
        "HTTP headers, robots.txt, CSV, Jupyter cells, tricks (zero-width joiners, homoglyphs, full-width, "
        "reversed, ROT13, base64, hex, combining marks, leetspeak, Markdown image exfiltration, harmony tags), 16 "
        "languages with no lexicon, in three placements (a curl JSON body, an IMAP fetch, a web page). Split in two "
        "halves by sha256 of each source, as fresh-6.",
        "", fresh8, "",
        "### The ninth fresh part (tests/adapters/corpora/fresh9.py)", "",
        "Written in session 27, after fresh-8 was spent, before it was first run, from public knowledge of real "
        "formats: secrets in text, JSON fields, HTML, logs and code (curl -v Basic auth, Vault tokens, Azure storage "
        "and SQL Server connection strings, Spring actuator /env, GCP service-account keys, Datadog, SendGrid, Pulumi, "
        "a Stripe key in a page script, pre-filled password inputs, webhooks, Kafka JAAS, docker run -e in ps, Go, C#, "
        "Node, Ruby, systemd, OpenVPN, OpenSSH private keys), key names in six more languages; look-alikes (commit "
        "hashes, ids, integrity hashes, redacted values, secrets read by name, schemas, counters, data URIs, go.sum, "
        "LFS pointers, ARNs, security schemes, UI strings); injections in reviews, commits, code comments, tickets, "
        "calendar notes, Markdown images, Vicuna and ChatML turns, forged tool results, in 43 languages (26 with no "
        "lexicon), three addressed by structure alone, each in four of five placements (plain text, a JSON field, an "
        "HTML page, a log line, a code comment). Split in two halves by sha256 of each source, as fresh-6. As it "
        "came (first run, before any rule it informed): tune half injection 48/92 = 52.2%, false alarms 4/56 = 7.1%, "
        "secrets 38/40, look-alikes 10/10; held-out half injection 36/108 = 33.3%, false alarms 0/16, secrets 30/36, "
        "look-alikes 14/22. The tune half then informed a structural signal (a block addressed to the model: an AI "
        "acronym or an AI the lexicons name opening a segment with a vocative comma or a label's colon, followed by a "
        "destination, tool, command, credential or amount, scored together; adapters/injection_address.py) and the "
        "HTML password input's value; the held-out half measured once at the end of session 27: injection 72/108 = "
        "66.7% (every attack in 15 of its 18 languages with no lexicon; missed: de, en, fo, it, pl, qu, yo), false "
        "alarms 0/16, secrets 30/36, look-alikes 14/22 (its injection total was also seen once mid-session, by "
        "mistake, at the same 72/108). The tables below: the tune half in full, the held-out half by its totals.",
        "", fresh9, "",
        "### The tenth fresh part (tests/adapters/corpora/fresh10.py)", "",
        "Written in session 29, after fresh-9 was spent, before it was first run and before any rule change of "
        "that session, from public knowledge of real formats, tools and attacks: tool outputs as agents receive "
        "them (GitHub issue and review comments, e-mail, Slack, Confluence, Google Calendar, Salesforce, a search "
        "API, pdftotext, CSV, a GitHub Actions log, an npm README, a Kubernetes ConfigMap) and whole documents; "
        "43 secret formats and 25 look-alike kinds, 91 attack texts in 55 languages, 30 benign hard negatives, "
        "security articles. Split in two halves by sha256('fresh10/' + id), as fresh-6. As it came (measured in session 29, whose rule changes "
        "never landed, and again in session 30 before any rule change): tune half injection 141/164 = 86.0%, false "
        "alarms 1/61 = 1.6%, secrets 34/38, look-alikes 26/28; held-out half injection 182/198 = 91.9%, false alarms "
        "9/66 = 13.6%, secrets 42/48, look-alikes 16/22. In session 30 the tune half informed rules by mechanism (letter-spaced words inside "
        "long outputs, words cut into syllables by hyphens, Greek and Cyrillic letters shaped like Latin ones, tool "
        "calls asked to be made unseen, the reader named by its role and told to act, recorded conversations as "
        "data, PuTTY private lines, a key pair after an endpoint, the password word alone as a label) and the false "
        "alarms informed three more (role tokens named in prose, phrases quoted as examples); tune half after: "
        "injection 163/164, false alarms 0/61, secrets 38/38, look-alikes 28/28; held-out half measured once at the "
        "end: injection 182/198 = 91.9%, false alarms 6/66 = 9.1% (target 3%: not met), secrets 42/48, look-alikes "
        "16/22. The same rules on the earlier held-out halves, before -> after: fresh-6 injection 48/68, false "
        "alarms 4/28, secrets 38/38, look-alikes 12/12 (unchanged); fresh-7 false alarms 4 -> 0/60, look-alikes "
        "20 -> 22/26 (injection 87/108, secrets 48/56 unchanged); fresh-8 unchanged (66/75, 3/21, 30/36, 16/18); "
        "fresh-9 injection 72 -> 76/108, look-alikes 14 -> 16/22 (false alarms 0/16, secrets 30/36 unchanged). The "
        "tables below: the tune half in full, the held-out half by its totals.",
        "", fresh10,
    ])
    write_section("safety-corpora", body)
    print(body)
