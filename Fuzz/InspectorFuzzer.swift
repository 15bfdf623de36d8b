// libFuzzer entry point over ImageInspector, built by .ci/fuzz together with the library's
// Imaging sources (and the Parts files they use) into one module, with
// `swiftc -sanitize=fuzzer,address -parse-as-library`. Not part of the Swift package.
//
// Each input is inspected from memory and, through a file, in small chunks; the harness traps
// (a finding) when a header breaks an invariant or the two paths disagree.
import Foundation

/// Where inputs are written to be inspected as a file: one per fuzzing process, in memory
/// (`/dev/shm`) where there is one, since writing a file per input is the slowest step.
private let inputFile: URL = {
    let shared = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let folder = FileManager.default.fileExists(atPath: shared.path) ? shared : FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent("attachmentkit-fuzz-\(ProcessInfo.processInfo.processIdentifier).bin")
    atexit { try? FileManager.default.removeItem(at: inputFile) }
    return file
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func inspectorFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let inspector = ImageInspector()
    let fromMemory = Result { () throws(ImageInspector.Error) in try inspector.inspect(data) }
    if case .success(let header) = fromMemory { check(header) }
    _ = try? inspector.verify(.data(data), declaredType: .imageJPEG)
    _ = try? inspector.verify(.data(data), declaredType: .applicationOctetStream, policy: .init(typeMismatch: .reject))

    // One input in eight is also inspected from a file, in reads of at most 61, 509, 8192 or
    // 65,536 bytes (the default, where read-ahead grows furthest) so that reads span pieces;
    // which inputs and which size follow from the bytes, so that a finding replays.
    let hash = data.prefix(64).reduce(UInt32(truncatingIfNeeded: data.count)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    guard hash % 8 == 0, (try? data.write(to: inputFile)) != nil else { return 0 }
    let chunkSize = [61, 509, 8192, 65_536][Int(hash / 8 % 4)]
    let fromFile = Result { () throws(ImageInspector.Error) in
        try inspector.inspect(fileAt: inputFile, chunkSize: chunkSize)
    }
    switch (fromMemory, fromFile) {
    case (.success(let memory), .success(let file)):
        if !sameImage(memory, file) { fatalError("memory and file headers differ: \(memory) vs \(file)") }
    case (.success, .failure(let error)), (.failure(let error), .success):
        // Only the byte limit, which a file's loader also applies to the bytes it reads from
        // disk, may make one path fail where the other succeeds.
        guard case .readLimitExceeded = error else { fatalError("memory and file disagree: \(error)") }
    case (.failure, .failure):
        break
    }

    return 0
}

/// Traps when a header breaks what ImageHeader promises.
private func check(_ header: ImageHeader) {
    guard header.pixelWidth > 0, header.pixelHeight > 0 else { fatalError("non-positive size: \(header)") }
    guard header.pixelCount >= max(header.pixelWidth, header.pixelHeight) else { fatalError("pixel count: \(header)") }
    let swapped = header.orientation.swapsWidthAndHeight
    guard header.displayedWidth == (swapped ? header.pixelHeight : header.pixelWidth) else {
        fatalError("displayed size: \(header)")
    }
    guard header.inspectedByteCount <= ImageInspector.defaultMaximumByteCount else {
        fatalError("read past the limit: \(header)")
    }
    _ = header.displayedSize
    guard header.totalPixelCount >= header.pixelCount else { fatalError("total pixel count: \(header)") }
    if let animation = header.animation { check(animation, of: header) }
}

/// Traps when an animation breaks what ImageHeader.Animation promises: at least one frame (two
/// when the walk was complete), one delay per frame, finite and not negative, a frame per read
/// at most, and a displayed duration at least the stored one.
private func check(_ animation: ImageHeader.Animation, of header: ImageHeader) {
    guard header.isAnimated, animation.frameCount >= (animation.isComplete ? 2 : 1),
        animation.frameCount <= ImageInspector.defaultMaximumReadCount
    else { fatalError("frame count: \(animation)") }
    guard animation.frameDelays.allSatisfy({ $0.isFinite && $0 >= 0 }), animation.duration.isFinite,
        animation.displayedDuration >= animation.duration - 1e-9
    else { fatalError("delays: \(animation)") }
    if case .count(let count) = animation.loop, count <= 0 { fatalError("loop: \(animation)") }
}

private func sameImage(_ first: ImageHeader, _ second: ImageHeader) -> Bool {
    first.format == second.format && first.pixelWidth == second.pixelWidth && first.pixelHeight == second.pixelHeight
        && first.orientation == second.orientation && first.isProgressive == second.isProgressive
        && (stoppedEarly(first) || stoppedEarly(second)
            || (first.isAnimated == second.isAnimated && first.animation == second.animation))
}

/// Whether the header's animation walk stopped before the end: a file's loader also counts the
/// bytes it reads from disk against the limit, so its walk may stop before the one in memory.
private func stoppedEarly(_ header: ImageHeader) -> Bool {
    header.animation.map { !$0.isComplete } ?? false
}
