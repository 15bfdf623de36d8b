import Foundation

extension RemotePart {
    /// Per-request hooks of a ``RemotePart``: headers to add (authorisation), and a new URL for
    /// an expired signed one.
    ///
    /// ```swift
    /// let hooks = RemotePart.Hooks(
    ///     headers: { url in ["Authorization": "Bearer \(try await tokens.current())"] },
    ///     resign: { url, status in try await api.freshAttachmentURL(for: url) })
    /// ```
    public struct Hooks: Sendable {
        /// Returns the header fields to add to the request for `url` (the part's URL, or a
        /// re-signed one), awaited before each attempt. They are kept on same-origin redirects;
        /// `Authorization` is dropped when a redirect leaves the origin.
        public var headers: (@Sendable (URL) async throws -> HTTPHeaders)?
        /// Called at most once per attempt when the server answers 401 or 403, with the URL
        /// and the status: returns a freshly signed URL to try instead, or `nil` to fail with
        /// the status.
        public var resign: (@Sendable (URL, Int) async throws -> URL?)?

        /// Creates hooks; both are optional.
        public init(
            headers: (@Sendable (URL) async throws -> HTTPHeaders)? = nil,
            resign: (@Sendable (URL, Int) async throws -> URL?)? = nil
        ) {
            self.headers = headers
            self.resign = resign
        }
    }
}
