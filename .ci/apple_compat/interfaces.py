"""The APIs newer than the deployment targets, read from the availability attributes in the
toolchain's own `.swiftinterface` files.

A symbol counts as new only when every declaration of it (every overload with the same name and
first argument label) is newer than a deployment target: an old overload beside a new one, like
the standard library's one-element `split(separator:)`, is left to the hand-written rules."""

import re
from pathlib import Path

from .versions import Versions, parse_availability

# The modules whose interfaces carry Apple availability. Foundation and Dispatch are binary
# modules on Linux, from swift-corelibs, without Apple's attributes: the hand list covers them.
MODULES = ("Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation", "Testing")

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|final|static|class|mutating|nonmutating|indirect|override|"
    r"convenience|required|dynamic|nonisolated|__consuming|consuming|borrowing|optional|unsafe|isolated)\s+)*"
    r"(?P<kind>func|init|var|let|struct|class|enum|protocol|actor|typealias|macro|case|extension)\b\s*"
    r"(?P<rest>.*)$"
)


class Symbol:
    """One name the sources may use, and the versions every declaration of it needs."""

    def __init__(self, kind, key, pattern, required, module):
        self.kind, self.key, self.pattern, self.required, self.module = kind, key, pattern, required, module
        # The identifier a use starts with: the type's name for a `qualified` symbol.
        self.name = key.split(".")[0] if kind == "qualified" else key.split("(")[0]


def find_interfaces(toolchain_lib):
    for module in MODULES:
        for path in sorted(Path(toolchain_lib).glob(f"**/{module}.swiftmodule/*.swiftinterface")):
            if not path.name.endswith(".private.swiftinterface"):
                yield module, path
                break


def symbol_key(kind, rest, enclosing_type):
    """(kind, key, regex matching a use in a source) for a declaration, or `None`."""
    if kind in ("struct", "class", "enum", "protocol", "actor", "typealias"):
        name = re.match(r"`?([A-Za-z_]\w*)", rest)
        if not name or name.group(1).startswith("_"):
            return None
        return "type", name.group(1), rf"\b{name.group(1)}\b"
    if kind == "macro":
        name = re.match(r"([A-Za-z_]\w*)", rest)
        if not name or name.group(1).startswith("_"):
            return None
        return "macro", name.group(1), rf"[@#]{name.group(1)}\b"
    if kind in ("func", "init"):
        if kind == "func":
            name = re.match(r"`?([A-Za-z_]\w*)`?\s*(?:<[^(]*>)?\s*\((.*)", rest)
            if not name or name.group(1).startswith("_"):
                return None
            function, arguments = name.group(1), name.group(2)
        else:
            if not enclosing_type or enclosing_type.startswith("_"):
                return None
            arguments = re.sub(r"^[?!]?\s*(?:<[^(]*>)?\s*\(", "", rest)
            function = enclosing_type
        label = first_label(arguments)
        if label is None:
            return None
        if label == "_":
            return "func", f"{function}(_:)", rf"\b{function}\(\s*(?![A-Za-z_]\w*\s*:)(?!\s*\))"
        if label == "":
            return "func", f"{function}()", rf"\b{function}\(\s*\)"
        return "func", f"{function}({label}:)", rf"\b{function}\(\s*{label}\s*:"
    if kind in ("var", "let", "case"):
        name = re.match(r"`?([A-Za-z_]\w*)", rest)
        if not name or name.group(1).startswith("_"):
            return None
        return "member", name.group(1), rf"\.{name.group(1)}\b(?!\s*\()"
    return None


def first_label(arguments):
    """The external label of the first parameter: `""` for none, `"_"` for an unlabelled one."""
    arguments = arguments.lstrip()
    if arguments.startswith(")"):
        return ""
    match = re.match(r"`?([A-Za-z_]\w*)`?\s*(`?[A-Za-z_]\w*`?)?\s*:", arguments)
    if not match:
        return None
    return match.group(1)


