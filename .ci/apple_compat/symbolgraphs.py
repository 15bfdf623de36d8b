"""The newer-than-target APIs of the binary modules (Foundation, Dispatch), which have no
`.swiftinterface` on Linux: `swift symbolgraph-extract` reads their availability from the module
files. FoundationEssentials is swift-foundation, whose attributes are Apple's."""

import json
import re
import subprocess
import tempfile
from pathlib import Path

from .versions import Versions

MODULES = ("FoundationEssentials", "FoundationInternationalization", "Foundation", "Dispatch")
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
FUNCTION_KINDS = {"swift.func", "swift.method", "swift.type.method", "swift.init", "swift.func.op"}
MEMBER_KINDS = {"swift.property", "swift.type.property", "swift.enum.case", "swift.var"}
PLATFORMS = {"macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS"}


def declarations(target_triple):
    """Yields (kind, key, pattern, Versions or None, module, enclosing type or None) for each
    public symbol."""
    with tempfile.TemporaryDirectory() as output:
        for module in MODULES:
            result = subprocess.run(
                ["swift", "symbolgraph-extract", "-module-name", module, "-target", target_triple,
                 "-output-dir", output, "-minimum-access-level", "public"],
                capture_output=True, text=True)
            if result.returncode != 0:
                raise SystemExit(f"apple-compat: swift symbolgraph-extract failed for {module}:\n{result.stderr}")
        for path in sorted(Path(output).glob("*.symbols.json")):
            module = path.name.split(".")[0].split("@")[0]
            for symbol in json.loads(path.read_text())["symbols"]:
                found = key_of(symbol)
                if found:
                    path = symbol["pathComponents"]
                    yield (*found, availability_of(symbol), module, path[-2] if len(path) > 1 else None)


def availability_of(symbol):
    found = {}
    for entry in symbol.get("availability") or []:
        if entry.get("isUnconditionallyUnavailable") and entry.get("domain") in (None, "*"):
            return None
        domain = PLATFORMS.get(entry.get("domain"))
        introduced = entry.get("introduced")
        if domain and introduced:
            found[domain] = (introduced.get("major", 0), introduced.get("minor", 0), introduced.get("patch", 0))
    return Versions(found)


def key_of(symbol):
    kind, path = symbol["kind"]["identifier"], symbol["pathComponents"]
    name = path[-1]
    if any(part.startswith("_") for part in path):
        return None
    if kind in TYPE_KINDS:
        return "type", name, rf"\b{name}\b"
    if kind in MEMBER_KINDS:
        return "member", name, rf"\.{name}\b(?!\s*\()"
    if kind in FUNCTION_KINDS and kind != "swift.func.op":
        match = re.match(r"(\w+)\((.*)\)$", name)
        if not match:
            return None
        function, labels = match.group(1), match.group(2)
        if function == "init":
            if len(path) < 2:
                return None
            function = path[-2]
        label = labels.split(":")[0] if labels else ""
        if label == "_":
            return "func", f"{function}(_:)", rf"\b{function}\(\s*(?![A-Za-z_]\w*\s*:)(?!\s*\))"
        if label == "":
            return "func", f"{function}()", rf"\b{function}\(\s*\)"
        return "func", f"{function}({label}:)", rf"\b{function}\(\s*{label}\s*:"
    return None
