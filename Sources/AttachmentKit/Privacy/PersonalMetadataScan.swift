/// What the inspectors report of a file's personal metadata: the stripping planners' walk with
/// nothing to remove, within the inspector's budgets. A walk that meets the end of those budgets
/// (or damaged metadata) reports what it found before.
///
/// Free of Foundation, as the image parsers are (`.ci/embedded32` runs it with a 32-bit `Int`).
enum PersonalMetadataScan {
    /// The personal metadata of the image `reader` reads.
    static func scan(_ reader: inout ByteReader) -> PersonalMetadata {
        var plan = MetadataPlan(removing: [], verifiesChecksums: false)
        try? ImageMetadataPlanner.plan(&reader, &plan)
        return plan.found
    }
}
