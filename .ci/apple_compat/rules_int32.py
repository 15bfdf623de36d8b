"""Arithmetic that traps where `Int` is 32 bits: Apple Watch's arm64_32 (watchOS 8 devices), and
armv7k. The watch simulator is 64-bit, so only a device would show these; `.ci/embedded32` runs
the core with a 32-bit `Int`. Library code only (Sources, Snippets): tests and benchmarks run on
64-bit hosts."""

import re

WIDE = r"(?:UInt32|UInt64|Int64|UInt)"
FIX_CONVERSION = ("convert with `Int(truncatingIfNeeded:)` when only the low bits matter (a hash), "
                  "`Int(exactly:)` and a thrown error or a neutral result for a value from input, or keep "
                  "the fixed-width type")
FIX_SUM = ("a 32-bit field added to an offset overflows a 32-bit Int: add it with "
           "`reader.end(of:length:field:)` (or `addingReportingOverflow`), or compute in UInt64/Int64 "
           "(ByteReader's doc states the rule)")


def applies(path):
    return not path.startswith(("Tests/", "Benchmarks/"))


def wide_names(sources):
    """Names the project declares with a 32- or 64-bit fixed-width type: properties, variables,
    parameters, and functions that return one."""
    names = set()
    for source in sources:
        names |= set(re.findall(rf"\b(?:let|var)\s+(\w+)\s*:\s*{WIDE}\b(?!\s*[.(])", source.code))
        names |= set(re.findall(rf"\bfunc\s+(\w+)\s*(?:<[^>]*>)?\([^)]*\)\s*(?:throws(?:\([^)]*\))?\s*)?->\s*{WIDE}\b",
                                source.code))
    return names


def declared_narrow_here(code, name):
    """Whether this file declares `name` itself, with a type that is not 32- or 64-bit wide
    (`let width = Int32(…)`, `var count: Int`): the project-wide list of wide names is by name
    only, and a file's own declaration is the one its code means."""
    for match in re.finditer(rf"\b(?:let|var)\s+{re.escape(name)}\s*(?::\s*(\w+)|=\s*(\w+)\s*\()", code):
        declared = match.group(1) or match.group(2)
        if declared and not re.fullmatch(WIDE, declared):
            return True
    return False


def argument(code, open_paren):
    depth = 0
    for index in range(open_paren, len(code)):
        if code[index] in "([{":
            depth += 1
        elif code[index] in ")]}":
            depth -= 1
            if depth == 0:
                return code[open_paren + 1 : index]
    return ""


def conversions(source, wide):
    results = []
    for match in re.finditer(r"(?<![\w.])Int\s*\(", source.code):
        if source.is_non_apple(match.start()):
            continue
        text = argument(source.code, match.end() - 1).strip()
        if re.match(r"(exactly|clamping|truncatingIfNeeded|bitPattern)\s*:", text):
            continue
        if text.endswith("]"):
            continue  # an element: its type is beyond a text check
        last = re.findall(r"\w+", re.sub(r"\(.*\)$", "", text))
        reason = None
        if re.search(r"hash", text, re.I):
            reason = "a hash"
        elif re.match(rf"{WIDE}\s*\(", text):
            reason = f"a {text.split('(')[0].strip()}"
        elif last and last[-1] in wide and not declared_narrow_here(source.code, last[-1]):
            reason = f"`{last[-1]}`, declared with a 32- or 64-bit type"
        if reason:
            results.append((source.path, source.line_of(match.start()), "int32-trap",
                            f"Int({text}) converts {reason}: it traps for values of 2^31 or more where Int is "
                            f"32 bits (Apple Watch): {FIX_CONVERSION}"))
    return results


def reader_sums(source):
    results = []
    names = set(re.findall(r"\b(?:let|var)?\s*(\w+)\s*=\s*(?:try\s+)?reader\.uint(?:32|64)\(", source.code))
    patterns = [r"[+*]\s*\(?\s*(?:try\s+)?reader\.uint(?:32|64)\(", r"reader\.uint(?:32|64)\([^()]*\)\s*[+*](?!=)"]
    for name in names:
        patterns += [rf"(?<![\w.]){re.escape(name)}\s*[+*](?!=)", rf"[+*]\s*{re.escape(name)}\b(?!\s*[.(])"]
    for pattern in patterns:
        for match in re.finditer(pattern, source.code):
            if source.is_non_apple(match.start()):
                continue
            line = source.line_of(match.start())
            results.append((source.path, line, "int32-trap", FIX_SUM))
    return results


def literals(source):
    """An integer literal of 2^31 or more that becomes an `Int` (a declaration without a type, or
    with `Int`): it does not compile for arm64_32."""
    results = []
    pattern = r"\b(?:let|var)\s+\w+\s*(?::\s*Int\s*)?=\s*-?(0x[0-9A-Fa-f_]+|\d[\d_]*)(?![\w.])"
    for match in re.finditer(pattern, source.code):
        digits = match.group(1).replace("_", "")
        value = int(digits[2:], 16) if digits.startswith("0x") else int(digits)
        if value < 2**31 or source.is_non_apple(match.start()):
            continue
        results.append((source.path, source.line_of(match.start()), "int32-trap",
                        f"{match.group(1)} does not fit a 32-bit Int (Apple Watch): give it a type "
                        "(`as Int64`, `: UInt64`) where it is declared"))
    return results


def int32_traps(source, wide):
    if not applies(source.path):
        return []
    return conversions(source, wide) + reader_sums(source) + literals(source)
