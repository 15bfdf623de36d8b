"""What the `#if` branches around a piece of code promise: on which Apple platforms it is built,
and which compiler version it needs. The platform set of a branch is exact for conditions made
of `os(…)` (and `canImport` of Darwin, UIKit and the like, whatever `&&` joins to them); any
other condition leaves the set unchanged, so that a check errs towards a finding."""

import re

APPLE_PLATFORMS = frozenset({"macOS", "iOS", "tvOS", "watchOS", "visionOS"})
ALL = APPLE_PLATFORMS
IMPORTS = {  # canImport(X) -> the Apple platforms that have X
    "Darwin": ALL, "Foundation": ALL, "ObjectiveC": ALL, "Dispatch": ALL,
    "UIKit": frozenset({"iOS", "tvOS", "watchOS", "visionOS"}), "AppKit": frozenset({"macOS"}),
    "WatchKit": frozenset({"watchOS"}), "Combine": ALL, "SwiftUI": ALL, "CoreGraphics": ALL,
    "Glibc": frozenset(), "Musl": frozenset(), "FoundationNetworking": frozenset(), "Android": frozenset(),
    "WinSDK": frozenset(), "WASILibc": frozenset(), "FoundationXML": frozenset(),
}


def condition_platforms(condition):
    """The Apple platforms on which `condition` holds, as far as its `os()`/`canImport()` terms
    tell; `ALL` for a condition they don't decide."""
    text = condition.strip()
    # Split on top-level `||` then `&&`.
    alternatives = split_top(text, "||")
    if len(alternatives) > 1:
        result = frozenset()
        for alternative in alternatives:
            result |= condition_platforms(alternative)
        return result
    terms = split_top(text, "&&")
    if len(terms) > 1:
        result = ALL
        for term in terms:
            result &= condition_platforms(term)
        return result
    term = text
    while term.startswith("(") and matching_paren(term, 0) == len(term) - 1:
        term = term[1:-1].strip()
    if term.startswith("!"):
        inner = term[1:].strip()
        decided = decides(inner)
        return ALL - condition_platforms(inner) if decided else ALL
    if term != text:
        return condition_platforms(term)
    match = re.fullmatch(r"os\((\w+)\)", term)
    if match:
        name = "macOS" if match.group(1) == "OSX" else match.group(1)
        return frozenset({name}) & ALL
    match = re.fullmatch(r"canImport\((\w+)\)", term)
    if match and match.group(1) in IMPORTS:
        return IMPORTS[match.group(1)]
    return ALL


def decides(term):
    return bool(re.fullmatch(r"\(?\s*(os\(\w+\)|canImport\(\w+\))\s*\)?", term.strip()))


def split_top(text, operator):
    parts, depth, start, index = [], 0, 0, 0
    while index < len(text):
        character = text[index]
        if character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
        elif depth == 0 and text.startswith(operator, index):
            parts.append(text[start:index])
            start = index + len(operator)
            index += len(operator)
            continue
        index += 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def matching_paren(text, open_index):
    depth = 0
    for index in range(open_index, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return index
    return -1


def compiler_version(condition):
    """The compiler version a branch requires: `compiler(>=6.2)` or `swift(>=6.2)`."""
    if len(split_top(condition.strip(), "||")) > 1:
        return None
    found = []
    for term in split_top(condition.strip(), "&&"):
        found += re.findall(r"^\(?\s*(?:compiler|swift)\(\s*>=\s*(\d+)(?:\.(\d+))?\s*\)\s*\)?$", term)
    if not found:
        return None
    return max((int(major), int(minor or 0)) for major, minor in found)


def branches(code):
    """(start, end, Apple platforms, compiler version or None) for each `#if` branch."""
    result, stack = [], []  # stack: [branch start, platforms, version, platforms of earlier branches]
    for match in re.finditer(r"^[ \t]*#(if|elseif|else|endif)\b(.*)$", code, re.M):
        keyword, condition = match.group(1), match.group(2)
        if keyword in ("elseif", "else", "endif") and stack:
            start, platforms, version, _ = stack[-1]
            result.append((start, match.start(), platforms, version))
        if keyword == "if":
            platforms = condition_platforms(condition)
            stack.append([match.end(), platforms, compiler_version(condition), platforms])
        elif keyword in ("elseif", "else") and stack:
            earlier = stack[-1][3]
            # An `#else` after exact platform branches holds on the others; after an undecided
            # condition, on any.
            remaining = ALL - earlier if earlier != ALL else ALL
            platforms = remaining & condition_platforms(condition) if keyword == "elseif" else remaining
            stack[-1] = [match.end(), platforms, compiler_version(condition) if keyword == "elseif" else None,
                         earlier | platforms]
        elif keyword == "endif" and stack:
            stack.pop()
    return result


class Gates:
    def __init__(self, code):
        self.branches = branches(code)

    def platforms_at(self, offset):
        platforms = ALL
        for start, end, branch_platforms, _ in self.branches:
            if start <= offset < end:
                platforms &= branch_platforms
        return platforms

    def compiler_at(self, offset):
        versions = [version for start, end, _, version in self.branches if start <= offset < end and version]
        return max(versions) if versions else None
