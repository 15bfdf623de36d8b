// libFuzzer entry point over MetadataStripper, built by `.ci/fuzz stripper` together with the
// library's Imaging and Privacy sources (and the Parts files they use) into one module, with
// `swiftc -sanitize=fuzzer,address -parse-as-library`. Not part of the Swift package.
//
// Each input is written to a file and stripped with one policy; the harness traps (a finding)
// when a failure leaves an output behind, when stripping the output again removes anything or
// changes a byte (stripping is idempotent), or when keeping everything changes a byte.
import Foundation

/// The input, the output and the output stripped again: one set per fuzzing process, in memory
/// (`/dev/shm`) where there is one.
private let files: (input: URL, output: URL, again: URL) = {
    let shared = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let folder = FileManager.default.fileExists(atPath: shared.path) ? shared : FileManager.default.temporaryDirectory
    let name = "attachmentkit-strip-fuzz-\(ProcessInfo.processInfo.processIdentifier)"
    let urls = ["in", "out", "again"].map { folder.appendingPathComponent("\(name).\($0)") }
    atexit {
        for url in [files.input, files.output, files.again] { try? FileManager.default.removeItem(at: url) }
    }
    return (urls[0], urls[1], urls[2])
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func stripperFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard (try? data.write(to: files.input)) != nil else { return 0 }
    try? FileManager.default.removeItem(at: files.output)
    // The policy follows from the bytes, so that a finding replays.
    let hash = data.prefix(64).reduce(UInt32(truncatingIfNeeded: data.count)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    let policy = [MetadataPolicy.removePersonal, .removeLocation, .keepAll, MetadataPolicy(removing: [.xmp, .iptc])][
        Int(hash % 4)]
    let stripper = MetadataStripper(policy: policy)
    let removed: PersonalMetadata
    do {
        removed = try stripper.strip(fileAt: files.input, to: files.output)
    } catch {
        if FileManager.default.fileExists(atPath: files.output.path) {
            fatalError("a failure left an output: \(error)")
        }
        return 0
    }
    guard let output = try? Data(contentsOf: files.output) else { fatalError("no output after success") }
    if policy == .keepAll, output != data { fatalError("keepAll changed the file") }
    if removed.isEmpty, output != data { fatalError("nothing removed, yet the file changed") }
    guard removed.isSubset(of: PersonalMetadata.all) else { fatalError("removed \(removed)") }
    do {
        let again = try stripper.strip(fileAt: files.output, to: files.again)
        guard again.isEmpty else { fatalError("stripping again removed \(again) (first \(removed))") }
        guard try Data(contentsOf: files.again) == output else { fatalError("stripping again changed bytes") }
    } catch {
        fatalError("the stripped output can't be stripped again: \(error)")
    }
    return 0
}
