import Foundation
import Testing

@testable import AttachmentKit

@Suite("PartDownload.State transitions", .inTurn)
struct DownloadStateTests {
    static let content = PartContent.data(Data("x".utf8))
    static let error = TransferError.failed("p", attempts: 1, underlying: URLError(.timedOut))
    static let progress = TransferProgress(completedBytes: 5, totalBytes: 10)

    static let states: [PartDownload.State] = [
        .idle, .downloading(progress), .completed(content), .failed(error), .cancelled,
    ]
    static let events: [DownloadStateEvent] = [
        .start, .progress(progress), .complete(content), .fail(error), .cancel, .retry,
    ]

    /// The table from the documentation: (from, event) → to.
    static let legal: [String: PartDownload.State.Phase] = [
        "idle+start": .downloading, "idle+cancel": .cancelled,
        "downloading+progress": .downloading, "downloading+complete": .completed,
        "downloading+fail": .failed, "downloading+cancel": .cancelled,
        "failed+retry": .downloading,
    ]

    @Test(
        "every legal pair moves to the documented state, and every other pair is rejected naming both",
        arguments: states, events)
    func pair(state: PartDownload.State, event: DownloadStateEvent) {
        let key = "\(state.phase)+\(event.kind)"
        do {
            let next = try state.applying(event)
            #expect(Self.legal[key] == next.phase, "\(key)")
        } catch {
            #expect(Self.legal[key] == nil, "\(key) should be legal")
            #expect(error == DownloadStateTransitionError(phase: state.phase, event: event.kind))
        }
    }

    @Test("every pair of the table is one of the pairs tried, so each legal move is checked")
    func tableNamesTriedPairs() {
        let tried = Set(Self.states.flatMap { state in Self.events.map { "\(state.phase)+\($0.kind)" } })
        #expect(Set(Self.legal.keys).isSubset(of: tried))
        #expect(Self.legal.count == 7)
    }

    @Test("transitions carry their payload: progress, content, error; start and retry begin at zero")
    func payloads() throws {
        var state = PartDownload.State.idle
        try state.apply(.start)
        #expect(state.progress == .zero(totalBytes: nil))
        try state.apply(.progress(Self.progress))
        #expect(state.progress == Self.progress)
        try state.apply(.complete(Self.content))
        #expect(state.content == Self.content)
        #expect(state.isTerminal)

        var failing = PartDownload.State.downloading(Self.progress)
        try failing.apply(.fail(Self.error))
        guard case .failed(let error) = failing else { return #expect(Bool(false), "not failed: \(failing)") }
        #expect(error.partID == "p")
        try failing.apply(.retry)
        #expect(failing.progress == .zero(totalBytes: nil))
    }

    @Test("an illegal move leaves the state as it was and names the state and the event")
    func illegalKeepsState() {
        var state = PartDownload.State.completed(Self.content)
        #expect(throws: DownloadStateTransitionError(phase: .completed, event: .progress)) {
            try state.apply(.progress(Self.progress))
        }
        #expect(state.content == Self.content)
        #expect(
            DownloadStateTransitionError(phase: .completed, event: .progress).description
                == "a download that is completed can't progress")
    }

    @Test("only completed, failed and cancelled are terminal")
    func terminal() {
        #expect(Self.states.map(\.isTerminal) == [false, false, true, true, true])
    }
}
