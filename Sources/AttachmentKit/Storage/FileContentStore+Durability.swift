extension FileContentStore {
    /// How far a ``FileContentStore`` goes to keep a write across a power failure.
    ///
    /// Either way, a write is atomic and a crash of the process loses nothing that a store call
    /// has returned for; and either way, content that a power failure damaged is detected by
    /// its checksum and treated as a miss, never served.
    public enum Durability: Sendable, Hashable {
        /// Flushes each written file, then the manifest record of the change, to the storage
        /// device (`fsync`; `F_FULLFSYNC` on Apple platforms) before the store call returns. The
        /// rename into place is not flushed on its own: if it is lost, the staged file and the
        /// record are not, and the change is finished when the store opens. An ingested file
        /// is flushed in the background, when its checksum is computed.
        case flushedToDevice
        /// Leaves flushing to the operating system: faster, and enough for content that can be
        /// downloaded again, but the last few seconds of writes may be lost on power failure.
        case processCrashSafe
    }
}
