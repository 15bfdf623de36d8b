#!/usr/bin/env python3
"""Type-checks each planted fixture of `.ci/apple-compat` against a prepared Apple SDK and prints,
per rule, how many of its planted lines the compiler rejects: the rules the compile makes
redundant where an SDK is at hand (`.ci/apple-build guard-fixtures`; CONTRIBUTING.md has the table).

An `import` of a module the Xcode 15 SDK lacks (Glibc, Synchronization, Testing without the
retargeted interfaces) stops a type-check at once; such a line counts as rejected and is
commented out so that the rest of the file is checked too."""
import collections
import os
import re
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True
ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / ".ci" / "apple-compat-fixtures"
W = Path(os.environ.get("APPLE_SDK_WORK", os.path.join(os.environ.get("TMPDIR", "/tmp"), "apple-sdk")))
TARGETS = {"arm64-apple-ios15.0": "iPhoneOS17.0-patched-tests.sdk", "arm64-apple-tvos15.0": "AppleTVOS17.0-patched.sdk"}
EXPECT = re.compile(r"expect: ([a-z0-9-]+)")


def rejected_lines(path, target, sdk):
    """The line numbers the compiler reports an error on, with missing-module imports removed."""
    lines = path.read_text().split("\n")
    removed = set()
    while True:
        command = ["swiftc", "-sdk", str(W / sdk), "-target", target, "-resource-dir", str(W / "res"),
                   "-swift-version", "6", "-module-cache-path", str(W / "mc" / sdk), "-typecheck",
                   "-parse-as-library", "-I", str(W / "testing-ios"), str(path)]
        output = subprocess.run(command, capture_output=True, text=True).stderr
        errors = {int(m) for m in re.findall(r"^" + re.escape(str(path)) + r":(\d+):\d+: error:", output, re.M)}
        missing = [int(m) for m in re.findall(r"^" + re.escape(str(path)) + r":(\d+):\d+: error: no such module", output, re.M)]
        if not missing:
            return errors | removed
        removed.add(missing[0])
        lines[missing[0] - 1] = "// " + lines[missing[0] - 1]
        path.write_text("\n".join(lines))


def main():
    if not (W / "ready").exists():
        print(f"apple-build: skipped, no prepared Apple SDK in {W}")
        return 0
    scratch = W / "out" / "guard-fixtures"
    scratch.mkdir(parents=True, exist_ok=True)
    for target, sdk in TARGETS.items():
        planted, rejected = collections.Counter(), collections.Counter()
        for fixture in sorted(FIXTURES.glob("*.swift")):
            copy = scratch / fixture.name
            copy.write_text(fixture.read_text())
            errors = rejected_lines(copy, target, sdk)
            for number, line in enumerate(fixture.read_text().split("\n"), 1):
                match = EXPECT.search(line)
                if match and match.group(1) != "RULE":
                    planted[match.group(1)] += 1
                    rejected[match.group(1)] += number in errors
        for rule in sorted(planted):
            print(f"guard-fixtures {target}: {rule}: the compiler rejects {rejected[rule]} of {planted[rule]} planted lines")
    return 0


sys.exit(main())
