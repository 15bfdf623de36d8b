import Foundation
import Testing

@testable import AttachmentKit

/// Upload priorities under a limit of one upload per host, through a transport whose requests
/// the test lets answer one by one.
@Suite("Upload priorities and the limit per host", SuiteTimeLimit.minutes(2), .inTurn)
struct UploadPriorityTests {
    static let host = URL(string: "https://uploads.example.com/")!

    /// A coordinator that runs one upload at a time against a host.
    static func coordinator(_ transport: GatedUploadTransport) -> UploadCoordinator {
        UploadCoordinator(
            transport: transport,
            configuration: UploadCoordinator.Configuration(
                retryPolicy: RetryPolicy(maximumAttempts: 1), progressThrottle: .none,
                maximumConcurrentUploadsPerHost: 1))
    }

    /// A part of one small local file, named `id`.
    static func part(_ id: PartID, in folder: StorageTemporaryDirectory) throws -> LocalPart {
        let url = folder.appending(id.rawValue)
        try Data(id.rawValue.utf8).write(to: url)
        return LocalPart(
            id: id, mimeType: .applicationOctetStream, content: .file(url), transferStatus: .awaitingUpload)
    }

    static func destination(_ part: any MessagePart) -> UploadCoordinator.Destination {
        .put(host.appendingPathComponent(part.id.rawValue))
    }

    /// Waits until `count` uploads wait for the host's slot.
    static func waitForQueue(_ coordinator: UploadCoordinator, count: Int) async throws {
        let origin = HostConcurrencyLimiter.origin(of: host)
        try await waitUntil("\(count) uploads to wait for the host") {
            await coordinator.limiter.waitingCount(for: origin) == count
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with one upload per host, a high-priority message's upload starts before a queued low-priority one")
    func highBeforeLow() async throws {
        let folder = try StorageTemporaryDirectory("upload-priority")
        let transport = GatedUploadTransport()
        let coordinator = Self.coordinator(transport)
        let first = try Self.part("first", in: folder)
        let low = [try Self.part("low-1", in: folder), try Self.part("low-2", in: folder)]
        let high = [try Self.part("high-1", in: folder)]
        let running = Task { try await coordinator.upload(first, to: Self.destination(first)) }
        try await waitUntil("the first upload to start") { transport.started == ["first"] }
        let lowMessage = Task { try await coordinator.upload(message: low, priority: .low, to: Self.destination) }
        try await Self.waitForQueue(coordinator, count: 1)
        let highMessage = Task { try await coordinator.upload(message: high, priority: .high, to: Self.destination) }
        try await Self.waitForQueue(coordinator, count: 2)
        #expect(coordinator.priority(of: "low-1") == .low)
        #expect(coordinator.priority(of: "high-1") == .high)
        for name in ["first", "high-1", "low-1", "low-2"] { transport.open(name) }
        _ = try await running.value
        #expect(try await highMessage.value.map(\.partID) == ["high-1"])
        #expect(try await lowMessage.value.map(\.partID) == ["low-1", "low-2"])
        #expect(transport.started == ["first", "high-1", "low-1", "low-2"])
        #expect(coordinator.priority(of: "low-1") == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "raising a queued upload moves it ahead, lowering one lets later ones pass, a message's next part keeps its change"
    )
    func changeReorders() async throws {
        let folder = try StorageTemporaryDirectory("upload-priority")
        let transport = GatedUploadTransport()
        let coordinator = Self.coordinator(transport)
        var tasks: [Task<Void, any Error>] = []
        func upload(_ name: PartID) throws {
            let part = try Self.part(name, in: folder)
            tasks.append(Task { _ = try await coordinator.upload(part, to: Self.destination(part)) })
        }
        func startsNext(_ expected: [String], after name: String) async throws {
            transport.open(name)
            try await waitUntil("\(expected) to have started") { transport.started == expected }
        }
        try upload("first")
        try await waitUntil("the first upload to start") { transport.started == ["first"] }
        try upload("early")
        try await Self.waitForQueue(coordinator, count: 1)
        try upload("late")
        try await Self.waitForQueue(coordinator, count: 2)
        let message = [try Self.part("m-1", in: folder), try Self.part("m-2", in: folder)]
        tasks.append(Task { _ = try await coordinator.upload(message: message, to: Self.destination) })
        try await Self.waitForQueue(coordinator, count: 3)
        coordinator.setPriority(.high, of: "late")
        coordinator.setPriority(.low, of: "early")
        coordinator.setPriority(.high, of: "m-2")  // not started yet: kept for when it starts
        #expect(coordinator.priority(of: "m-2") == .high)
        coordinator.setPriority(.high, of: "unknown")
        #expect(coordinator.priority(of: "unknown") == nil)
        try await startsNext(["first", "late"], after: "first")
        try await startsNext(["first", "late", "m-1"], after: "late")
        try upload("other-1")
        try upload("other-2")
        try await Self.waitForQueue(coordinator, count: 3)
        try await startsNext(["first", "late", "m-1", "other-1"], after: "m-1")
        // m-2 joins the queue at the high priority it was given, behind other-2 in time only.
        try await Self.waitForQueue(coordinator, count: 3)
        try await startsNext(["first", "late", "m-1", "other-1", "m-2"], after: "other-1")
        try await startsNext(["first", "late", "m-1", "other-1", "m-2", "other-2"], after: "m-2")
        try await startsNext(["first", "late", "m-1", "other-1", "m-2", "other-2", "early"], after: "other-2")
        transport.open("early")
        for task in tasks { try await task.value }
    }
}
