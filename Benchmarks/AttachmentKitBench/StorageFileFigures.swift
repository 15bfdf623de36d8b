import AttachmentKit
import Foundation

/// The file store against the file operations it replaces. Each figure works in its own
/// directory under the system's temporary directory and removes it afterwards.
let fileStoreFigures: [Figure] = [
    // Ingesting a downloaded 1 GiB file renames it: constant time, against copying it.
    Figure(name: "file-store-ingest-1gib") {
        try await withScratchDirectory { scratch in
            let source = scratch.appendingPathComponent("download")
            try writeFile(at: source, byteCount: 1 << 30)
            let store = try FileContentStore(directory: scratch.appendingPathComponent("store"), byteCapacity: 2 << 30)
            let key = ContentKey(partID: "movie")
            var samples: [Double] = []
            for run in 0..<5 {
                // A second name for the same bytes, so that each run ingests a fresh file.
                let download = scratch.appendingPathComponent("download-\(run)")
                try FileManager.default.linkItem(at: source, to: download)
                let stopwatch = Stopwatch()
                try await store.storeFile(at: download, for: key)
                samples.append(stopwatch.seconds)
                await store.flush()  // the background checksum, outside the timing
                await store.removeContent(for: key)
            }
            let copy = try Measure.medianSeconds(runs: 3) {
                let destination = scratch.appendingPathComponent("copy")
                try FileManager.default.copyItem(at: source, to: destination)
                try FileManager.default.removeItem(at: destination)
            }
            return FigureResult(value: Measure.median(samples), unit: "s", baseline: copy, target: .ratioAtMost(0.01))
        }
    },
    // A hit returns the file's URL after one stat, whatever the entry's size.
    Figure(name: "file-store-hit-50mb-vs-1kb") {
        try await withScratchDirectory { scratch in
            let store = try FileContentStore(directory: scratch.appendingPathComponent("store"), byteCapacity: 1 << 30)
            let large = ContentKey(partID: "large")
            let small = ContentKey(partID: "small")
            try await store.store(Data(repeating: 1, count: 50_000_000), for: large)
            try await store.store(Data(repeating: 2, count: 1_000), for: small)
            let hits = 20_000
            func seconds(_ key: ContentKey) async -> Double {
                let stopwatch = Stopwatch()
                for _ in 0..<hits { blackHole(await store.content(for: key)) }
                return stopwatch.seconds
            }
            _ = await seconds(small)  // warm up
            // Alternate the two, so that a change in the machine's load affects both alike.
            var largeSamples: [Double] = []
            var smallSamples: [Double] = []
            for _ in 0..<9 {
                largeSamples.append(await seconds(large))
                smallSamples.append(await seconds(small))
            }
            return FigureResult(
                value: Measure.median(largeSamples) / Double(hits) * 1e6, unit: "us/hit",
                baseline: Measure.median(smallSamples) / Double(hits) * 1e6, target: .ratioAtMost(1.2))
        }
    },
    // 1,000 atomic, flushed writes of 256 kB, against Data.write(to:options: .atomic).
    Figure(name: "file-store-write-256kb") {
        try await withScratchDirectory { scratch in
            let store = try FileContentStore(directory: scratch.appendingPathComponent("store"), byteCapacity: 1 << 30)
            let plain = scratch.appendingPathComponent("plain")
            try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
            let data = Data((0..<262_144).map { UInt8(truncatingIfNeeded: $0 &* 7 ^ $0 >> 8) })
            var run = 0
            var storeSamples: [Double] = []
            var plainSamples: [Double] = []
            for _ in 0..<5 {
                run += 1
                let stopwatch = Stopwatch()
                for index in 0..<1_000 {
                    try await store.store(data, for: ContentKey(partID: PartID("\(run)-\(index)")))
                }
                storeSamples.append(stopwatch.seconds)
                await store.removeAll()
                let plainStopwatch = Stopwatch()
                for index in 0..<1_000 {
                    try data.write(to: plain.appendingPathComponent("\(run)-\(index)"), options: .atomic)
                }
                plainSamples.append(plainStopwatch.seconds)
                for name in try FileManager.default.contentsOfDirectory(atPath: plain.path) {
                    try FileManager.default.removeItem(at: plain.appendingPathComponent(name))
                }
            }
            return FigureResult(
                value: Measure.median(storeSamples), unit: "s", baseline: Measure.median(plainSamples),
                target: .ratioAtMost(1.5))
        }
    },
    // Opening a store of 100,000 entries (reading its journal), against listing its directory.
    Figure(name: "file-store-open-100k") {
        try await withScratchDirectory { scratch in
            let directory = scratch.appendingPathComponent("store")
            do {
                let store = try FileContentStore(
                    directory: directory, byteCapacity: 1 << 30, durability: .processCrashSafe)
                let data = Data(repeating: 3, count: 100)
                for index in 0..<100_000 { try await store.store(data, for: ContentKey(partID: PartID("\(index)"))) }
                await store.flush()
            }
            let entries = directory.appendingPathComponent("entries").path
            // The time until the store can be used: the initialiser. Reconciling entries/ with the
            // manifest runs afterwards in the background (not timed); closing waits for it.
            var samples: [Double] = []
            for _ in 0..<7 {
                let stopwatch = Stopwatch()
                let store = try FileContentStore(directory: directory, byteCapacity: 1 << 30)
                samples.append(stopwatch.seconds)
                guard store.usage().entryCount == 100_000 else { throw StorageFigureError.lostEntries }
                await store.close()
            }
            let open = Measure.median(samples)
            let list = try Measure.medianSeconds {
                let names = try FileManager.default.contentsOfDirectory(atPath: entries)
                guard names.count == 100_000 else { throw StorageFigureError.lostEntries }
            }
            return FigureResult(value: open, unit: "s", baseline: list, target: .ratioAtMost(3))
        }
    },
]

/// Why a storage figure could not be measured.
private enum StorageFigureError: Error {
    /// The store or its directory did not hold the entries written for the figure.
    case lostEntries
}

/// Runs `body` with a new directory under the system's temporary directory, then removes it.
private func withScratchDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent("attachmentkit-bench-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    return try await body(scratch)
}

/// Writes `byteCount` bytes (a repeating 1 MiB pattern) to a new file and flushes it.
private func writeFile(at url: URL, byteCount: Int) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    for _ in 0..<(byteCount / chunk.count) { try handle.write(contentsOf: chunk) }
    try handle.synchronize()
}
