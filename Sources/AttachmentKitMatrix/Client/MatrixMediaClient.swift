import AttachmentKit
import Foundation

/// A homeserver's media repository, for one signed-in user: downloads through the
/// authenticated endpoints, thumbnails as renditions, uploads, and the event contents that
/// describe them.
///
/// ```swift
/// let client = MatrixMediaClient(homeserver: homeserverURL, accessToken: session.accessToken)
/// let content = try MatrixMediaContent(json: event.contentJSON)
/// let resolution = AttachmentResolver(policy: .matrix).resolve(client.parts(for: content))
/// ```
///
/// - Downloads go only through `/_matrix/client/v1/media/download/…` and `…/thumbnail/…`
///   (Matrix v1.11, MSC3916), with the token in `Authorization: Bearer`, never in the URL; a
///   redirect to another origin drops the header. Before the first, the client asks
///   `/_matrix/client/versions` once whether the server has them (``authenticatedMediaIsSupported()``).
/// - Uploads go through `POST /_matrix/media/v3/upload`, streamed from disk by ``uploads``,
///   after checking the server's `m.upload.size` (``mediaConfiguration()``).
///
/// See <doc:Matrix>.
public final class MatrixMediaClient: Sendable {
    /// The homeserver's base URL, such as `https://matrix.example.org`.
    public let homeserver: URL
    /// What downloads the media: its transport and rules (`RemotePart.Downloader.shared` unless given).
    public let downloader: RemotePart.Downloader
    /// What uploads the media: its progress, cancellation and retries are the app's to use.
    public let uploads: UploadCoordinator
    /// The boxes the server scales thumbnails into (`method=scale`: the largest picture of the
    /// original's aspect ratio that fits, never larger than the original), offered as
    /// renditions; smallest first, each side a whole number of pixels from 1 to 65,535.
    public let thumbnailSizes: [PixelSize]

    let token: LockedState<String>
    let discovery = LockedState<Task<[String], any Swift.Error>?>(nil)

    /// The thumbnail sizes the spec recommends and Synapse computes in advance for `scale`:
    /// 320 × 240, 640 × 480 and 800 × 600.
    public static let precomputedThumbnailSizes = [
        PixelSize(width: 320, height: 240), PixelSize(width: 640, height: 480), PixelSize(width: 800, height: 600),
    ]

    /// Creates a client for the user whose token is `accessToken`.
    ///
    /// - Parameters:
    ///   - homeserver: The homeserver's base URL.
    ///   - accessToken: The user's access token, sent as `Authorization: Bearer` to the
    ///     homeserver's origin only.
    ///   - downloader: What downloads media; its configuration must allow the homeserver's scheme.
    ///   - uploadTransport: The HTTP client of uploads.
    ///   - uploadConfiguration: Limits, retries and progress of uploads; the token is added to its
    ///     headers for the homeserver's origin.
    ///   - journal: Where uploads keep what they need to finish after a relaunch, if anywhere.
    ///   - thumbnailSizes: The thumbnail boxes to offer as renditions, each side rounded to whole
    ///     pixels from 1 to 65,535; ``precomputedThumbnailSizes`` unless given.
    public init(
        homeserver: URL, accessToken: String, downloader: RemotePart.Downloader = .shared,
        uploadTransport: any HTTPUploadTransport = URLSessionTransport.shared,
        uploadConfiguration: UploadCoordinator.Configuration = UploadCoordinator.Configuration(),
        journal: UploadCoordinator.Journal? = nil,
        thumbnailSizes: [PixelSize] = MatrixMediaClient.precomputedThumbnailSizes
    ) {
        self.homeserver = homeserver
        self.downloader = downloader
        self.thumbnailSizes = thumbnailSizes.map(Self.box).sorted { $0.width * $0.height < $1.width * $1.height }
        let token = LockedState(accessToken)
        self.token = token
        var configuration = uploadConfiguration
        let appHeaders = uploadConfiguration.headers
        let origin = Self.origin(of: homeserver)
        configuration.headers = { url in
            var headers = appHeaders(url)
            if Self.origin(of: url) == origin { headers["Authorization"] = "Bearer \(token.withLock { $0 })" }
            return headers
        }
        uploads = UploadCoordinator(transport: uploadTransport, journal: journal, configuration: configuration)
    }

    /// The access token sent with every request to the homeserver.
    public var accessToken: String { token.withLock { $0 } }

    /// Replaces the access token (after a refresh): requests from now on carry the new one,
    /// those of parts made earlier included.
    public func setAccessToken(_ accessToken: String) { token.withLock { $0 = accessToken } }

    /// The URL that downloads `uri`'s file: `/_matrix/client/v1/media/download/{server}/{id}`.
    public func downloadURL(for uri: MatrixContentURI) -> URL {
        endpoint("_matrix/client/v1/media/download/\(uri.pathSegments)")
    }

    /// The URL of the server's thumbnail of `uri` scaled into `size` (each side rounded to whole
    /// pixels from 1 to 65,535):
    /// `/_matrix/client/v1/media/thumbnail/{server}/{id}?width=W&height=H&method=scale`.
    public func thumbnailURL(for uri: MatrixContentURI, size: PixelSize) -> URL {
        let box = Self.box(size)
        return endpoint(
            "_matrix/client/v1/media/thumbnail/\(uri.pathSegments)",
            query: "width=\(Int(box.width))&height=\(Int(box.height))&method=scale")
    }

    /// `size` with each side rounded to a whole number of pixels from 1 to 65,535.
    static func box(_ size: PixelSize) -> PixelSize {
        let limit = CGFloat(ImageSizeMetadata.maximumDimension)
        return PixelSize(
            width: min(max(size.width.rounded(), 1), limit), height: min(max(size.height.rounded(), 1), limit))
    }

    /// The URL uploads of a file named `fileName` are posted to: `/_matrix/media/v3/upload`
    /// (uploads have no v1 endpoint).
    func uploadURL(fileName: String?) -> URL {
        var query: String?
        if let fileName, let encoded = fileName.addingPercentEncoding(withAllowedCharacters: Self.unreserved) {
            query = "filename=\(encoded)"
        }
        return endpoint("_matrix/media/v3/upload", query: query)
    }

    /// RFC 3986's unreserved characters: what a query value may hold unencoded.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `path` under the homeserver's base URL, with `query`.
    func endpoint(_ path: String, query: String? = nil) -> URL {
        var base = homeserver.absoluteString
        if let end = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = String(base[..<end]) }
        if !base.hasSuffix("/") { base += "/" }
        let text = base + path + (query.map { "?" + $0 } ?? "")
        return URL(string: text) ?? homeserver
    }

    /// The headers of a request to `url`: the token, for the homeserver's origin only.
    func authorization(for url: URL) -> HTTPHeaders {
        guard Self.origin(of: url) == Self.origin(of: homeserver) else { return HTTPHeaders() }
        return ["Authorization": "Bearer \(accessToken)"]
    }

    /// Scheme, host and port, lowercased, with the scheme's default port.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
