import Foundation
import Testing

@testable import AttachmentKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The calls a ``URLSessionTransport`` makes on a task go one at a time, in order, and cancel
/// it once (``URLSessionTaskControl``): two at once let FoundationNetworking's cancel meet a
/// task its completion has removed, which stops the process (``RemoteCancelRaceTests`` runs
/// that race for real).
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct URLSessionTaskControlTests {
    /// A task that records the calls made on it, and how many ever overlapped; `resume()` waits
    /// until ``release()`` when made with `holdingResume`.
    final class RecordingTask: ControlledTask {
        private struct Record {
            var calls: [String] = []
            var inCall = 0
            var overlaps = 0
            var state = URLSessionTask.State.suspended
        }

        private let record = LockedState(Record())
        private let held: DispatchSemaphore?

        init(holdingResume: Bool = false, state: URLSessionTask.State = .suspended) {
            held = holdingResume ? DispatchSemaphore(value: 0) : nil
            record.withLock { $0.state = state }
        }

        var calls: [String] { record.withLock { $0.calls } }
        var overlaps: Int { record.withLock { $0.overlaps } }
        var state: URLSessionTask.State { record.withLock { $0.state } }

        /// Lets a held `resume()` return.
        func release() { held?.signal() }

        func resume() {
            call("resume", to: .running) { held?.wait() }
        }

        func cancel() { call("cancel", to: .canceling) }
        func suspend() { call("suspend", to: .suspended) }

        private func call(_ name: String, to state: URLSessionTask.State, during body: () -> Void = {}) {
            record.withLock { record in
                if record.inCall > 0 { record.overlaps += 1 }
                record.inCall += 1
                record.calls.append(name)
            }
            body()
            record.withLock { record in
                record.inCall -= 1
                record.state = state
            }
        }
    }

    /// Returns once every call asked of `control` so far has been made.
    func drain(_ control: URLSessionTaskControl) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            control.perform { continuation.resume() }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a task stopped by many callers at once is cancelled once")
    func cancelledOnce() async {
        let task = RecordingTask()
        let control = URLSessionTaskControl(task)
        control.resume()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { control.cancel() } }
        }
        await drain(control)
        #expect(task.calls == ["resume", "cancel"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the calls are made one at a time, in the order asked, the cancel after a resume still under way")
    func oneAtATimeInOrder() async {
        let task = RecordingTask(holdingResume: true)
        let control = URLSessionTaskControl(task)
        control.resume()
        control.cancel()
        control.perform { task.suspend() }
        // The cancel and the answer are queued behind the held resume; let it return.
        try? await waitUntil("the resume to start") { task.calls == ["resume"] }
        task.release()
        await drain(control)
        #expect(task.calls == ["resume", "cancel", "suspend"], "in the order asked")
        #expect(task.overlaps == 0, "no call started while another was under way")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a task that has completed (or is being cancelled) by its cancel's turn is not cancelled")
    func completedTaskIsNotCancelled() async {
        for state in [URLSessionTask.State.completed, .canceling] {
            let task = RecordingTask(state: state)
            let control = URLSessionTaskControl(task)
            control.cancel()
            await drain(control)
            #expect(task.calls.isEmpty, "\(state.rawValue)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("reading is stopped and resumed once per change, and never once the task was cancelled")
    func readingFollowsChanges() async {
        let task = RecordingTask()
        let control = URLSessionTaskControl(task)
        control.resume()
        control.setReading(false)
        control.setReading(false)
        control.setReading(true)
        control.setReading(true)
        control.cancel()
        control.setReading(false)
        await drain(control)
        #expect(task.calls == ["resume", "suspend", "resume", "cancel"])
    }
}
