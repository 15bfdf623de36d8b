"""Checks of language and library features against the toolchain the package promises (its
swift-tools-version) and against the OS runtime of its deployment targets."""

import re

from .versions import Versions

# Features a compiler older than the version gives would reject: pattern, version, name, fix.
COMPILER_FEATURES = [
    (r"\bweak\s+let\b", (6, 2), "`weak let`", "write `weak var` and assign it after its declaration"),
    (r"#(?:expect|require)\s*\(\s*processExitsWith\s*:", (6, 2), "exit tests (`processExitsWith:`)",
     "put them under `#if compiler(>=6.2)`"),
    # Swift Testing's exit-test types (`ExitTest.Result`, `.Condition`, `.current`) came with
    # the macro, in 6.2; before it they were SPI.
    (r"(?<![\w.])ExitTest\b", (6, 2), "Swift Testing's `ExitTest` types (`ExitTest.Result`)",
     "put them under `#if compiler(>=6.2)`"),
    # SE-0469: the names are back-deployed (`@_alwaysEmitIntoClient`, iOS 13) in the 6.2
    # interfaces, so the availability check can't see that Xcode 16's SDK lacks them.
    (r"(?:\bTask(?:\.detached)?\s*(?:<[^>(]*>)?\s*\(|\.add(?:Immediate)?Task(?:UnlessCancelled)?\s*\()\s*name\s*:",
     (6, 2), "task names (`Task(name:)`, `addTask(name:)`)", "leave the name out"),
    (r"(?<![\w`])(?:func|var|let|case)\s+`[^`\n]*[^\w`][^`\n]*`", (6, 2), "raw identifiers (`` `a name` ``)",
     "use a plain identifier"),
    (r"\bnonisolated\s*\(\s*nonsending\s*\)|@concurrent\b", (6, 2), "`nonisolated(nonsending)`/`@concurrent`",
     "put it under `#if compiler(>=6.2)`"),
    (r"\bnonisolated\s+(?:(?:public|internal|package|fileprivate|private|final)\s+)*(?:struct|class|enum|actor|protocol|extension)\b",
     (6, 1), "`nonisolated` on a type or extension", "mark the members instead"),
    (r"\bInlineArray\s*<|\[\s*\d+\s+of\s+\w+\s*\]", (6, 2), "InlineArray", "use a tuple or an array"),
]

# Features whose metadata the OS runtime must know: pattern, the versions needed, name.
RUNTIME_FEATURES = [
    (r"\bany\s+[A-Z]\w*(?:\.\w+)*\s*<", Versions({"macOS": (13, 0, 0), "iOS": (16, 0, 0), "tvOS": (16, 0, 0),
                                                  "watchOS": (9, 0, 0)}),
     "a parameterized existential (`any Sequence<Int>`)", "use a generic parameter or `some`, or a type-erasing wrapper"),
    (r"\b(?:struct|class|enum|actor)\s+\w+\s*<[^>{]*\beach\s+\w+", Versions({"macOS": (14, 0, 0), "iOS": (17, 0, 0),
                                                                           "tvOS": (17, 0, 0), "watchOS": (10, 0, 0)}),
     "a parameter pack in a generic type", "use packs in functions only, or put the type under @available"),
]


def tools_version(package_text):
    match = re.search(r"swift-tools-version:\s*(\d+)\.(\d+)", package_text)
    return (int(match.group(1)), int(match.group(2))) if match else (5, 0)


def text(version):
    return ".".join(map(str, version))


def compiler_features(source, tools):
    results = []
    for pattern, needed, name, fix in COMPILER_FEATURES:
        if tools >= needed:
            continue
        for match in re.finditer(pattern, source.code):
            gate = source.platform_gates.compiler_at(match.start())
            if gate and gate >= needed:
                continue
            results.append((source.path, source.line_of(match.start()), "toolchain-floor",
                            f"{name} needs Swift {text(needed)}, but Package.swift's swift-tools-version is "
                            f"{text(tools)}: {fix}, or raise the tools version (and the README's floor)"))
    return results


def runtime_features(source, targets):
    results = []
    for pattern, required, name, fix in RUNTIME_FEATURES:
        for match in re.finditer(pattern, source.code):
            if source.is_non_apple(match.start()) or source.gate_at(match.start()).covers(required, targets):
                continue
            results.append((source.path, source.line_of(match.start()), "runtime-feature",
                            f"{name} needs the Swift runtime of {required.describe()}: {fix}"))
    return results
