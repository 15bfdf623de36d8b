/// The command line, consumed from the front.
struct ArgumentList {
    private var remaining: [String]
    /// Every flag a parser has asked for, in order, whether it was given or not: what the
    /// parsers accept, for the test that their help mentions each.
    private(set) var askedFlags: [String] = []

    init(_ arguments: [String]) { remaining = arguments }

    /// Removes and returns the first argument when it names a subcommand (does not start
    /// with `-`), or is `--help`/`-h`.
    mutating func popSubcommand() -> String? {
        guard let first = remaining.first else { return nil }
        guard !first.hasPrefix("-") || first == "--help" || first == "-h" else { return nil }
        remaining.removeFirst()
        return first
    }

    /// Removes `flag` and its value, returning the value, or `nil` when `flag` is absent.
    mutating func popValue(of flag: String) throws(CommandError) -> String? {
        askedFlags.append(flag)
        guard let index = remaining.firstIndex(of: flag) else { return nil }
        guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
            throw .usage("\(flag) needs a value")
        }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }

    /// Removes `flag` (which takes no value) and returns whether it was there.
    mutating func popFlag(_ flag: String) -> Bool {
        askedFlags.append(flag)
        guard let index = remaining.firstIndex(of: flag) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// Removes and returns every argument left that is not a flag; fails on any flag left,
    /// since every known flag has been removed by then.
    mutating func popPositionals() throws(CommandError) -> [String] {
        if let flag = remaining.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw .usage("unknown option \"\(flag)\"; try attachmentkit help")
        }
        defer { remaining.removeAll() }
        return remaining
    }
}
