import Foundation
import Testing

@testable import AttachmentKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("RetryPolicy", .inTurn)
struct RetryPolicyTests {
    @Test(
        "timeouts, lost connections, 5xx, 408 and 429 are retryable",
        arguments: [
            URLError(.timedOut) as any Error, URLError(.networkConnectionLost), URLError(.notConnectedToInternet),
            URLError(.cannotConnectToHost), HTTPStatusError(statusCode: 500), HTTPStatusError(statusCode: 503),
            HTTPStatusError(statusCode: 408), HTTPStatusError(statusCode: 429),
        ])
    func retryable(error: any Error) {
        #expect(RetryPolicy().classify(error) == .retryable(after: nil))
    }

    @Test(
        "client errors, bad URLs, cancellation and unknown errors are final",
        arguments: [
            HTTPStatusError(statusCode: 404) as any Error, HTTPStatusError(statusCode: 403), URLError(.badURL),
            URLError(.cancelled), CancellationError(), TransferError.notDownloadable("p"),
        ])
    func final(error: any Error) {
        #expect(RetryPolicy().classify(error) == .final)
    }

    @Test("the back-off doubles from the initial delay, is capped, and stops after the last attempt")
    func backoff() {
        let policy = RetryPolicy(
            maximumAttempts: 6, initialDelay: 1, multiplier: 2, maximumDelay: 5, jitter: 0, randomFraction: { 0.5 })
        let error = URLError(.timedOut)
        #expect((1...6).map { policy.delay(afterAttempt: $0, failedWith: error) } == [1, 2, 4, 5, 5, nil])
    }

    @Test("jitter shortens each delay by up to its fraction, from the injected randomness")
    func jitter() {
        let random = LockedState(SeededRandom(seed: 7))
        let policy = RetryPolicy(
            maximumAttempts: 100, initialDelay: 8, multiplier: 1, maximumDelay: 8, jitter: 0.5,
            randomFraction: { random.withLock { Double.random(in: 0..<1, using: &$0) } })
        let delays = (1...50).compactMap { policy.delay(afterAttempt: $0, failedWith: URLError(.timedOut)) }
        #expect(delays.count == 50)
        #expect(delays.allSatisfy { (4...8).contains($0) })
        #expect(Set(delays).count > 40)
        let again = LockedState(SeededRandom(seed: 7))
        let repeated = RetryPolicy(
            maximumAttempts: 100, initialDelay: 8, multiplier: 1, maximumDelay: 8, jitter: 0.5,
            randomFraction: { again.withLock { Double.random(in: 0..<1, using: &$0) } })
        #expect((1...50).compactMap { repeated.delay(afterAttempt: $0, failedWith: URLError(.timedOut)) } == delays)
    }

    @Test("429 waits its Retry-After exactly, up to the maximum delay included; one longer is final")
    func retryAfter() {
        let policy = RetryPolicy(maximumAttempts: 3, maximumDelay: 60, jitter: 0.5)
        #expect(policy.delay(afterAttempt: 1, failedWith: HTTPStatusError(statusCode: 429, retryAfter: 12)) == 12)
        // Exactly the maximum delay is still a wait, not a final failure.
        #expect(policy.delay(afterAttempt: 1, failedWith: HTTPStatusError(statusCode: 429, retryAfter: 60)) == 60)
        #expect(policy.delay(afterAttempt: 1, failedWith: HTTPStatusError(statusCode: 429, retryAfter: 61)) == nil)
        #expect(policy.delay(afterAttempt: 3, failedWith: HTTPStatusError(statusCode: 429, retryAfter: 1)) == nil)
    }

    @Test("Retry-After parses seconds and HTTP dates, and rejects anything else")
    func retryAfterHeader() {
        let now = Date(timeIntervalSince1970: 1_445_412_400)  // Wed, 21 Oct 2015 07:26:40 GMT
        #expect(HTTPStatusError.delay(fromRetryAfter: " 120 ", now: now) == 120)
        #expect(HTTPStatusError.delay(fromRetryAfter: "Wed, 21 Oct 2015 07:28:00 GMT", now: now) == 80)
        #expect(HTTPStatusError.delay(fromRetryAfter: "Wed, 21 Oct 2015 07:00:00 GMT", now: now) == 0)
        #expect(HTTPStatusError.delay(fromRetryAfter: "-5", now: now) == nil)
        #expect(HTTPStatusError.delay(fromRetryAfter: "soon", now: now) == nil)
        #expect(HTTPStatusError(statusCode: 503, retryAfterHeader: "7").retryAfter == 7)
        #expect(HTTPStatusError(statusCode: 503, retryAfter: -.infinity).retryAfter == nil)
    }

    @Test("an HTTP-date Retry-After is measured from the injected clock's date")
    func retryAfterDateFromClock() {
        let clock = TransferTestClock()
        let inTwoMinutes = clock.date.addingTimeInterval(120)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let header = formatter.string(from: inTwoMinutes)
        #expect(HTTPStatusError(statusCode: 503, retryAfterHeader: header, clock: clock).retryAfter == 120)
        clock.advance(by: 30)
        #expect(HTTPStatusError(statusCode: 503, retryAfterHeader: header, clock: clock).retryAfter == 90)
    }

    @Test("out-of-range settings are clamped instead of trapping")
    func clamping() {
        let policy = RetryPolicy(
            maximumAttempts: -3, initialDelay: -1, multiplier: .nan, maximumDelay: .infinity, jitter: 4)
        #expect(policy.maximumAttempts == 1)
        #expect(policy.initialDelay == 0)
        #expect(policy.multiplier == 1)
        #expect(policy.maximumDelay == 0)
        #expect(policy.jitter == 1)
        #expect(RetryPolicy.never.delay(afterAttempt: 1, failedWith: URLError(.timedOut)) == nil)
    }
}
