"""Runs the checks over source folders, or over the planted fixtures (`--self-check`)."""

import argparse
import functools
import re
import subprocess
import sys
from pathlib import Path

from . import rules, rules_int32, rules_language, rules_platform
from .interfaces import new_symbols
from .source import SourceFile
from .symbolgraphs import declarations
from .versions import deployment_targets

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / ".ci" / "apple-compat-fixtures"
DEFAULT_FOLDERS = ("Sources", "Benchmarks", "Snippets", "Tests")
RULES = ("linux-import", "newer-api", "synthesised-cg", "posix-spawn-init", "darwin-signature", "int32-trap",
         "glibc-shape", "ungated-use", "unavailable-api", "toolchain-floor", "runtime-feature")
# A finding can be waived where a check can't see why the code is right, with the reason, on the
# line or the line above: `// apple-compat: allow int32-trap (size <= riffEnd - offset - 8)`.
WAIVER = re.compile(r"//\s*apple-compat:\s*allow\s+([\w-]+)\s*\(([^)]+)\)")


def toolchain_lib():
    swift = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    match = re.search(r'"runtimeResourcePath"\s*:\s*"([^"]+)"', swift)
    return Path(match.group(1)), re.search(r'"triple"\s*:\s*"([^"]+)"', swift).group(1)


# Symbols the generated list must contain: if a toolchain changes its files so that these are
# no longer found, the generator is broken and the guard says so instead of passing quietly.
CANARIES = ("ContinuousClock", "SuspendingClock", "Duration", "Regex", "Mutex", "Atomic", "Observable",
            "timeLimit(_:)", "withDiscardingTaskGroup(returning:)", "URL(filePath:)")


@functools.lru_cache(maxsize=1)
def generated_symbols():
    targets = deployment_targets((ROOT / "Package.swift").read_text())
    lib, triple = toolchain_lib()
    symbols = new_symbols(lib, targets, declarations(triple))
    missing = set(CANARIES) - {symbol.key for symbol in symbols}
    if missing:
        raise SystemExit(f"apple-compat: the generated list lacks {sorted(missing)}: the toolchain's files changed")
    return targets, symbols


def check(paths, package_text=None):
    """All findings in the Swift files of `paths`, sorted."""
    targets, symbols = generated_symbols()
    tools = rules_language.tools_version(package_text or (ROOT / "Package.swift").read_text())
    by_name = {}
    for symbol in symbols:
        by_name.setdefault(symbol.name, []).append(symbol)
    sources = [SourceFile(str(path.relative_to(ROOT)), path.read_text()) for path in paths]
    project_names = rules.declared_names(sources)
    written = rules.explicit_equality_members(sources)
    stored_cg = rules.types_storing_core_graphics(sources)
    gated = rules_platform.gated_types(sources)
    wide = rules_int32.wide_names(sources)
    findings = []
    for source in sources:
        found = rules_int32.int32_traps(source, wide)
        found += rules_platform.glibc_shapes(source) + rules_platform.unavailable_apis(source)
        found += rules_platform.uses_of_gated_types(source, gated)
        found += rules_language.compiler_features(source, tools) + rules_language.runtime_features(source, targets)
        found += rules.extension_conformances(source, stored_cg, written)
        findings += [f for f in found if not waived(source, f)]
        findings += rules.linux_only_imports(source)
        findings += rules.newer_apis(source, by_name, targets, project_names)
        findings += rules.synthesised_core_graphics_conformance(source, written)
        findings += rules.posix_spawn_initialisers(source)
        findings += rules.darwin_c_signatures(source)
    return sorted(set(findings)), len(symbols)


def waived(source, finding):
    lines = source.text.splitlines()
    line, rule = finding[1], finding[2]
    for number in (line, line - 1):
        if 1 <= number <= len(lines):
            match = WAIVER.search(lines[number - 1])
            if match and match.group(1) == rule:
                return True
    return False


def swift_files(folders):
    for folder in folders:
        yield from sorted((ROOT / folder).rglob("*.swift"))


def self_check():
    """Each fixture marks the lines that must be reported with `// expect: RULE`; the findings
    must be exactly those (line, rule) pairs. Fails too unless every rule is tripped somewhere."""
    failures, tripped = [], set()
    fixtures = sorted(FIXTURES.glob("*.swift"))
    for path in fixtures:
        expected = {(number, rule)
                    for number, line in enumerate(path.read_text().splitlines(), start=1)
                    for rule in re.findall(r"// expect: ([\w-]+)", line)}
        tools = re.search(r"// tools-version: (\d+\.\d+)", path.read_text())
        findings, _ = check([path], f"// swift-tools-version:{tools.group(1)}" if tools else None)
        found = {(line, rule) for _, line, rule, _ in findings}
        tripped |= {rule for _, rule in found & expected}
        for line, rule in sorted(expected - found):
            failures.append(f"{path.name}:{line}: {rule} was not reported")
        for _, line, rule, message in findings:
            if (line, rule) not in expected:
                failures.append(f"{path.name}:{line}: unexpected {rule}: {message}")
        if found == expected:
            print(f"self-check: {path.name}: {len(expected)} planted finding(s) reported, nothing else")
    untested = set(RULES) - tripped
    if not fixtures or untested:
        failures.append(f"no fixture shows that {sorted(untested)} is caught")
    for failure in failures:
        print(f"self-check: {failure}", file=sys.stderr)
    print("self-check: " + ("FAILED" if failures else f"passed ({len(fixtures)} fixtures)"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(
        prog=".ci/apple-compat",
        description="Fails on Swift code that builds on Linux but not for the package's Apple deployment targets.")
    parser.add_argument("folders", nargs="*", default=list(DEFAULT_FOLDERS), help="folders to scan (default: %(default)s)")
    parser.add_argument("--self-check", action="store_true", help="run on the planted fixtures and check each is caught")
    parser.add_argument("--list-symbols", action="store_true", help="print the generated list of newer APIs")
    arguments = parser.parse_args()
    if arguments.self_check:
        return self_check()
    if arguments.list_symbols:
        _, symbols = generated_symbols()
        for symbol in sorted(symbols, key=lambda s: (s.module, s.key)):
            print(f"{symbol.module}\t{symbol.kind}\t{symbol.key}\t{symbol.required.describe()}")
        return 0
    findings, symbol_count = check(list(swift_files(arguments.folders)))
    for path, line, rule, message in findings:
        print(f"{path}:{line}: {rule}: {message}")
    print(f"apple-compat: {len(findings)} finding(s) in {', '.join(arguments.folders)} "
          f"({symbol_count} newer APIs from the toolchain's interfaces and symbol graphs, plus the hand list)")
    return 1 if findings else 0
