import Foundation
import Testing

@testable import AttachmentKit

@Suite("Reading a file in pieces", .inTurn)
struct FilePiecesTests {
    /// A file of `count` bytes, byte `i` being `i % 251`, in a new temporary directory.
    static func file(_ count: Int) throws -> (StorageTemporaryDirectory, URL) {
        let directory = try StorageTemporaryDirectory("pieces")
        let url = directory.appending("file")
        try Data((0..<count).map { UInt8($0 % 251) }).write(to: url)
        return (directory, url)
    }

    /// What `read` hands its body, joined, and the size of every piece.
    static func collect(_ url: URL, from offset: Int64 = 0, length: Int64? = nil, pieceSize: Int) throws
        -> (bytes: [UInt8], pieces: [Int], returned: Int64)
    {
        var bytes: [UInt8] = []
        var pieces: [Int] = []
        let returned = try FilePieces.read(url, from: offset, length: length, pieceSize: pieceSize) {
            bytes += $0
            pieces.append($0.count)
        }
        return (bytes, pieces, returned)
    }

    @Test("the whole file comes in order, in pieces of the size asked for and a shorter last one")
    func wholeFile() throws {
        let (directory, url) = try Self.file(10_000)
        _ = directory
        let read = try Self.collect(url, pieceSize: 4096)
        #expect(read.bytes == (0..<10_000).map { UInt8($0 % 251) })
        #expect(read.pieces == [4096, 4096, 1808])
        #expect(read.returned == 10_000)
    }

    @Test("a stretch from an offset stops at its length; past the end it stops at the end and says how much came")
    func stretch() throws {
        let (directory, url) = try Self.file(10_000)
        _ = directory
        let middle = try Self.collect(url, from: 3000, length: 5000, pieceSize: 1024)
        #expect(middle.bytes == (3000..<8000).map { UInt8($0 % 251) })
        #expect(middle.pieces.max() == 1024)
        #expect(middle.returned == 5000)
        let beyond = try Self.collect(url, from: 9000, length: 5000, pieceSize: 1024)
        #expect(beyond.bytes == (9000..<10_000).map { UInt8($0 % 251) })
        #expect(beyond.returned == 1000)
        let none = try Self.collect(url, from: 0, length: 0, pieceSize: 1024)
        #expect(none.pieces.isEmpty && none.returned == 0)
    }

    @Test("a chunk as Data holds the bytes from its offset, is shorter at the end of the file and empty past it")
    func dataChunks() throws {
        let (directory, url) = try Self.file(10_000)
        _ = directory
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let descriptor = handle.fileDescriptor
        #expect(Array(try FilePieces.data(descriptor, from: 0, upTo: 4096)) == (0..<4096).map { UInt8($0 % 251) })
        let last = try FilePieces.data(descriptor, from: 8192, upTo: 4096)
        #expect(Array(last) == (8192..<10_000).map { UInt8($0 % 251) })
        #expect(try FilePieces.data(descriptor, from: 10_000, upTo: 4096).isEmpty)
        #expect(throws: POSIXError.self) { try FilePieces.data(-1, from: 0, upTo: 16) }
    }

    @Test("a missing file is a POSIX error, and an error the body throws stops the reading")
    func failures() throws {
        let (directory, url) = try Self.file(10_000)
        #expect(throws: POSIXError.self) {
            try FilePieces.read(directory.appending("missing")) { _ in }
        }
        struct Stop: Error {}
        var calls = 0
        #expect(throws: Stop.self) {
            try FilePieces.read(url, pieceSize: 1000) { _ in
                calls += 1
                if calls == 2 { throw Stop() }
            }
        }
        #expect(calls == 2)
    }
}
