extension PersonalMetadataScan {
    /// The personal metadata of the ISO media file `reader` reads: its top-level boxes up to
    /// `topLevelEnd` and what `moov` holds.
    static func scan(_ reader: inout BoundedByteReader<ISOMediaInspector.Error>, topLevelEnd: Int) -> PersonalMetadata {
        var plan = MetadataPlan(removing: [], verifiesChecksums: false)
        try? MovieMetadataPlanner.plan(&reader, &plan, topLevelEnd: topLevelEnd)
        return plan.found
    }

    /// The personal metadata of the `moov` box `reader` reads (all a remote reader fetches).
    static func scan(movie: ISOBox, _ reader: inout BoundedByteReader<ISOMediaInspector.Error>) -> PersonalMetadata {
        var plan = MetadataPlan(removing: [], verifiesChecksums: false)
        try? MovieMetadataPlanner.walk(movie, &reader, &plan)
        return plan.found
    }
}
