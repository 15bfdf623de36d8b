import Testing

@testable import AttachmentKit

/// An actor that callbacks can be delivered on; it counts the callbacks that ran isolated to it.
actor DeliveryActor {
    private(set) var callbacks = 0

    nonisolated func recordIsolatedCallback() {
        assumeIsolated { $0.callbacks += 1 }
    }
}

@Suite("Progress observers", SuiteTimeLimit.minutes(2), .inTurn)
struct ProgressObserverTests {
    let full = TransferFixtures.content("full")

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "observers are called on the main actor by default, with progress, 100 % and the content")
    func mainActorDelivery() async throws {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        let observer = RecordingObserver(check: { MainActor.assertIsolated() })
        download.addObserver(observer)
        let attempt = await part.script.attempt(0)
        attempt.report(50, of: 100)
        attempt.succeed(full)
        await observer.waitUntilFinished()
        #expect(observer.progress.last == TransferProgress(completedBytes: 100, totalBytes: 100))
        #expect(observer.progress.contains(TransferProgress(completedBytes: 50, totalBytes: 100)))
        #expect(observer.results.map(\.content) == [full])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an observer can ask for delivery on an actor of its choosing")
    func customActorDelivery() async throws {
        let actor = DeliveryActor()
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        let observer = RecordingObserver(check: { actor.recordIsolatedCallback() })
        download.addObserver(observer, on: actor)
        let attempt = await part.script.attempt(0)
        attempt.report(1, of: 2)
        attempt.succeed(full)
        await observer.waitUntilFinished()
        #expect(await actor.callbacks == observer.callbacks.count)
        #expect(observer.callbacks.count >= 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "progress is throttled to one callback per percent and per 50 ms; the final 100 % always arrives")
    func throttling() async throws {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(clock: clock)
        let observed = await ObservedDownload.start(on: coordinator)
        let (observer, attempt) = (observed.observer, observed.attempt)
        attempt.report(0, of: 1000)  // first: delivered
        for bytes in 1...9 { attempt.report(Int64(bytes), of: 1000) }  // same percent: held back
        attempt.report(10, of: 1000)  // next percent, but no time has passed: held back
        clock.advance(by: 0.05)
        attempt.report(11, of: 1000)  // the percent already considered: held back
        attempt.report(20, of: 1000)  // new percent, 50 ms later: delivered
        clock.advance(by: 0.01)
        attempt.report(30, of: 1000)  // too soon
        clock.advance(by: 0.05)
        attempt.report(40, of: 1000)  // delivered
        attempt.succeed(full)
        await observer.waitUntilFinished()
        #expect(observer.progress.map(\.completedBytes) == [0, 20, 40, 1000])
        #expect(observer.callbacks.count == 5)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("10,000 reports over a long transfer make at most 101 progress callbacks")
    func callbackBound() async throws {
        let clock = TransferTestClock()
        let coordinator = TransferFixtures.coordinator(clock: clock)
        let observed = await ObservedDownload.start(on: coordinator)
        let (observer, attempt) = (observed.observer, observed.attempt)
        for bytes in 0..<10_000 {
            attempt.report(Int64(bytes), of: 10_000)
            clock.advance(by: 0.01)
        }
        attempt.succeed(full)
        await observer.waitUntilFinished()
        #expect(observer.progress.count <= 101)
        #expect(observer.progress.count >= 95)
        #expect(observer.progress.last?.isComplete == true)
        let fractions = observer.progress.compactMap(\.fractionCompleted)
        #expect(fractions == fractions.sorted())
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a removed observer gets nothing more; the others go on")
    func removal() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        let removed = RecordingObserver()
        let kept = RecordingObserver()
        download.addObserver(removed)
        download.addObserver(kept)
        let attempt = await part.script.attempt(0)
        attempt.report(1, of: 10)
        await removed.waitForCallbacks(1)
        let countAtRemoval = await MainActor.run {
            download.removeObserver(removed)
            return removed.callbacks.count
        }
        attempt.report(5, of: 10)
        attempt.succeed(full)
        await kept.waitUntilFinished()
        await MainActor.run {}
        #expect(removed.callbacks.count == countAtRemoval)
        #expect(removed.results.isEmpty)
        #expect(kept.results.count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("observers are held weakly: a released observer is freed and the transfer goes on")
    func released() async throws {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        var observer: RecordingObserver? = RecordingObserver()
        // Assigned after its declaration: `weak let` needs Swift 6.2 and a `weak var` that is never
        // assigned warns there.
        weak var weakObserver: RecordingObserver?
        weakObserver = observer
        download.addObserver(try #require(observer))
        let attempt = await part.script.attempt(0)
        attempt.report(1, of: 10)
        await observer?.waitForCallbacks(1)
        observer = nil
        // The delivery that just ran may still hold it for a moment (seen under the thread
        // sanitizer); held by the download, it would never go, and the time limit fails this.
        try await waitUntil("the released observer to be freed") { weakObserver == nil }
        attempt.report(5, of: 10)
        attempt.succeed(full)
        #expect(try await download.content() == full)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "nothing is delivered after the terminal callback, and a late observer gets only the outcome")
    func nothingAfterTerminal() async throws {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let observed = await ObservedDownload.start(on: coordinator)
        let (download, observer, attempt) = (observed.download, observed.observer, observed.attempt)
        attempt.succeed(full)
        await observer.waitUntilFinished()
        let count = observer.callbacks.count
        attempt.report(7, of: 10)
        let late = RecordingObserver()
        download.addObserver(late)
        await late.waitUntilFinished()
        await MainActor.run {}
        #expect(observer.callbacks.count == count)
        guard case .finished(let result)? = observer.callbacks.last else {
            return #expect(Bool(false), "the last callback is not the outcome")
        }
        #expect(result.content == full)
        #expect(late.callbacks.count == 1)
        #expect(late.results.map(\.content) == [full])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a caller that leaves tells its observers it was cancelled, once; the transfer goes on for others")
    func cancelledCaller() async throws {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let part = ScriptedPart("p")
        let leaving = await coordinator.download(part)
        let staying = await coordinator.download(part)
        let leavingObserver = RecordingObserver()
        let stayingObserver = RecordingObserver()
        leaving.addObserver(leavingObserver)
        staying.addObserver(stayingObserver)
        let attempt = await part.script.attempt(0)
        leaving.cancel()
        attempt.report(3, of: 10)
        attempt.succeed(full)
        await stayingObserver.waitUntilFinished()
        await leavingObserver.waitUntilFinished()
        await MainActor.run {}
        #expect(leavingObserver.results.count == 1)
        #expect(leavingObserver.results.first?.isCancellation == true)
        #expect(leavingObserver.progress.allSatisfy { $0.completedBytes == 0 })
        #expect(stayingObserver.results.map(\.content) == [full])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "updates() yields the current state, progress, the final 100 %, the terminal state, and ends")
    func updatesSequence() async throws {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        let attempt = await part.script.attempt(0)
        let updates = download.updates()
        let collected = Task {
            var states: [PartDownload.State] = []
            for await state in updates { states.append(state) }
            return states
        }
        attempt.report(2, of: 4)
        attempt.succeed(full)
        let states = await collected.cancellableValue
        #expect(states.last?.content == full)
        #expect(states.dropLast().allSatisfy { $0.phase == .downloading || $0.phase == .idle })
        #expect(states.dropLast().last?.progress == TransferProgress(completedBytes: 4, totalBytes: 4))
        #expect(states.filter(\.isTerminal).count == 1)
    }
}
