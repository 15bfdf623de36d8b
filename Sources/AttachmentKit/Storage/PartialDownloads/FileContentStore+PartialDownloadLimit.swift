/// The bound on partial downloads: a transport that starts downloads and abandons them (the
/// user scrolled away) must not fill the disk with their bytes, which don't count toward
/// ``FileContentStore/byteCapacity``.
extension FileContentStore {
    /// Records `opened` (if any) as the most recently opened partial download, then discards the
    /// least recently opened others until at most ``maximumPartialDownloads`` are kept: idle ones
    /// (no open writer) first, then ones still being written, whose writers then throw.
    ///
    /// Runs on `changeQueue`.
    func discardExcessPartialDownloads(opening opened: SHA256Digest?) {
        let openWriters = partialWriters.withLock { writers in Set(writers.filter { $0.value.isOpen }.keys) }
        let discarded: [SHA256Digest] = partialOrder.withLock { order in
            if let opened {
                order.removeAll { $0 == opened }
                order.append(opened)
            }
            let excess = order.count - maximumPartialDownloads
            guard excess > 0 else { return [] }
            let candidates = order.filter { $0 != opened }
            let chosen = Array(
                (candidates.filter { !openWriters.contains($0) } + candidates.filter { openWriters.contains($0) })
                    .prefix(excess))
            order.removeAll { chosen.contains($0) }
            return chosen
        }
        for digest in discarded {
            partialWriters.withLock { $0.removeValue(forKey: digest) }?.invalidate()
            fileSystem.removeFile(atPath: layout.partialState(digest))
            fileSystem.removeFile(atPath: layout.partialData(digest))
        }
    }

    /// Forgets `digest`'s place among the partial downloads (it was completed or discarded).
    func forgetPartialDownload(_ digest: SHA256Digest) {
        partialOrder.withLock { order in order.removeAll { $0 == digest } }
    }
}
