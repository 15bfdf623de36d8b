/// Runs a planner over bytes held in memory (a PNG `eXIf` chunk, a HEIF `Exif` item in pieces)
/// and applies its same-length edits to them, for formats that must rewrite a checksum or a
/// container around the edited bytes.
enum InMemoryEdit {
    /// The edited bytes and what the planner found and removed.
    struct Outcome {
        let bytes: [UInt8]
        let found: PersonalMetadata
        let removed: PersonalMetadata
    }

    /// Plans over `data` with `body`, as an image of `format` whose policy removes `removing`,
    /// and returns `data` with the planned edits applied.
    static func apply(
        to data: [UInt8], format: ImageFormat, removing: PersonalMetadata,
        _ body: (inout ByteReader, inout MetadataPlan) throws(ImageInspector.Error) -> Void
    ) throws(ImageInspector.Error) -> Outcome {
        var plan = MetadataPlan(removing: removing, verifiesChecksums: false)
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageInspector.Error) in
                var reader = ByteReader(bytes: bytes, format: format, limit: Int.max, readLimit: Int.max)
                try body(&reader, &plan)
            }
        }
        try result.get()
        guard let edits = ByteEdit.sorted(plan.edits) else {
            throw .malformed(format, reason: "two metadata structures share bytes")
        }
        var bytes = data
        ByteEdit.apply(edits, to: &bytes, start: 0)
        return Outcome(bytes: bytes, found: plan.found, removed: plan.removed)
    }
}
