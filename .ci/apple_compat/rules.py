"""The checks: each returns findings (path, line, rule, message) for one source file."""

import re

from .versions import Versions

LINUX_ONLY_MODULES = ("Glibc", "Musl", "FoundationNetworking", "FoundationXML", "Android", "WASILibc")
CORE_GRAPHICS = r"\bCG(Size|Point|Rect|Vector|AffineTransform)\b"
IOS16 = Versions({"macOS": (13, 0, 0), "iOS": (16, 0, 0), "tvOS": (16, 0, 0), "watchOS": (9, 0, 0)})

# APIs the generated list can't see: Foundation's on Apple platforms (not in swift-foundation),
# or ones with an old overload of the same name (`Task.sleep(nanoseconds:)` beside `(for:)`).
HAND_LIST = [
    (r"\bURL\(\s*filePath\s*:", "URL(filePath:)", IOS16),
    (r"\.appending\(\s*(path|component|components|queryItems)\s*:", "URL.appending(path:/component:)", IOS16),
    (r"\bURL\.(homeDirectory|temporaryDirectory|documentsDirectory|cachesDirectory|applicationSupportDirectory)\b",
     "URL's directory properties", IOS16),
    (r"\bURL\.currentDirectory\(", "URL.currentDirectory()", IOS16),
    (r"\.path\(\s*percentEncoded\s*:", "URL.path(percentEncoded:)", IOS16),
    (r"\bTask\s*(<[^>]*>)?\s*\.sleep\(\s*(for|until)\s*:", "Task.sleep(for:/until:)", IOS16),
]


def finding(source, offset, rule, message):
    return (source.path, source.line_of(offset), rule, message)


def linux_only_imports(source):
    results = []
    pattern = rf"^[ \t]*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|func|var|typealias)\s+)?({'|'.join(LINUX_ONLY_MODULES)})\b"
    for match in re.finditer(pattern, source.code, re.M):
        if not source.is_non_apple(match.start()):
            results.append(finding(source, match.start(), "linux-import",
                                   f"`import {match.group(1)}` outside `#if canImport({match.group(1)})`"))
    return results


def newer_apis(source, symbols_by_name, targets, project_names):
    by_line = {}  # line → [names, required]

    def check(offset, name, required):
        if source.is_non_apple(offset) or source.gate_at(offset).covers(required, targets):
            return
        entry = by_line.setdefault(source.line_of(offset), [[], required])
        if name not in entry[0]:
            entry[0].append(name)

    for pattern, name, required in HAND_LIST:
        for match in re.finditer(pattern, source.code):
            check(match.start(), name, required)
    # One pass over the identifiers, each looked up among the symbols of that name.
    for identifier in re.finditer(r"\b[A-Za-z_]\w*\b", source.code):
        for symbol in symbols_by_name.get(identifier.group(0), ()):
            if symbol.name in project_names or symbol.key in project_names:
                continue
            start = identifier.start() - (1 if symbol.kind in ("member", "macro") else 0)
            if re.compile(symbol.pattern).match(source.code, max(start, 0)):
                shown = symbol.key.split("(")[0] if symbol.kind == "qualified" else symbol.name
                check(identifier.start(), f"{shown} ({symbol.module})", symbol.required)
    for offset, content in source.strings:
        after = source.code[offset - 40 : offset]
        if re.search(r"\bsplit\(\s*separator\s*:\s*$", after) and len(unescape(content)) != 1:
            check(offset, 'multi-character split(separator: "…")', IOS16)
    for match in re.finditer(r"#/|(?:^|[(\[,=:!&|?]|\breturn|\bcase)\s*/(?![\s/*=])[^/\n]*[^\s\\/]/(?!/)", source.code, re.M):
        check(match.start(), "a Regex literal", IOS16)
    return [(source.path, line, "newer-api", f"{', '.join(names)} needs {required.describe()}; "
             "put it under @available or #available") for line, (names, required) in sorted(by_line.items())]


def unescape(content):
    return re.sub(r"\\(u\{[0-9a-fA-F]+\}|.)", "x", content)