def read_interface(module, path):
    """Yields (kind, key, pattern, Versions or None, enclosing type or None) for each public
    declaration."""
    lines = Path(path).read_text(errors="replace").splitlines()
    stack = []  # [depth at which the block opened, its Versions or None, its type name]
    depth, pending = 0, []
    for line in lines:
        stripped = line.strip()
        attributes = re.findall(r"@available\s*\(([^)]*)\)", stripped)
        if stripped.startswith("@") and not DECLARATION.match(line):
            pending += attributes
            continue
        match = DECLARATION.match(line)
        if match:
            own = [v for v in (parse_availability(a) for a in pending + attributes) if v]
            if any(re.search(r"\bunavailable\b", a) and not re.search(r"\bintroduced\b", a) for a in pending + attributes):
                own = None  # unusable anywhere: not an API the sources could use
            enclosing = None
            for _, versions, _ in stack:
                if versions:
                    enclosing = versions if enclosing is None else enclosing.raised_to(versions)
            versions = None if own is None else enclosing
            if own:
                for each in own:
                    versions = each if versions is None else versions.raised_to(each)
            kind, rest = match.group("kind"), match.group("rest")
            type_name = stack[-1][2] if stack else None
            if own is not None and kind != "extension":
                found = symbol_key(kind, rest, type_name)
                if found:
                    yield (*found, versions, type_name)
            opens = line.count("{") - line.count("}")
            if opens > 0:
                name = re.match(r"(?:[A-Za-z_]\w*\.)*`?([A-Za-z_]\w*)", rest) if kind != "func" else None
                block_type = name.group(1) if name and kind in ("struct", "class", "enum", "actor", "extension", "protocol") else None
                stack.append([depth, versions if own is not None else None, block_type])
                depth += opens
                pending = []
                continue
        pending = []
        depth += line.count("{") - line.count("}")
        while stack and depth <= stack[-1][0]:
            stack.pop()


# What may stand between a type's name and its member in a use the check can attribute to that
# type: nothing (`Task.sleep`), or one of the accessors that return the type itself
# (`Locale.current.language`).
SELF_ACCESSORS = r"(?:\.(?:current|autoupdatingCurrent|shared|default|standard|main))?"


def qualified_pattern(owner, kind, pattern):
    """A use of a member or function spelled after its type's name, from its unqualified pattern
    (which starts with `\\.` for a member and `\\b` for a function)."""
    if kind == "member":
        return rf"\b{owner}{SELF_ACCESSORS}" + pattern
    return rf"\b{owner}{SELF_ACCESSORS}\." + pattern[2:]


def new_symbols(toolchain_lib, targets, more_declarations=()):
    """The symbols whose every declaration is newer than `targets` on some platform, from the
    interfaces and from `more_declarations` ((kind, key, pattern, Versions or None, module,
    enclosing type or None)).

    Also, as kind `qualified` (named by the type), each member and function whose declarations
    on one type are all newer, used after that type's name (`Locale.current.language`,
    `Duration.seconds(_:)`): such a name may have old declarations on other types, or be one the
    project declares too, and so not count as new unqualified."""
    groups = {}

    def add(kind, key, pattern, versions, module, owner=None):
        if versions is None:
            return  # unavailable everywhere: nothing a source could use
        group = groups.setdefault((kind, key), [pattern, module, []])
        group[2].append(versions)
        if owner and not owner.startswith("_") and kind in ("member", "func") and not key.startswith(f"{owner}("):
            group = groups.setdefault(("qualified", f"{owner}.{key}"),
                                      [qualified_pattern(owner, kind, pattern), module, []])
            group[2].append(versions)
        name = key.split("(")[0]
        if kind == "func" and name[:1].islower():
            # Also by name alone, for calls whose labels the key can't see (a trailing closure
            # after defaulted arguments): flagged when every overload of the name is new. Not
            # initialisers (`where Failure == Never {`), nor `for x in name {`.
            group = groups.setdefault(("func", f"{name}(…)"), [rf"(?<!in ){name}\s*[({{]", module, []])
            group[2].append(versions)

    for module, path in find_interfaces(toolchain_lib):
        for kind, key, pattern, versions, owner in read_interface(module, path):
            add(kind, key, pattern, versions or Versions(), module, owner)
    for declaration in more_declarations:
        add(*declaration)
    symbols = []
    for (kind, key), (pattern, module, all_versions) in groups.items():
        if all(versions.exceeds(targets) for versions in all_versions):
            required = all_versions[0]
            for versions in all_versions[1:]:
                required = required.lowered_to(versions)
            symbols.append(Symbol(kind, key, pattern, required, module))
    return symbols
