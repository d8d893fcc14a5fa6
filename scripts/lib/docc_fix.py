"""Applies DocC's own fixes to link problems, for scripts/docs --fix.

Reads a `docc convert --diagnostics-file` JSON. For a symbol link that does
not resolve:
  - in a .docc article, or in a source comment where DocC suggests one
    replacement, applies that replacement;
  - in a source comment where the symbol lives in another module (a partial,
    one-module build cannot link there) or DocC has no suggestion, turns the
    ``link`` into `code voice`.
Prints what it changed and what it left for a person (several suggestions).
"""
import json
import sys
from urllib.parse import unquote, urlparse

LINK_PROBLEMS = ("doesn't exist at", "can't be linked to in a partial documentation build",
                 "has no page and isn't available for linking", "is ambiguous")


def main(path):
    diagnostics = json.load(open(path))["diagnostics"]
    edits = {}
    left = []
    for diagnostic in diagnostics:
        summary = diagnostic["summary"]
        if not any(problem in summary for problem in LINK_PROBLEMS) or "range" not in diagnostic:
            continue
        source = unquote(urlparse(diagnostic["source"]).path)
        start, end = diagnostic["range"]["start"], diagnostic["range"]["end"]
        solutions = diagnostic.get("solutions", [])
        if len(solutions) == 1 and len(solutions[0]["replacements"]) == 1:
            replacement = solutions[0]["replacements"][0]
            edits.setdefault(source, []).append(("replace", replacement["range"]["start"], replacement["range"]["end"], replacement["text"]))
        elif source.endswith(".swift") and (not solutions or "partial documentation build" in summary):
            edits.setdefault(source, []).append(("unlink", start, end, None))
        else:
            left.append(f"{source}:{start['line']}:{start['column']}: {summary} ({len(solutions)} suggestions)")
    for source, changes in edits.items():
        lines = open(source, encoding="utf-8").read().split("\n")
        for kind, start, end, text in sorted(changes, key=lambda change: (change[1]["line"], change[1]["column"]), reverse=True):
            index = start["line"] - 1
            line = lines[index]
            # DocC's columns count UTF-8 bytes from 1.
            encoded = line.encode("utf-8")
            begin, finish = start["column"] - 1, end["column"] - 1
            if kind == "replace":
                encoded = encoded[:begin] + text.encode("utf-8") + encoded[finish:]
            else:
                left_ticks = encoded.rfind(b"``", 0, begin + 1)
                right_ticks = encoded.find(b"``", finish - 1)
                if left_ticks < 0 or right_ticks < 0:
                    continue
                inner = encoded[left_ticks + 2:right_ticks]
                encoded = encoded[:left_ticks] + b"`" + inner.replace(b"/", b".") + b"`" + encoded[right_ticks + 2:]
            lines[index] = encoded.decode("utf-8")
            print(f"{source}:{start['line']}: {kind}")
        open(source, "w", encoding="utf-8").write("\n".join(lines))
    for message in left:
        print("left: " + message)


if __name__ == "__main__":
    main(sys.argv[1])
