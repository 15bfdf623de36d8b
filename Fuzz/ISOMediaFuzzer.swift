// libFuzzer entry point over ISOMediaInspector, built by `.ci/fuzz iso-media` together with the
// library's Imaging sources (and the Parts files they use) into one module, with
// `swiftc -sanitize=fuzzer,address -parse-as-library`. Not part of the Swift package.
//
// Each input is inspected from memory and, one in eight, through a file in small chunks; the
// harness traps (a finding) when a header breaks an invariant or the two paths disagree.
import Foundation

/// Where inputs are written to be inspected as a file: one per fuzzing process, in memory
/// (`/dev/shm`) where there is one.
private let inputFile: URL = {
    let shared = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let folder = FileManager.default.fileExists(atPath: shared.path) ? shared : FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent(
        "attachmentkit-isomedia-fuzz-\(ProcessInfo.processInfo.processIdentifier).bin")
    atexit { try? FileManager.default.removeItem(at: inputFile) }
    return file
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func isoMediaFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let inspector = ISOMediaInspector()
    let fromMemory = Result { () throws(ISOMediaInspector.Error) in try inspector.inspect(data) }
    if case .success(let header) = fromMemory { check(header) }
    _ = FileType(sniffing: data)

    let hash = data.prefix(64).reduce(UInt32(truncatingIfNeeded: data.count)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    guard hash % 8 == 0, (try? data.write(to: inputFile)) != nil else { return 0 }
    let chunkSize = [61, 509, 8192, 65_536][Int(hash / 8 % 4)]
    let fromFile = Result { () throws(ISOMediaInspector.Error) in
        try inspector.inspect(fileAt: inputFile, chunkSize: chunkSize)
    }
    switch (fromMemory, fromFile) {
    case (.success(let memory), .success(let file)):
        // A file's read-ahead counts against the byte budget: its fragments may run out of it
        // where the same bytes in memory don't, which leaves the durations unknown (mehd's kept).
        let untimed = [true, false].map { fragmentsUnread(memory, keepingDuration: $0).reading(0) }
        if memory.reading(0) != file.reading(0), !memory.isFragmented || !untimed.contains(file.reading(0)) {
            fatalError("memory and file headers differ: \(memory) vs \(file)")
        }
    case (.success, .failure(let error)), (.failure(let error), .success):
        // Only the byte limit, which a file's loader also applies to its read-ahead, may make
        // one path fail where the other succeeds.
        guard case .readLimitExceeded = error else { fatalError("memory and file disagree: \(error)") }
    case (.failure, .failure):
        break
    }
    return 0
}

/// Traps when a header breaks what ISOMediaHeader promises.
private func check(_ header: ISOMediaHeader) {
    guard header.inspectedByteCount <= ISOMediaInspector.defaultMaximumByteCount else {
        fatalError("read past the limit: \(header)")
    }
    for track in header.tracks {
        guard track.displayWidth >= 0, track.displayHeight >= 0 else { fatalError("negative size: \(track)") }
        if track.kind != .video, track.rotation != .none { fatalError("rotation without video: \(track)") }
        _ = track.duration?.milliseconds
        _ = track.duration?.description
    }
    _ = header.duration?.seconds
    _ = header.displayedSize
}

/// `header` as it reads when its fragments could not be read: every track's duration unknown,
/// the movie's kept (an `mehd`'s) or unknown.
private func fragmentsUnread(_ header: ISOMediaHeader, keepingDuration: Bool) -> ISOMediaHeader {
    let tracks = header.tracks.map { track in
        ISOMediaHeader.Track(
            id: track.id, kind: track.kind, codec: track.codec, duration: nil, isEnabled: track.isEnabled,
            displayWidth: track.displayWidth, displayHeight: track.displayHeight, rotation: track.rotation)
    }
    return ISOMediaHeader(
        format: header.format, majorBrand: header.majorBrand, compatibleBrands: header.compatibleBrands,
        duration: keepingDuration ? header.duration : nil, tracks: tracks, isFastStart: header.isFastStart,
        isFragmented: header.isFragmented, inspectedByteCount: header.inspectedByteCount)
}