# A stored CoreGraphics value in a type's own members: `var a, b: CGSize`, a type on the line
# after the colon, several declarations on a line; not a computed property, not `static`.
STORED_CG = re.compile(
    rf"(?<!static )(?<!static  )\b(?:let|var)\s+\w+(?:\s*,\s*\w+)*\s*:\s*[\w.<>\[\]?!,\s]*?{CORE_GRAPHICS}[\w.<>\[\]?!]*(?!\s*\{{)"
    rf"|\bcase\s+\w+\([^)]*{CORE_GRAPHICS}")
CG_FIX = ("CGSize, CGPoint and CGRect are Hashable only from iOS 18 / macOS 15 (Equatable is fine on every OS): "
          "write hash(into:) and == over their CGFloat components")


def stores_core_graphics(source, open_brace):
    body = direct_members(source.code[open_brace + 1 : source.pairs.get(open_brace, len(source.code))])
    return any(not re.match(r"\s*\{", body[m.end():]) for m in STORED_CG.finditer(body))


def types_storing_core_graphics(sources):
    """The names of the structs and enums that store a CoreGraphics value."""
    names = set()
    for source in sources:
        for match in re.finditer(r"\b(struct|enum)\s+(\w+)[^{]*\{", source.code):
            if stores_core_graphics(source, match.end() - 1):
                names.add(match.group(2))
    return names


def missing_hashable_members(name, explicit_members):
    written = explicit_members.get(name, set())
    return [member for member in ("==", "hash(into:)") if member not in written]


def synthesised_core_graphics_conformance(source, explicit_members):
    """A struct or enum that says `Hashable`, stores a CoreGraphics value, and leaves `==` or
    `hash(into:)` to the compiler (CG types are `Hashable` from iOS 18 only; `Equatable` alone
    is fine everywhere)."""
    results = []
    declaration = re.compile(r"\b(struct|enum)\s+(\w+)\s*(<[^>{]*>)?\s*:([^{]*)\{")
    for match in declaration.finditer(source.code):
        name, conformances = match.group(2), match.group(4)
        if not re.search(r"\bHashable\b", conformances) or source.is_non_apple(match.start()):
            continue
        if not stores_core_graphics(source, match.end() - 1):
            continue
        missing = missing_hashable_members(name, explicit_members)
        if missing:
            results.append(finding(source, match.start(), "synthesised-cg",
                                   f"{name} stores a CoreGraphics value and synthesises {' and '.join(missing)}: {CG_FIX}"))
    return results


def extension_conformances(source, storing, explicit_members):
    """`extension X: Hashable {}` for a type X that stores a CoreGraphics value."""
    results = []
    for match in re.finditer(r"\bextension\s+([\w.]+)\s*:([^{]*)\{", source.code):
        name = match.group(1).split(".")[-1]
        if name not in storing or not re.search(r"\bHashable\b", match.group(2)) or source.is_non_apple(match.start()):
            continue
        missing = missing_hashable_members(name, explicit_members)
        if missing:
            results.append(finding(source, match.start(), "synthesised-cg",
                                   f"extension {name}: Hashable synthesises {' and '.join(missing)} over a stored "
                                   f"CoreGraphics value: {CG_FIX}"))
    return results


def direct_members(body):
    """`body` with nested `{ … }` blocks blanked, so that only the type's own members remain."""
    out, depth = [], 0
    for character in body:
        if character == "{":
            out.append("{" if depth == 0 else " ")
            depth += 1
        elif character == "}":
            depth -= 1
            out.append("}" if depth == 0 else " ")
        else:
            out.append(character if depth == 0 or character == "\n" else " ")
    return "".join(out)


def explicit_equality_members(sources):
    """For each type name, which of `==` and `hash(into:)` its body or extensions write."""
    written = {}
    for source in sources:
        for match in re.finditer(r"\b(struct|enum|extension)\s+([\w.]+)[^{]*\{", source.code):
            name = match.group(2).split(".")[-1]
            open_brace = match.end() - 1
            body = direct_members(source.code[open_brace + 1 : source.pairs.get(open_brace, len(source.code))])
            members = written.setdefault(name, set())
            if re.search(r"\bstatic\s+func\s+==", body):
                members.add("==")
            if re.search(r"\bfunc\s+hash\s*\(\s*into\b", body):
                members.add("hash(into:)")
    return written


