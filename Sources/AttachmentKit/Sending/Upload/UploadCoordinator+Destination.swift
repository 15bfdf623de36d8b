import Foundation

extension UploadCoordinator {
    /// Where and how a part is uploaded.
    public struct Destination: Sendable, Equatable, Codable {
        /// The protocol an upload speaks.
        public enum Method: String, Sendable, Hashable, Codable {
            /// tus 1.0.0 resumable uploads: `url` is the creation endpoint.
            case tus
            /// One `PUT` of the whole file to `url`, restarted from zero after a failure.
            case put
            /// One `POST` of the whole file to `url`, restarted from zero after a failure.
            case post
        }

        /// The endpoint: tus's creation URL, or the URL a plain upload is sent to.
        public var url: URL
        /// The protocol.
        public var method: Method

        /// Creates a destination.
        public init(url: URL, method: Method) {
            self.url = url
            self.method = method
        }

        /// A tus 1.0.0 server's creation endpoint.
        public static func tus(_ endpoint: URL) -> UploadCoordinator.Destination {
            UploadCoordinator.Destination(url: endpoint, method: .tus)
        }
        /// A plain `PUT` of the file to `url`.
        public static func put(_ url: URL) -> UploadCoordinator.Destination {
            UploadCoordinator.Destination(url: url, method: .put)
        }
        /// A plain `POST` of the file to `url`.
        public static func post(_ url: URL) -> UploadCoordinator.Destination {
            UploadCoordinator.Destination(url: url, method: .post)
        }
    }
}
