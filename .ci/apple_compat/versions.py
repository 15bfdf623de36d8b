"""Apple OS versions: the package's deployment targets, and what an availability attribute asks."""

import re

PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS")


def parse_version(text):
    parts = [int(part) for part in text.split(".")]
    return tuple((parts + [0, 0, 0])[:3])


class Versions:
    """The lowest version of each Apple platform that a piece of code may run on; a platform
    missing from `by_platform` is at the deployment target."""

    def __init__(self, by_platform=None):
        self.by_platform = dict(by_platform or {})

    def raised_to(self, other):
        merged = dict(self.by_platform)
        for platform, version in other.by_platform.items():
            merged[platform] = max(merged.get(platform, version), version)
        return Versions(merged)

    def lowered_to(self, other):
        """The versions at which both `self` and `other` are available, per platform (a
        platform either leaves at the deployment target)."""
        merged = {}
        for platform in PLATFORMS:
            if platform in self.by_platform and platform in other.by_platform:
                merged[platform] = min(self.by_platform[platform], other.by_platform[platform])
        return Versions(merged)

    def exceeds(self, targets):
        """The platforms on which these versions are newer than `targets`."""
        return [p for p in PLATFORMS if self.by_platform.get(p, (0,)) > targets.by_platform.get(p, (0,))]

    def covers(self, required, targets):
        """Whether code available at `self` (raised over `targets`) may use an API that needs
        `required`."""
        effective = targets.raised_to(self)
        return not required.exceeds(effective)

    def describe(self):
        def text(version):
            while len(version) > 1 and version[-1] == 0:
                version = version[:-1]
            return ".".join(map(str, version))

        return ", ".join(f"{p} {text(v)}" for p, v in sorted(self.by_platform.items()))


def parse_availability(arguments):
    """The versions of an `@available(…)`/`#available(…)` argument list, or `None` when it gives
    no Apple OS version (`*, unavailable`, `swift 5`, a deprecation)."""
    found = {}
    for platform, version in re.findall(r"\b(macOS|iOS|tvOS|watchOS|OSX)\s+(\d+(?:\.\d+)*)", arguments):
        found["macOS" if platform == "OSX" else platform] = parse_version(version)
    long_form = re.match(r"\s*(macOS|iOS|tvOS|watchOS)\s*,.*\bintroduced\s*:\s*(\d+(?:\.\d+)*)", arguments)
    if long_form:
        found[long_form.group(1)] = parse_version(long_form.group(2))
    if re.search(r"\bunavailable\b", arguments) and not long_form:
        return None
    return Versions(found) if found else None


def deployment_targets(package_text):
    """The `platforms:` of a Package.swift."""
    found = {}
    for platform, major, minor in re.findall(r"\.(macOS|iOS|tvOS|watchOS)\(\.v(\d+)(?:_(\d+))?\)", package_text):
        found[platform] = (int(major), int(minor or 0), 0)
    return Versions(found)
