/// What one command says about itself: the one source of its usage line and description, for
/// `attachmentkit help` and `attachmentkit help COMMAND` alike, so that the two can't drift.
struct CommandHelp: Sendable {
    /// The command's name, as typed.
    let name: String
    /// Its arguments and options, one group each (`[--store DIR]`): a line breaks between groups.
    let synopsis: [String]
    /// What it does and what each option means, in lines of at most 66 characters.
    let description: String

    /// The width usage lines are wrapped to.
    private static let width = 96

    /// `usage: attachmentkit NAME GROUPS…`, wrapped between groups, with `lead` in place of
    /// `usage:` (spaces of the same width for the second command of an overview).
    func usage(lead: String = "usage:") -> String {
        let start = "\(lead) attachmentkit \(name)"
        let indent = String(repeating: " ", count: start.count + 1)
        var lines = [start]
        for group in synopsis {
            if lines[lines.count - 1].count + 1 + group.count > Self.width {
                lines.append(indent + group)
            } else {
                lines[lines.count - 1] += " " + group
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The command's entry in the overview: its name, then its description with a hanging indent.
    var overviewEntry: String {
        let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
        let label = "  " + name.padding(toLength: 10, withPad: " ", startingAt: 0)
        return lines.enumerated().map { index, line in
            (index == 0 ? label : String(repeating: " ", count: label.count)) + line
        }.joined(separator: "\n")
    }
}
