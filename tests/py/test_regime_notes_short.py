"""Every regime note is short and documented (round 23's audit: notes of up
to 560 characters that argued their case). Each note's words, as the
sources assemble them, are under 300 characters (354 with a slump's added
to another), start with the finding, and appear word for word in
docs/analysis.md's "Regime notes" table, which gives the why."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ["libssdcore/analysis/regimes.h", "libssdcore/analysis/regimes_notes.c",
           "libssdcore/analysis/analysis_regimes.c"]
LIT = r'"((?:[^"\\]|\\.)*)"'


def notes():
    src = "".join((ROOT / f).read_text() for f in SOURCES)
    macros = {m.group(1): m.group(2).replace("\\\n", " ") for m in re.finditer(
        r"#define (\w+_NOTE\w*)\s+((?:[^\n]*\\\n)*[^\n]*)", src)}

    def ev(expr):
        return "".join(t[0] if not t[1] else ev(macros[t[1]])
                       for t in re.findall(LIT + r"|(\b[A-Z_]+_NOTE\w*\b)", expr))

    found = {k: ev(v) for k, v in macros.items() if not k.endswith("_HEAD")}
    # the notes written out where they are given: regime_note = ... ; and
    # the functions that return one
    for f in SOURCES[1:]:
        text = (ROOT / f).read_text()
        given = r'(?:regime_note =|return)\s*((?:"(?:[^"\\]|\\.)*"|[^;"])*?);'
        for m in re.finditer(given, text, re.S):
            lits = re.findall(LIT, m.group(1))
            bare = re.sub(LIT, "@", m.group(1))
            # each branch of a ?: on its own (its literals counted from where
            # it starts: a branch can repeat the end of the one before it)
            start = 0
            for k, branch in enumerate(re.split(r"[?:]", bare)):
                it = iter(lits[bare[:start].count("@"):])
                start += len(branch) + 1
                words = ev(re.sub("@", lambda _: '"' + next(it) + '"', branch))
                if len(words) > 60:
                    found[f"{f}:{text[:m.start()].count(chr(10)) + 1}.{k}"] = words
    return found


def test_every_note_is_short_says_the_finding_first_and_is_documented():
    doc = (ROOT / "docs/analysis.md").read_text()
    section = doc[doc.index("## Regime notes"):doc.index("## Options (")]
    found = notes()
    assert len(found) >= 15, sorted(found)
    for where, words in found.items():
        assert len(words) <= 354, (where, len(words), words)
        assert words.startswith(("the ", "what ", ", ")), (where, words)
        for piece in re.split(r"; (?=the phase right after)", words):
            assert piece in section, (where, piece)
