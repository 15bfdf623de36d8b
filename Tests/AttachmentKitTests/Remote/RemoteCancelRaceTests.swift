#if compiler(>=6.2) && (os(macOS) || os(Linux))
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// A cancel that meets the end of a transfer never stops the process.
///
/// FoundationNetworking (Linux) traps ("a behaviour for a task that in not in the registry")
/// when its cancelling work reaches a task whose completion has already removed it. That
/// happens when two calls on one task wait for its queue at once (see
/// `URLSessionTaskControl`), so the transport makes them one at a time and cancels a task once.
/// `cancelTwiceAsTheBodyEnds` reproduces it: 8 of 8 runs of the process trapped when each
/// stop of a transfer made its own cancel; none since. The other two tests race a cancel
/// against a server's close and against a redirect's arrival, the pauses spread over a few
/// milliseconds so that across the runs the cancel lands before, during and after
/// FoundationNetworking's completion; nothing waits on those pauses.
///
/// Each test runs in a process of its own (``OwnProcess``), so that the trap, should it come
/// back, fails the test instead of ending the whole `swift test` run; a `DeadlockAlarm` ends a
/// copy that hangs for 120 s (the time limit can't stop it).
@Suite(.serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteCancelRaceTests {
    static let runs = 200
    static let lanes = 4
    let content = RemoteTestContent.bytes(100_000, seed: 23)

    /// The server's pause before it closes for run `index`, 0 to 4.75 ms.
    static func closePause(_ index: Int) -> Double { Double(index % 20) * 0.000_25 }
    /// The client's pause before it cancels for run `index`, 0 to 4.75 ms, in another order.
    static func cancelPause(_ index: Int) -> UInt64 { UInt64((index * 7) % 20) * 250_000 }

    func server() async throws -> RemoteFaultServer {
        let responses = (0..<Self.runs).map { index in
            RemoteFaultServer.Response(
                status: 200, headers: [["Content-Length", "100000"]],
                ops: [.slice(0, 4000), .sleep(Self.closePause(index)), .close])
        }
        return try await RemoteFaultServer(content: content, paths: ["/r": responses])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "200 cancels racing a server's close mid-body: the process survives and each ends once")
    func cancelRacesClose() async {
        await OwnProcess.run { location, log in
            await #expect(processExitsWith: .success, sourceLocation: location) {
                [log = log as String] in
                OwnProcess.sendStandardError(to: log)
                let alarm = DeadlockAlarm("cancelRacesClose's process", seconds: 120)
                try await RemoteCancelRaceTests().racingClose()
                alarm.finished()
            }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "200 cancels racing a redirect's arrival: the process survives (FoundationNetworking trapped in its redirect step)"
    )
    func cancelRacesRedirect() async {
        await OwnProcess.run { location, log in
            await #expect(processExitsWith: .success, sourceLocation: location) {
                [log = log as String] in
                OwnProcess.sendStandardError(to: log)
                let alarm = DeadlockAlarm("cancelRacesRedirect's process", seconds: 120)
                try await RemoteCancelRaceTests().racingRedirect()
                alarm.finished()
            }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "120 transfers each stopped twice at once as their bodies finish arriving: the process survives")
    func cancelTwiceAsTheBodyEnds() async {
        await OwnProcess.run { location, log in
            await #expect(processExitsWith: .success, sourceLocation: location) {
                [log = log as String] in
                OwnProcess.sendStandardError(to: log)
                let alarm = DeadlockAlarm("cancelTwiceAsTheBodyEnds's process", seconds: 120)
                try await RemoteCancelRaceTests().racingDoubleCancel()
                alarm.finished()
            }
        }
    }

    /// 200 cancels racing a server's close mid-body, run by ``cancelRacesClose()``.
    func racingClose() async throws {
        let server = try await server()
        defer { server.stop() }
        let transport = URLSessionTransport()
        let request = HTTPRequest(url: server.url("/r"))
        let endings = try await withThrowingTaskGroup(of: [Ending].self) { group in
            for lane in 0..<Self.lanes {
                group.addTask {
                    var endings: [Ending] = []
                    for index in stride(from: lane, to: Self.runs, by: Self.lanes) {
                        endings.append(try await Self.race(transport, request, cancelAfter: Self.cancelPause(index)))
                    }
                    return endings
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(endings.count == Self.runs, "every request ended")
        #expect(
            endings.allSatisfy { $0 != .deliveredAfterCancel },
            "no body delivered a chunk after its cancel returned: \(endings.filter { $0 == .deliveredAfterCancel }.count) did"
        )
        #expect(server.requests(to: "/r").count == Self.runs, "one request per run, none sent again")
    }

    /// 200 cancels racing a redirect's arrival, run by ``cancelRacesRedirect()``.
    func racingRedirect() async throws {
        let responses = (0..<Self.runs).map { index in
            RemoteFaultServer.Response(
                status: 302, headers: [["Location", "/elsewhere"], ["Content-Length", "3"]],
                ops: [.sleep(Self.closePause(index)), .head, .raw("abc")])
        }
        let server = try await RemoteFaultServer(content: content, paths: ["/r": responses])
        defer { server.stop() }
        let transport = URLSessionTransport()
        let request = HTTPRequest(url: server.url("/r"))
        let endings = try await withThrowingTaskGroup(of: [RedirectEnding].self) { group in
            for lane in 0..<Self.lanes {
                group.addTask {
                    var endings: [RedirectEnding] = []
                    for index in stride(from: lane, to: Self.runs, by: Self.lanes) {
                        let send = Task { try await transport.send(request) }
                        try await Task.sleep(nanoseconds: Self.cancelPause(index))
                        send.cancel()
                        do {
                            let response = try await send.value
                            response.body.cancel()
                            endings.append(.response(status: response.head.statusCode))
                        } catch is CancellationError {
                            endings.append(.cancelled)
                        } catch {
                            endings.append(.failed("\(error)"))
                        }
                    }
                    return endings
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(endings.count == Self.runs, "every send returned")
        let failures = endings.filter { if case .failed = $0 { true } else { false } }
        #expect(failures.isEmpty, "each send ended cancelled or with the 302, not with another error: \(failures)")
        let statuses = Set(endings.compactMap { if case .response(let status) = $0 { status } else { nil } })
        #expect(
            statuses.isSubset(of: [302]), "a response that came is the 302 itself: the transport follows no redirect")
        #expect(server.requests(to: "/elsewhere").isEmpty, "the redirect's target was never requested")
        #expect(server.requests(to: "/r").count <= Self.runs, "no request was sent twice")
    }

    /// How one send of ``racingRedirect()`` ended.
    enum RedirectEnding: Equatable {
        /// The cancel came first.
        case cancelled
        /// The response head came first, with this status (its body then cancelled).
        case response(status: Int)
        /// Anything else: a failure of the test.
        case failed(String)
    }

    /// The body of each transfer in ``racingDoubleCancel()``: 16 MiB, sent at once, with no
    /// length (it ends when the server closes), so that nothing predicts its end.
    static let doubleCancelSize = 16 << 20
    static let doubleCancelRuns = 120

    /// 120 transfers stopped as a download stops one whose writer fell behind: the sink refuses
    /// a chunk (which stops the transfer), then the reader cancels the body, each somewhere in
    /// the last 12 MiB while the rest of the body pours in. Run by ``cancelTwiceAsTheBodyEnds()``.
    func racingDoubleCancel() async throws {
        let size = Self.doubleCancelSize
        let responses = (0..<Self.doubleCancelRuns).map { _ in
            RemoteFaultServer.Response(status: 200, ops: [.slice(0, size)])
        }
        let server = try await RemoteFaultServer(
            content: RemoteTestContent.bytes(size, seed: 29), paths: ["/big": responses])
        defer { server.stop() }
        let transport = URLSessionTransport()
        let request = HTTPRequest(url: server.url("/big"))
        let stopped = try await withThrowingTaskGroup(of: Int.self) { group in
            for lane in 0..<2 {
                group.addTask {
                    var stopped = 0
                    for index in stride(from: lane, to: Self.doubleCancelRuns, by: 2) {
                        // 0 to 12 MiB before the end, spread over the runs.
                        let cutoff = size - (index * 104_729) % (12 << 20)
                        if try await Self.stopTwice(transport, request, atByte: cutoff) { stopped += 1 }
                    }
                    return stopped
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(server.requests(to: "/big").count == Self.doubleCancelRuns, "one request per transfer, none sent again")
        // A transfer whose body completed before its sink saw the cutoff is not stopped; on
        // loopback nearly all are.
        #expect(stopped > 0, "no transfer was stopped: the race was never run")
    }

    /// One transfer of ``racingDoubleCancel()``: the sink throws once `cutoff` bytes have come,
    /// then the body is cancelled. Whether the sink stopped it (or the body ended first).
    static func stopTwice(_ transport: URLSessionTransport, _ request: HTTPRequest, atByte cutoff: Int)
        async throws -> Bool
    {
        struct Refused: Error {}
        let response = try await transport.send(request)
        let received = LockedState(0)
        var stopped = false
        do {
            try await response.body.deliver(flow: BodyReadingFlow()) { chunk in
                let count = received.withLock { count in
                    count += chunk.count
                    return count
                }
                if count >= cutoff { throw Refused() }
            }
        } catch is Refused {
            stopped = true
        }
        response.body.cancel()
        return stopped
    }

    enum Ending: Equatable { case cancelled, failed, deliveredAfterCancel }

    /// One request: the first chunk is read, then after `pause` the body is cancelled while
    /// the server is closing.
    static func race(_ transport: URLSessionTransport, _ request: HTTPRequest, cancelAfter pause: UInt64)
        async throws -> Ending
    {
        let response = try await transport.send(request)
        var chunks = response.body.makeAsyncIterator()
        _ = try await chunks.next()
        try await Task.sleep(nanoseconds: pause)
        response.body.cancel()
        do {
            // After the cancel nothing more may come: the body ends with a CancellationError
            // (or with the failure the close caused, when that came first).
            while try await chunks.next() != nil {}
            return .deliveredAfterCancel
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .failed
        }
    }
}
#endif