def posix_spawn_initialisers(source):
    results = []
    for match in re.finditer(r"\bposix_spawn\w*_t\s*\(\s*\)", source.code):
        if not source.is_non_apple(match.start()):
            results.append(finding(source, match.start(), "posix-spawn-init",
                                   "posix_spawn*_t() has no initialiser on Darwin (an opaque pointer there); "
                                   "declare it uninitialised, or `#if os(Linux)`"))
    return results


# C functions whose Darwin signature differs from Glibc's, with their Darwin argument counts
# (Apple's man pages, <sys/xattr.h>): the extended-attribute calls take `position` and `options`
# arguments on Darwin, and the `l…` forms don't exist there (pass `XATTR_NOFOLLOW` instead).
DARWIN_ARITY = {
    "getxattr": (6, "getxattr(path, name, value, size, position: UInt32, options: Int32) -> Int"),
    "fgetxattr": (6, "fgetxattr(fd, name, value, size, position: UInt32, options: Int32) -> Int"),
    "setxattr": (6, "setxattr(path, name, value: const void *, size, position: UInt32, options: Int32) -> Int32"),
    "fsetxattr": (6, "fsetxattr(fd, name, value: const void *, size, position: UInt32, options: Int32) -> Int32"),
    "listxattr": (4, "listxattr(path, namebuf, size, options: Int32) -> Int"),
    "flistxattr": (4, "flistxattr(fd, namebuf, size, options: Int32) -> Int"),
    "removexattr": (3, "removexattr(path, name, options: Int32) -> Int32"),
    "fremovexattr": (3, "fremovexattr(fd, name, options: Int32) -> Int32"),
}
LINUX_ONLY_FUNCTIONS = ("lgetxattr", "lsetxattr", "llistxattr", "lremovexattr")


def darwin_c_signatures(source):
    """A call, in code built for Apple platforms, to a C function that takes other arguments on
    Darwin than on Linux (or that Darwin lacks): it compiles on Linux and fails on Apple."""
    results = []
    names = "|".join(list(DARWIN_ARITY) + list(LINUX_ONLY_FUNCTIONS))
    for match in re.finditer(rf"(?<![\w.])({names})\s*\(", source.code):
        before = source.code[max(0, match.start() - 12) : match.start()]
        if re.search(r"\bfunc\s+$", before) or source.is_non_apple(match.start()):
            continue
        name = match.group(1)
        if name in LINUX_ONLY_FUNCTIONS:
            results.append(finding(source, match.start(), "darwin-signature",
                                   f"{name} does not exist on Darwin: call {name[1:]} with XATTR_NOFOLLOW there"))
            continue
        count = argument_count(source.code, match.end() - 1)
        arity, signature = DARWIN_ARITY[name]
        if count is not None and count != arity:
            results.append(finding(source, match.start(), "darwin-signature",
                                   f"{name} takes {arity} arguments on Darwin, {signature}; this call passes {count}"))
    return results


def argument_count(code, open_paren):
    """The number of arguments of the call whose `(` is at `open_paren` (`None` if unclosed)."""
    depth, count, empty = 0, 1, True
    for index in range(open_paren, len(code)):
        character = code[index]
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
            if depth == 0:
                return 0 if empty else count
        elif character == "," and depth == 1:
            count += 1
        elif not character.isspace() and depth >= 1:
            empty = False
    return None


def declared_names(sources):
    """The names the project declares itself, which the generated list must not flag."""
    names = set()
    for source in sources:
        for match in re.finditer(r"\b(?:func|var|let|case|struct|class|enum|protocol|typealias|actor)\s+`?(\w+)`?(\s*\(\s*(\w+))?", source.code):
            names.add(match.group(1))
            if match.group(3):
                names.add(f"{match.group(1)}({match.group(3)}:)")
    return names
