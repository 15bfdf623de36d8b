// StoreCrashWriter STORE-DIRECTORY SEED FIRST-VERSION: the child process of the file store's
// crash test. It opens the store, prints "ready", then writes, replaces and removes entries
// until it is killed, printing "begin KEY VERSION" before each change and "done KEY VERSION"
// after it (VERSION -1 is a removal). Each content is self-describing (see CrashContent), so
// the test can tell which version it reads back and whether it is whole. It exits with status 4,
// printing nothing, when another store has the directory open.
//
// StoreCrashWriter STORE-DIRECTORY SEED FIRST-VERSION STOP-CHANGE STOP-CALL: the same, except
// that it stops dead at the STOP-CALL-th call that changes the disk from change number
// STOP-CHANGE on, prints "stopped" and waits to be killed (see StoppingFileSystem).
import AttachmentKit
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 6, let seed = UInt64(arguments[2]),
    var version = Int64(arguments[3])
else {
    FileHandle.standardError.write(
        Data("usage: StoreCrashWriter STORE-DIRECTORY SEED FIRST-VERSION [STOP-CHANGE STOP-CALL]\n".utf8))
    exit(2)
}
let stopping: StoppingFileSystem? =
    arguments.count == 6
    ? Int(arguments[4]).flatMap { change in
        Int(arguments[5]).map { StoppingFileSystem(stopChange: change, stopCall: $0) }
    }
    : nil
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let downloads = directory.deletingLastPathComponent().appendingPathComponent("downloads", isDirectory: true)
try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
var random = CrashRandom(seed: seed)
let durability: FileContentStore.Durability = seed.isMultiple(of: 2) ? .flushedToDevice : .processCrashSafe
let store: FileContentStore
do {
    store = try FileContentStore(
        directory: directory, byteCapacity: 1 << 30, durability: durability, fileSystem: stopping ?? POSIXFileSystem(),
        clock: SystemTransferClock(), compactionSlack: 4096)
} catch .directoryInUse {
    // An expected outcome (another process has the store open): exit, don't trap.
    exit(4)
} catch {
    FileHandle.standardError.write(Data("StoreCrashWriter: \(error)\n".utf8))
    exit(3)
}

/// Prints a line; "begin" lines start a change and "done" lines end it, for the stop.
func say(_ line: String) {
    if line.hasPrefix("done") { stopping?.endChange() }
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
    if line.hasPrefix("begin") { stopping?.beginChange() }
}

say("ready")
while true {
    let keyIndex = Int(random.next() % UInt64(CrashContent.keyCount))
    let key = CrashContent.key(keyIndex)
    let choice = random.next() % 10
    version += 1
    let content = CrashContent.bytes(key: keyIndex, version: version, size: Int(random.next() % 131_072))
    switch choice {
    case 0:
        say("begin \(keyIndex) -1")
        await store.removeContent(for: key)
        say("done \(keyIndex) -1")
    case 1, 2:
        let file = downloads.appendingPathComponent("\(version)")
        try content.write(to: file)
        say("begin \(keyIndex) \(version)")
        try await store.storeFile(at: file, for: key)
        say("done \(keyIndex) \(version)")
    case 3:
        say("begin \(keyIndex) \(version)")
        let writer = try await store.openPartialDownload(
            for: key, validator: .entityTag("\"\(version)\""), resumingAt: 0)
        let middle = content.count / 2
        try writer.append(content.prefix(middle))
        try writer.checkpoint()
        try writer.append(content.dropFirst(middle))
        try await store.completePartialDownload(for: key, expectedByteCount: Int64(content.count))
        say("done \(keyIndex) \(version)")
    default:
        say("begin \(keyIndex) \(version)")
        try await store.store(content, for: key)
        say("done \(keyIndex) \(version)")
    }
}
