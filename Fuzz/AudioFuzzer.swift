// libFuzzer entry point over AudioInspector (Ogg Opus and Vorbis, MP3, M4A), built by
// `.ci/fuzz audio` together with the library's Imaging sources (and the Parts files they use)
// into one module, with `swiftc -sanitize=fuzzer,address -parse-as-library`. Not part of the
// Swift package.
//
// Each input is inspected from memory and, one in eight, from a file; the harness traps (a
// finding) when a header breaks an invariant or the two paths disagree.
import Foundation

/// Where inputs are written to be inspected as a file: one per fuzzing process, in memory
/// (`/dev/shm`) where there is one.
private let inputFile: URL = {
    let shared = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let folder = FileManager.default.fileExists(atPath: shared.path) ? shared : FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent(
        "attachmentkit-audio-fuzz-\(ProcessInfo.processInfo.processIdentifier).bin")
    atexit { try? FileManager.default.removeItem(at: inputFile) }
    return file
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func audioFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    // A small budget, so that the large-file paths (an Ogg file read at both ends, an MP3 timed
    // by an estimate) are reached by inputs of a few kilobytes.
    let budget = data.count % 3 == 0 ? 4096 : AudioInspector.defaultMaximumByteCount
    let inspector = AudioInspector(maximumByteCount: budget)
    let fromMemory = Result { () throws(AudioInspector.Error) in try inspector.inspect(data) }
    if case .success(let header) = fromMemory { check(header, budget: budget) }

    let hash = data.prefix(64).reduce(UInt32(truncatingIfNeeded: data.count)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    guard hash % 8 == 0, (try? data.write(to: inputFile)) != nil else { return 0 }
    let fromFile = Result { () throws(AudioInspector.Error) in try inspector.inspect(fileAt: inputFile) }
    switch (fromMemory, fromFile) {
    case (.success(let memory), .success(let file)):
        if memory.reading(0) != file.reading(0) { fatalError("memory and file headers differ: \(memory) vs \(file)") }
    case (.success, .failure(let error)), (.failure(let error), .success):
        // Only the byte limit, which a file's loader also applies to its read-ahead, may make
        // one path fail where the other succeeds.
        switch error {
        case .readLimitExceeded, .isoMedia(.readLimitExceeded): break
        default: fatalError("memory and file disagree: \(error)")
        }
    case (.failure, .failure):
        break
    }
    return 0
}

/// Traps when a header breaks what AudioHeader promises.
private func check(_ header: AudioHeader, budget: Int) {
    guard header.inspectedByteCount <= budget else { fatalError("read past the limit: \(header)") }
    guard header.channelCount >= 0, header.sampleRate >= 0, header.streamCount >= 1 else {
        fatalError("impossible header: \(header)")
    }
    _ = header.duration?.milliseconds
    _ = header.duration?.description
    _ = header.formatName
}
