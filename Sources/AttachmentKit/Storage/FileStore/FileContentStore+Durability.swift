extension FileContentStore {
    /// How far a ``FileContentStore`` goes to keep a write across a power failure.
    ///
    /// Whichever is chosen, a write is atomic, a crash of the process loses nothing that a store
    /// call has returned for, and content that a power failure damaged is detected by its
    /// checksum and treated as a miss, never served.
    ///
    /// **The default, ``orderedOnDevice``, is the one a cache should have.** Its content can be
    /// downloaded again, so a write need not survive a power failure; what it must not do is
    /// cost every download a flush of the drive's cache. On an iPhone ``flushedToDevice`` makes
    /// two `F_FULLFSYNC` calls per write, each waiting for the flash to empty its cache, in time
    /// and in battery. ``orderedOnDevice`` sends each file with a barrier (`F_BARRIERFSYNC`)
    /// instead: the bytes of an entry reach the medium before the journal record that names it,
    /// so a power failure costs at most the last writes and never leaves records of content
    /// that isn't there, and no call waits for a flush. Use ``flushedToDevice`` for content that
    /// can't be fetched again, such as a photo waiting to be sent.
    ///
    /// On Linux there is no barrier: ``orderedOnDevice`` and ``flushedToDevice`` both call
    /// `fsync`, which flushes where the file system does. So the benchmark figures measured on
    /// Linux say nothing about what either costs on Apple hardware, where `F_FULLFSYNC` is far
    /// dearer than `fsync` or `F_BARRIERFSYNC`; measure on a device.
    public enum Durability: Sendable, Hashable {
        /// Flushes each written file, then the manifest record of the change, to the storage
        /// device (`fsync`; `F_FULLFSYNC` on Apple platforms) before the store call returns. The
        /// rename into place is not flushed on its own: if it is lost, the staged file and the
        /// record are not, and the change is finished when the store opens. An ingested file
        /// is flushed in the background, when its checksum is computed.
        case flushedToDevice
        /// Sends each written file, then the manifest record of the change, to the storage
        /// device with a barrier (`F_BARRIERFSYNC` on Apple platforms; `fsync` on Linux, which
        /// has none): a file's bytes reach the medium before the record that names it, but the
        /// call doesn't wait for the drive's cache to be flushed, so the last writes may be lost
        /// on power failure. The default.
        case orderedOnDevice
        /// Leaves flushing to the operating system: faster, and enough for content that can be
        /// downloaded again, but the last few seconds of writes may be lost on power failure.
        case processCrashSafe
    }
}
