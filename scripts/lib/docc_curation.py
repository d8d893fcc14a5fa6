"""Checks that a converted DocC archive curates every public symbol of its
module in the catalog's Topics, for scripts/docs.

A module page with a topic section DocC generated itself lists symbols no
Topics group names; a deprecated symbol belongs in a `Deprecated` group. This prints them as ready-to-paste Topics lines, grouped
under a heading per source folder (the symbol graph says where each symbol is
declared), with DocC's own disambiguation for overloads, and exits 1.

    python3 docc_curation.py ARCHIVE TARGET SYMBOL_GRAPH_DIR
"""
import glob
import json
import os
import re
import sys


def main(archive, target, graphs):
    page = json.load(open(os.path.join(archive, "data", "documentation", target.lower() + ".json")))
    misplaced = [page["references"][identifier]["title"]
                 for section in page.get("topicSections", []) if section.get("title") != "Deprecated"
                 for identifier in section.get("identifiers", []) if page["references"].get(identifier, {}).get("deprecated")]
    if misplaced:
        print(f"docs: {target}: deprecated symbols belong in a `### Deprecated` group of {target}.md: " + ", ".join(misplaced), file=sys.stderr)
        return 1
    generated = [section for section in page.get("topicSections", []) if section.get("generated")]
    if not generated:
        return 0
    folders = {}
    for path in glob.glob(os.path.join(graphs, target + "*.symbols.json")):
        for symbol in json.load(open(path)).get("symbols", []):
            uri = symbol.get("location", {}).get("uri", "")
            if uri and len(symbol["pathComponents"]) == 1:
                folder = os.path.relpath(os.path.dirname(uri.replace("file://", "")), os.getcwd())
                folders.setdefault(symbol["pathComponents"][0], folder)
    # Symbol graphs extracted from a built module carry no locations: find
    # each declaration in the target's sources too.
    roots = [root for root, _, _ in os.walk("Sources") if os.path.basename(root) == target]
    for root in roots:
        for folder, _, files in os.walk(root):
            for file in files:
                if not file.endswith(".swift"):
                    continue
                text = open(os.path.join(folder, file), encoding="utf-8").read()
                for match in re.finditer(r"^public (?:final )?(?:struct|enum|class|actor|protocol|typealias|func|var|let) ([A-Za-z_][A-Za-z0-9_]*)", text, re.M):
                    folders.setdefault(match.group(1), os.path.relpath(folder, root) if folder != root else target)
    groups = {}
    count = 0
    for section in generated:
        for identifier in section.get("identifiers", []):
            reference = page["references"].get(identifier, {})
            title = reference.get("title", identifier)
            last = reference.get("url", "").rstrip("/").split("/")[-1]
            link = title
            if "-" in last and last.split("-")[-1] != last and not title.endswith(last.split("-", 1)[-1]):
                link = title + "-" + last.rsplit("-", 1)[-1]
            name = title.split("(")[0]
            groups.setdefault(folders.get(name, section.get("title", "Other")), []).append(link)
            count += 1
    print(f"docs: {target}: {count} public symbols are in no Topics group of {target}.md; add them, for example:", file=sys.stderr)
    for folder in sorted(groups):
        print(f"\n### {folder}\n", file=sys.stderr)
        for link in sorted(set(groups[folder])):
            print(f"- ``{link}``", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
