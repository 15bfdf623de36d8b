"""A Swift file as the checks see it: comments and string contents blanked out (offsets and line
numbers kept), the string literals kept aside, and the ranges of code that never builds for an
Apple platform or that an `@available`/`#available` raises to newer OS versions."""

import re

from .gates import Gates
from .versions import Versions, parse_availability

# A `#if` branch whose condition names one of these is code that Apple platforms never compile.
NON_APPLE = re.compile(
    r"canImport\((Glibc|Musl|FoundationNetworking|Android|WinSDK|WASILibc)\)|os\((Linux|Windows|Android|WASI|FreeBSD|OpenBSD)\)"
)
# A `#if` branch whose condition names one of these is Apple code: its `#else` is not.
APPLE = re.compile(r"canImport\((Darwin|ObjectiveC|UIKit|AppKit)\)|os\((macOS|iOS|tvOS|watchOS|visionOS)\)")
# `!canImport(Darwin)` and the like: a branch Apple platforms never compile (unless `||` joins
# another condition), whose `#else` is Apple code.
NEGATED_APPLE = re.compile(r"!\s*(?:" + APPLE.pattern + ")")


def branch_kinds(condition):
    """(whether Apple platforms never compile the branch, whether it is Apple code)."""
    negated = bool(NEGATED_APPLE.search(condition)) and "||" not in condition
    plain = NEGATED_APPLE.sub("", condition)
    return bool(NON_APPLE.search(condition)) or negated, bool(APPLE.search(plain))


class SourceFile:
    def __init__(self, path, text):
        self.path = path
        self.text = text
        self.code, self.strings = blank_comments_and_strings(text)
        self.line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
        self.pairs = match_braces(self.code)
        self.non_apple = non_apple_ranges(self.code)
        self.gates = availability_gates(self)
        self.platform_gates = Gates(self.code)

    def is_nested(self, offset):
        """Whether `offset` is inside a `{ … }` block (not a top-level declaration)."""
        return any(open_ < offset < close for open_, close in self.pairs.items())

    def line_of(self, offset):
        low, high = 0, len(self.line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.line_starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1

    def is_non_apple(self, offset):
        return any(start <= offset < end for start, end in self.non_apple)

    def gate_at(self, offset):
        """The OS versions that `@available`/`#available` guarantee at `offset`."""
        versions = Versions()
        for start, end, gate in self.gates:
            if start <= offset < end:
                versions = versions.raised_to(gate)
        return versions

    def block_after(self, offset):
        """The range from `offset` to the end of the first `{ … }` block after it, or `None`."""
        brace = self.code.find("{", offset)
        if brace < 0 or brace not in self.pairs:
            return None
        return brace, self.pairs[brace] + 1

    def enclosing_block_end(self, offset):
        best = None
        for open_, close in self.pairs.items():
            if open_ < offset < close and (best is None or close < best):
                best = close
        return best if best is not None else len(self.code)


def blank_comments_and_strings(text):
    """Returns the text with comments and string contents replaced by spaces (newlines kept),
    and the list of (offset, content) of each string literal."""
    out = list(text)
    strings = []
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i + hashes
            delimiter = '"""' if text.startswith('"""', start) else '"'
            close = delimiter + "#" * hashes
            j = start + len(delimiter)
            while j < n and not text.startswith(close, j):
                j += 2 if (text[j] == "\\" and hashes == 0) else 1
            strings.append((i, text[start + len(delimiter) : j]))
            blank(start + len(delimiter), j)
            i = j + len(close)
        else:
            i += 1
    return "".join(out), strings


def match_braces(code):
    pairs, stack = {}, []
    for index, character in enumerate(code):
        if character == "{":
            stack.append(index)
        elif character == "}" and stack:
            pairs[stack.pop()] = index
    return pairs


def non_apple_ranges(code):
    """The ranges of `#if` branches that Apple platforms never compile."""
    ranges, stack = [], []  # stack of [branch start, branch is non-Apple, an earlier branch was Apple]
    for match in re.finditer(r"^[ \t]*#(if|elseif|else|endif)\b(.*)$", code, re.M):
        keyword, condition = match.group(1), match.group(2)
        if keyword in ("elseif", "else", "endif") and stack:
            start, non_apple, _ = stack[-1]
            if non_apple:
                ranges.append((start, match.start()))
        if keyword == "if":
            stack.append([match.end(), *branch_kinds(condition)])
        elif keyword in ("elseif", "else") and stack:
            earlier_apple = stack[-1][2]
            non_apple, apple = branch_kinds(condition)
            non_apple = non_apple or (keyword == "else" and earlier_apple)
            stack[-1] = [match.end(), non_apple, earlier_apple or apple]
        elif keyword == "endif" and stack:
            stack.pop()
    return ranges


def attributes_start(code, offset):
    """The start of the run of attribute lines (`@Suite(…)`, `@available(…)`) that `offset` is in:
    an `@available` covers the attributes written above it too."""
    start = code.rfind("\n", 0, offset) + 1
    while start > 0:
        previous = code.rfind("\n", 0, start - 1) + 1
        if not code[previous:start].strip().startswith("@"):
            break
        start = previous
    return start


def availability_gates(source):
    """(start, end, Versions) for each `@available` declaration and `#available` check."""
    code, gates = source.code, []
    for match in re.finditer(r"@available\s*\(([^)]*)\)", code):
        versions = parse_availability(match.group(1))
        if versions is None:
            continue
        # The attribute covers the declaration it is on: up to the end of its body, or of its
        # line when it has none (a requirement, a stored property).
        line_end = code.find("\n", match.end())
        line_end = len(code) if line_end < 0 else line_end
        declaration = re.compile(r"\b(func|init|var|let|struct|class|enum|actor|extension|protocol|subscript|typealias|case)\b")
        keyword = declaration.search(code, match.end())
        if keyword is None:
            continue
        body = source.block_after(keyword.end())
        next_line_end = code.find("\n", keyword.end())
        next_line_end = len(code) if next_line_end < 0 else next_line_end
        # A body that opens after the declaration's line belongs to the declaration only when no
        # other declaration starts before it.
        end = next_line_end
        if body is not None:
            between = code[keyword.end() : body[0]]
            if not declaration.search(between) or body[0] <= next_line_end:
                end = body[1]
        gates.append((attributes_start(code, match.start()), max(end, line_end), versions))
    for match in re.finditer(r"#available\s*\(([^)]*)\)", code):
        versions = parse_availability(match.group(1))
        if versions is None:
            continue
        statement = code.rfind("\n", 0, match.start())
        prefix = code[statement + 1 : match.start()]
        if re.search(r"\bguard\b", prefix):
            else_match = re.compile(r"\belse\s*\{").search(code, match.end())
            if else_match is None:
                continue
            else_block = source.block_after(else_match.start())
            if else_block is not None:
                gates.append((else_block[1], source.enclosing_block_end(match.start()), versions))
        else:
            block = source.block_after(match.end())
            if block is not None:
                gates.append((match.start(), block[1], versions))
    return gates
