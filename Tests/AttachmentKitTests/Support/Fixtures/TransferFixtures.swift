import Foundation
import Testing

@testable import AttachmentKit

/// Shared values and small helpers for the transfer tests.
enum TransferFixtures {
    static func content(_ text: String) -> PartContent { .data(Data(text.utf8)) }

    /// A coordinator on a manual clock, with no retries unless given a policy.
    static func coordinator(
        limit: Int = 4, retry: RetryPolicy = .never, throttle: TransferProgress.Throttle = .default,
        clock: TransferTestClock = TransferTestClock(), store: (any ContentStore)? = nil,
        diagnostics: DiagnosticsLog? = nil
    ) -> DownloadCoordinator {
        var handler: (@Sendable (DownloadCoordinator.Diagnostic) -> Void)?
        if let diagnostics {
            handler = { diagnostic in diagnostics.append(diagnostic) }
        }
        let configuration = DownloadCoordinator.Configuration(
            maximumConcurrentTransfers: limit, retryPolicy: retry, progressThrottle: throttle, clock: clock,
            diagnostics: handler)
        return DownloadCoordinator(store: store, configuration: configuration)
    }
}

/// Collects a coordinator's diagnostics.
final class DiagnosticsLog: Sendable {
    private let entries = LockedState<[DownloadCoordinator.Diagnostic]>([])

    func append(_ diagnostic: DownloadCoordinator.Diagnostic) { entries.withLock { $0.append(diagnostic) } }

    var all: [DownloadCoordinator.Diagnostic] { entries.withLock { $0 } }
}

extension Result where Success == PartContent, Failure == TransferError {
    /// The content, or `nil` for a failure.
    var content: PartContent? { try? get() }

    var isCancellation: Bool {
        if case .failure(let error) = self { return error.isCancellation }
        return false
    }
}

extension PartDownload {
    /// The outcome of ``content()`` as a value.
    func result() async -> Result<PartContent, TransferError> {
        do {
            return .success(try await content())
        } catch {
            return .failure(error)
        }
    }
}

/// A download of a new scripted part with one recording observer, its first attempt started.
struct ObservedDownload {
    let download: PartDownload
    let observer: RecordingObserver
    let attempt: ScriptedAttempt

    static func start(on coordinator: DownloadCoordinator, partID: PartID = "p") async -> ObservedDownload {
        let part = ScriptedPart(partID)
        let download = await coordinator.download(part)
        let observer = RecordingObserver()
        download.addObserver(observer)
        return ObservedDownload(download: download, observer: observer, attempt: await part.script.attempt(0))
    }
}
