/// What the format planners find in a file and the edits that remove what the policy removes:
/// built by one walk over the file's structure, before a byte is written.
///
/// The same walk serves the inspectors, with nothing to remove: ``found`` is then what
/// ``ImageHeader/personalMetadata`` reports.
struct MetadataPlan {
    /// The kinds the policy removes.
    let removing: PersonalMetadata
    /// Whether the planner checks what a format's checksums cover (every PNG chunk's CRC). The
    /// inspectors, which read only what they need, don't.
    let verifiesChecksums: Bool
    /// The kinds found in the file.
    private(set) var found: PersonalMetadata = []
    /// The kinds the edits remove.
    private(set) var removed: PersonalMetadata = []
    /// The edits, in the order they were planned.
    private(set) var edits: [ByteEdit] = []

    init(removing: PersonalMetadata, verifiesChecksums: Bool = true) {
        self.removing = removing
        self.verifiesChecksums = verifiesChecksums
    }

    /// Whether the policy removes any of `kinds`.
    func removes(_ kinds: PersonalMetadata) -> Bool { !removing.isDisjoint(with: kinds) }

    /// Notes that the file carries `kinds`.
    mutating func note(_ kinds: PersonalMetadata) { found.formUnion(kinds) }

    /// Adds `edits`, which remove `kinds` (found, then).
    mutating func add(_ edits: [ByteEdit], removing kinds: PersonalMetadata) {
        guard !edits.isEmpty else { return }
        found.formUnion(kinds)
        removed.formUnion(kinds)
        self.edits += edits
    }

    /// Adds `edit`, which removes `kinds`.
    mutating func add(_ edit: ByteEdit, removing kinds: PersonalMetadata) { add([edit], removing: kinds) }

    /// Takes the edits out of the plan (to apply them to bytes held in memory), leaving the
    /// found and removed kinds.
    mutating func takeEdits(where belongs: (ByteEdit) -> Bool) -> [ByteEdit] {
        let taken = edits.filter(belongs)
        edits.removeAll(where: belongs)
        return taken
    }
}
