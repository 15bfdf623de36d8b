"""Checks of C names and APIs that exist on Linux (or on some Apple platforms) but not on every
Apple platform the package targets, and of types declared for some platforms only."""

import re

from .gates import ALL

# Glibc names and shapes that Darwin lacks or spells differently: pattern, what to write instead.
GLIBC_SHAPES = [
    (r"\b(SOCK_STREAM|SOCK_DGRAM|SOCK_RAW|SOCK_SEQPACKET)\.rawValue\b",
     "{0} is an enumerator with a UInt32 rawValue in Glibc but a plain Int32 on Darwin: use "
     "`Int32({0}.rawValue)` under `#if canImport(Glibc)` and `{0}` elsewhere"),
    (r"\b(IPPROTO_\w+|SHUT_RD|SHUT_WR|SHUT_RDWR)\.rawValue\b",
     "{0} has a rawValue only in Glibc (an imported enum); on Darwin it is a plain integer: shim it per platform"),
    (r"\.(st_mtim|st_atim|st_ctim)\b",
     "stat's `{0}` is Glibc's spelling; Darwin has st_mtimespec/st_atimespec/st_ctimespec: "
     "read it under `#if canImport(Glibc)` and the Darwin name under `#else`"),
    (r"\b(F_OFD_SETLK|F_OFD_SETLKW|F_OFD_GETLK)\b",
     "{0} (open-file-description locks) is Linux-only: use flock(2) on Darwin (it also belongs to the open file)"),
    (r"\b(posix_fallocate)\s*\(",
     "posix_fallocate is not on Darwin: use fcntl(F_PREALLOCATE) there, or skip preallocation"),
    (r"\b(malloc_trim)\s*\(", "malloc_trim is Glibc-only: drop it on Darwin (malloc zones trim themselves)"),
    (r"\b(eventfd|epoll_create1?|epoll_ctl|epoll_wait|inotify_init1?|inotify_add_watch|signalfd|timerfd_create)\s*\(",
     "{0} is Linux-only: use kqueue, a pipe or a DispatchSource on Darwin"),
    (r"\b(pipe2|accept4|memfd_create|sched_getaffinity|prctl|gettid|statx|sendfile64|copy_file_range)\s*\(",
     "{0} is Linux-only: put it under `#if os(Linux)` with a Darwin equivalent beside it"),
    (r"\b(SOCK_CLOEXEC|SOCK_NONBLOCK|MSG_NOSIGNAL|O_DIRECT|O_TMPFILE|O_NOATIME)\b",
     "{0} is Linux-only: on Darwin set FD_CLOEXEC/O_NONBLOCK with fcntl, SO_NOSIGPIPE with setsockopt, "
     "F_NOCACHE for direct I/O"),
]

# APIs missing on some Apple platforms: pattern, the platforms that have it, the message.
UNAVAILABLE = [
    (r"(?<![\w.])Process\s*\(|(?<![\w.])Process\.(run|launchedProcess)\b|:\s*Process\b(?!\w)|\bNSTask\b",
     frozenset({"macOS"}), "Foundation's Process exists on macOS only (not iOS, tvOS, watchOS)"),
    (r"(?<![\w.])(posix_spawnp?|posix_spawn_file_actions_(?!t\b)\w+|posix_spawnattr_(?!t\b)\w+)\s*\(",
     frozenset({"macOS", "iOS", "visionOS"}), "{0} is unavailable on tvOS and watchOS"),
    (r"(?<![\w.])(fork|vfork|execv|execve|execvp|execl|execlp|system)\s*\(",
     frozenset({"macOS"}), "{0} is unavailable on iOS, tvOS and watchOS"),
    (r"#expect\s*\(\s*(processExitsWith|exitsWith)\s*:|#require\s*\(\s*(processExitsWith|exitsWith)\s*:",
     frozenset({"macOS"}), "exit tests run on macOS and Linux only"),
    (r"(?<![\w.])(ExitTest)\b", frozenset({"macOS"}), "Swift Testing's {0} exists on macOS and Linux only"),
]


def finding(source, offset, rule, message):
    return (source.path, source.line_of(offset), rule, message)


def gate_advice(platforms):
    names = " || ".join(f"os({name})" for name in sorted(platforms - {"visionOS"}) + ["Linux"])
    return f"put it under `#if {names}`"


def glibc_shapes(source):
    results = []
    for pattern, message in GLIBC_SHAPES:
        for match in re.finditer(pattern, source.code):
            if not source.is_non_apple(match.start()) and source.platform_gates.platforms_at(match.start()):
                results.append(finding(source, match.start(), "glibc-shape", message.format(match.group(1))))
    return results


def unavailable_apis(source):
    """Benchmarks are exempt: `attachmentkit-bench` is a command-line tool for macOS and Linux
    hosts, which spawns nginx and curl."""
    results = []
    if source.path.startswith("Benchmarks/"):
        return results
    for pattern, allowed, message in UNAVAILABLE:
        for match in re.finditer(pattern, source.code):
            built_on = source.platform_gates.platforms_at(match.start())
            if source.is_non_apple(match.start()) or built_on <= allowed:
                continue
            name = next((group for group in match.groups() if group), match.group(0))
            results.append(finding(source, match.start(), "unavailable-api",
                                   f"{message.format(name)}, and this code is built for "
                                   f"{', '.join(sorted(built_on - allowed))}: {gate_advice(allowed)}"))
    return results


def gated_types(sources):
    """Types declared only for some Apple platforms (inside `#if os(macOS) || os(Linux)`, say),
    by name, with the platforms that have them."""
    declared, everywhere = {}, set()
    for source in sources:
        for match in re.finditer(r"\b(?:struct|class|enum|actor|protocol|typealias)\s+(\w+)", source.code):
            if source.is_nested(match.start()):
                continue
            platforms = source.platform_gates.platforms_at(match.start())
            if platforms == ALL:
                everywhere.add(match.group(1))
            else:
                declared[match.group(1)] = declared.get(match.group(1), frozenset()) | platforms
    # A name also declared for every platform (a private type of the same name elsewhere) is
    # left alone: which one a use means is beyond a text check.
    return {name: platforms for name, platforms in declared.items() if name not in everywhere}


def uses_of_gated_types(source, declared):
    results = []
    if not declared:
        return results
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(declared))) + r")\b")
    for match in pattern.finditer(source.code):
        built_on = source.platform_gates.platforms_at(match.start())
        platforms = declared[match.group(1)]
        if source.is_non_apple(match.start()) or built_on <= platforms:
            continue
        results.append(finding(source, match.start(), "ungated-use",
                               f"{match.group(1)} is declared only for {', '.join(sorted(platforms)) or 'non-Apple platforms'}, "
                               f"but this code is built for {', '.join(sorted(built_on - platforms))} too: "
                               f"{gate_advice(platforms)} here as well"))
    return results
