import Foundation
import Testing

@testable import AttachmentKit

/// On Linux a ``URLSessionTransport`` task whose body is about to finish arriving is given a
/// window to finish before it is cancelled (and the transport skips the cancel of a completed
/// task): FoundationNetworking stops the process when a cancel runs after the task's completion
/// (see ``URLSessionTaskStream``). Elsewhere every cancel goes through at once.
@Suite(.inTurn)
struct URLSessionTaskStreamFinishingTests {
    /// A stream whose head announced `length` bytes (none when `nil`) and whose `arrived` bytes
    /// came at once, with a cancel closure that counts how often it is called.
    func stream(length: Int64?, arrived: Int) -> (URLSessionTaskStream, LockedState<Int>) {
        let stream = URLSessionTaskStream(bufferLimit: 1 << 20)
        let cancels = LockedState(0)
        stream.setCancelTask { cancels.withLock { $0 += 1 } }
        let url = URL(string: "https://media.example.com/photo.jpg")!
        let headers: HTTPHeaders = length.map { ["Content-Length": "\($0)"] } ?? [:]
        stream.receive(head: HTTPResponse.Head(statusCode: 200, headers: headers, url: url))
        if arrived > 0 { stream.receive(Data(count: arrived)) }
        return (stream, cancels)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a body whose last bytes are arriving is given a window to finish on Linux, then cancelled",
        .timeLimit(.minutes(1)), arguments: [99_000, 100_000])
    func nearlyCompleteBodyWaitsBeforeTheCancel(arrived: Int) async throws {
        // Of 100,000 bytes, `arrived` came at once: the rest is due well within the window.
        let (stream, cancels) = stream(length: 100_000, arrived: arrived)
        stream.cancel()
        #if canImport(FoundationNetworking)
        #expect(cancels.withLock { $0 } == 0, "a cancel now would race the completion")
        // A server that stalls instead: the cancel comes a window later.
        let deadline = ContinuousClock.now + .seconds(URLSessionTaskStream.finishingWindow * 10)
        while cancels.withLock({ $0 }) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #endif
        #expect(cancels.withLock { $0 } == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a body far from its end, or with no bytes yet, is cancelled", .timeLimit(.minutes(1)))
    func distantEndIsCancelled() async throws {
        let (far, farCancels) = stream(length: 1 << 40, arrived: 1000)
        // Some time passes, so that the rate is measured over more than an instant.
        try await Task.sleep(nanoseconds: 20_000_000)
        far.cancel()
        #expect(farCancels.withLock { $0 } == 1)
        let (fresh, freshCancels) = stream(length: 1 << 20, arrived: 0)
        fresh.cancel()
        #expect(freshCancels.withLock { $0 } == 1)
    }

    @Test("a body of unknown length is cancelled")
    func unknownLengthIsCancelled() {
        let (stream, cancels) = stream(length: nil, arrived: 1000)
        stream.cancel()
        #expect(cancels.withLock { $0 } == 1)
    }
}
