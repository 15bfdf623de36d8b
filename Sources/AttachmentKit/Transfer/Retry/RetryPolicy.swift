import Foundation

/// When a failed download is tried again, and how long to wait first.
///
/// An attempt that fails with a retryable error (listed below) is tried again after an
/// exponential back-off: ``initialDelay`` × ``multiplier``^(n − 1) before attempt n + 1,
/// capped at ``maximumDelay``, shortened at random by up to ``jitter`` of itself so that many
/// clients do not retry in step. A `429` or `503` that carries `Retry-After` waits what the
/// server asked instead; when that is longer than ``maximumDelay`` the failure is final.
/// After ``maximumAttempts`` attempts, or at the first final error, the download fails;
/// ``PartDownload/retry()`` starts again from the first attempt.
///
/// Retryable errors: `URLError` timeouts and lost or refused connections (`timedOut`,
/// `networkConnectionLost`, `notConnectedToInternet`, `cannotConnectToHost`,
/// `cannotFindHost`, `dnsLookupFailed`, `resourceUnavailable`, `cannotLoadFromNetwork`,
/// `internationalRoamingOff`, `callIsActive`, `dataNotAllowed`), ``HTTPStatusError`` with
/// a 5xx status or 408 or 429 (with its `Retry-After`), and ``RemotePartError`` when it
/// ``RemotePartError/isRetryable``. Final: everything else, among them cancellation, 4xx
/// statuses and errors the part defines.
public struct RetryPolicy: Sendable {
    /// The most attempts, the first included; at least 1.
    public var maximumAttempts: Int
    /// The wait before the second attempt, in seconds.
    public var initialDelay: Double
    /// How much each wait grows over the one before.
    public var multiplier: Double
    /// The longest wait, in seconds.
    public var maximumDelay: Double
    /// The fraction (0–1) of each wait that is random: 0.5 waits between half and all of it.
    public var jitter: Double
    /// A random number in 0..<1 for the jitter; inject a seeded source for repeatable tests.
    public var randomFraction: @Sendable () -> Double

    /// Creates a policy. Out-of-range values are clamped: at least one attempt, no negative
    /// delay, a multiplier of at least 1, jitter within 0–1.
    public init(
        maximumAttempts: Int = 4, initialDelay: Double = 0.5, multiplier: Double = 2, maximumDelay: Double = 30,
        jitter: Double = 0.5, randomFraction: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = Self.nonNegative(initialDelay)
        self.multiplier = multiplier.isFinite ? max(1, multiplier) : 1
        self.maximumDelay = Self.nonNegative(maximumDelay)
        self.jitter = jitter.isFinite ? min(max(jitter, 0), 1) : 0
        self.randomFraction = randomFraction
    }

    /// Four attempts, waiting about 0.5, 1 and 2 seconds between them, never more than 30.
    public static let `default` = RetryPolicy()

    /// One attempt: every failure is final.
    public static let never = RetryPolicy(maximumAttempts: 1)

    /// What to do after attempt number `attempt` (1 for the first) failed with `error`: the
    /// delay before the next attempt, or `nil` when the failure is final.
    func delay(afterAttempt attempt: Int, failedWith error: any Error) -> Double? {
        guard attempt < maximumAttempts else { return nil }
        switch classify(error) {
        case .final:
            return nil
        case .retryable(let requested?):
            return requested <= maximumDelay ? requested : nil
        case .retryable(nil):
            let exponent = Double(max(0, attempt - 1))
            let backoff = min(maximumDelay, initialDelay * pow(multiplier, exponent))
            let fraction = min(max(randomFraction(), 0), 1)
            return backoff * (1 - jitter * fraction)
        }
    }

    private static func nonNegative(_ value: Double) -> Double {
        value.isFinite ? max(0, value) : 0
    }
}
