import AttachmentKit
import Foundation

extension MatrixMediaClient {
    /// What the homeserver's media repository allows (`/_matrix/client/v1/media/config`).
    public struct MediaConfiguration: Sendable, Hashable {
        /// `m.upload.size`: the largest file the server accepts, in bytes, when it says.
        public let maximumUploadByteCount: Int64?
    }

    /// Whether the homeserver has the authenticated media endpoints: `/_matrix/client/versions`
    /// lists `v1.11` or a later version, or `org.matrix.msc3916.stable` among its unstable
    /// features. Asked once and remembered (a failed request is asked again next time).
    ///
    /// - Throws: ``Error``, when the versions could not be read.
    public func authenticatedMediaIsSupported() async throws(Error) -> Bool {
        let answer = try await discoveredVersions()
        return answer.contains(Self.stableFeature) || answer.contains { Self.isAtLeast111($0) }
    }

    /// The server's media configuration, asked each time (`/_matrix/client/v1/media/config`,
    /// with the token; `/_matrix/media/v3/config` when the server has no v1 endpoint).
    ///
    /// - Throws: ``Error``: ``Error/tokenRefused(errcode:url:)`` for a refused token.
    public func mediaConfiguration() async throws(Error) -> MediaConfiguration {
        do {
            return try await mediaConfiguration(at: endpoint("_matrix/client/v1/media/config"))
        } catch {
            guard case .refused(_, statusCode: 404, _, _) = error else { throw error }
            return try await mediaConfiguration(at: endpoint("_matrix/media/v3/config"))
        }
    }

    private func mediaConfiguration(at url: URL) async throws(Error) -> MediaConfiguration {
        guard case .object(let fields) = try await getJSON(url) else {
            throw .malformedResponse(url, reason: "not a JSON object")
        }
        switch fields["m.upload.size"] {
        case .integer(let limit)?: return MediaConfiguration(maximumUploadByteCount: limit)
        case nil, .null?: return MediaConfiguration(maximumUploadByteCount: nil)
        default: throw .malformedResponse(url, reason: "m.upload.size is not an integer")
        }
    }

    /// Fails with ``Error/authenticatedMediaUnsupported(versions:)`` unless the server has the
    /// authenticated media endpoints.
    func requireAuthenticatedMedia() async throws(Error) {
        guard try await authenticatedMediaIsSupported() else {
            let versions = try await discoveredVersions().filter { $0 != Self.stableFeature }
            throw .authenticatedMediaUnsupported(versions: versions)
        }
    }

    static let stableFeature = "org.matrix.msc3916.stable"

    /// The versions the server lists, and `org.matrix.msc3916.stable` when it is an unstable
    /// feature it has turned on.
    private func discoveredVersions() async throws(Error) -> [String] {
        let task = discovery.withLock { task in
            if let task { return task }
            let started = Task { try await self.fetchVersions() }
            task = started
            return started
        }
        do {
            return try await task.value
        } catch {
            discovery.withLock { if $0 == task { $0 = nil } }
            throw error as? Error ?? .connectionFailed(homeserver, reason: "\(error)")
        }
    }

    private func fetchVersions() async throws(Error) -> [String] {
        let url = endpoint("_matrix/client/versions")
        guard case .object(let fields) = try await getJSON(url, authorized: false),
            case .array(let listed)? = fields["versions"]
        else { throw .malformedResponse(url, reason: "no versions array") }
        var versions = listed.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        if case .object(let features)? = fields["unstable_features"], case .bool(true)? = features[Self.stableFeature] {
            versions.append(Self.stableFeature)
        }
        return versions
    }

    /// Whether `version` is `vX.Y` with X.Y at least 1.11.
    private static func isAtLeast111(_ version: String) -> Bool {
        guard version.hasPrefix("v") else { return false }
        let numbers = version.dropFirst().split(separator: ".").map { Int($0) }
        guard numbers.count == 2, let major = numbers[0], let minor = numbers[1] else { return false }
        return major > 1 || (major == 1 && minor >= 11)
    }
}
