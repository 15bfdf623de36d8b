import Foundation

extension RemotePart {
    /// Reads a remote ISO media file's header (MP4, MOV, M4A, 3GP) with at most three ranged
    /// requests and a bounded number of bytes, never the media: the placeholder size, rotation and
    /// duration of a video message before any of it is downloaded.
    ///
    /// ```swift
    /// let reader = RemotePart.MediaHeaderReader(transport: URLSessionTransport())
    /// let header = try await reader.inspect(videoURL)
    /// print(header.displayedSize ?? .zero, header.duration ?? "unknown", header.inspectedByteCount)
    /// ```
    ///
    /// The first request asks for ``firstByteCount`` bytes. When `moov` lies inside them (a fast-start
    /// file), that is all. When it starts there but runs on, a second request fetches the rest of
    /// it. When the first bytes end inside `mdat` (the `moov` comes after it), the second request
    /// fetches the rest of the file after `mdat`, whose length the first response's
    /// `Content-Range` gave, and a third the rest of `moov` if it runs on. Every request goes through
    /// the transport with the downloads' redirect and scheme rules and timeouts
    /// (``RemotePart/Configuration``), asks for `identity` encoding, and from the second on carries
    /// `If-Range` with the first response's validator. A server that answers without a range gets
    /// ``RemotePart/MediaHeaderReader/Error/rangesNotSupported(statusCode:)`` and its body is not read.
    /// A fragmented file's duration takes the requests left: its last bytes, where FFmpeg's `mfra`
    /// index is, and its last fragments; `nil` when they don't suffice (see <doc:InspectingVideos>).
    public struct MediaHeaderReader: Sendable {
        /// The default for ``firstByteCount``: 64 KiB.
        @usableFromInline package static let defaultFirstByteCount = 64 * 1024
        /// The default for ``maximumByteCount``: 768 KiB.
        @usableFromInline package static let defaultMaximumByteCount = 768 * 1024
        /// The most requests one inspection makes.
        package static let maximumRequestCount = 3

        /// How many bytes the first request asks for.
        public var firstByteCount: Int
        /// The most bytes one inspection fetches in all; a `moov` that needs more is
        /// ``RemotePart/MediaHeaderReader/Error/headerTooLarge(byteCount:limit:)``.
        public var maximumByteCount: Int
        /// How the fetched bytes are read.
        package var inspector: ISOMediaInspector
        private let follower: RedirectFollower
        private let clock: any TransferClock

        /// Creates a reader that sends its requests through `transport` with the schemes, redirect
        /// limit and timeouts of `configuration`.
        public init(
            transport: any HTTPTransport, configuration: RemotePart.Configuration = .default,
            firstByteCount: Int = RemotePart.MediaHeaderReader.defaultFirstByteCount,
            maximumByteCount: Int = RemotePart.MediaHeaderReader.defaultMaximumByteCount,
            inspector: ISOMediaInspector = ISOMediaInspector()
        ) {
            self.init(
                transport: transport, configuration: configuration, firstByteCount: firstByteCount,
                maximumByteCount: maximumByteCount, inspector: inspector, clock: SystemTransferClock())
        }

        init(
            transport: any HTTPTransport, configuration: RemotePart.Configuration, firstByteCount: Int,
            maximumByteCount: Int, inspector: ISOMediaInspector, clock: any TransferClock
        ) {
            follower = RedirectFollower(
                transport: transport, fileTransport: FileURLTransport(), configuration: configuration)
            self.firstByteCount = max(16, firstByteCount)
            self.maximumByteCount = max(self.firstByteCount, maximumByteCount)
            self.inspector = inspector
            self.clock = clock
        }

        /// Reads the header of the file at `url`, sending `headers` (such as `Authorization`) with
        /// each request; the header's ``ISOMediaHeader/inspectedByteCount`` is the bytes fetched.
        ///
        /// - Throws: ``RemotePart/MediaHeaderReader/Error``.
        public func inspect(
            _ url: URL, headers: HTTPHeaders = HTTPHeaders()
        ) async throws(RemotePart.MediaHeaderReader.Error) -> ISOMediaHeader {
            var session = Session(reader: self, url: url, headers: headers)
            let first = try await session.fetch(from: 0, count: Int64(firstByteCount))
            return try await inspect(first, &session)
        }

        /// Reads the header of the file whose first bytes are `first`, fetching the rest of it in
        /// `session`.
        func inspect(_ first: Piece, _ session: inout Session) async throws(RemotePart.MediaHeaderReader.Error)
            -> ISOMediaHeader
        {
            let total = first.total
            let layout = try first.layout(fileSize: total, inspector)
            let brands = try first.brands(layout.fileType, inspector)
            let movieBytes: Data
            let moovEnd: Int
            let isFastStart = !layout.mediaDataFirst
            if let movie = layout.movie {
                movieBytes = try await session.box(movie, startingIn: first)
                moovEnd = movie.end
            } else if let resume = layout.resumeOffset {
                let tail = try await session.fetch(
                    from: Int64(resume), count: min(total - Int64(resume), session.remaining))
                let tailLayout = try tail.layout(fileSize: total - Int64(resume), inspector)
                guard let movie = tailLayout.movie else {
                    throw .inspection(.malformed(first.format, reason: "there is no moov box"))
                }
                movieBytes = try await session.box(movie, startingIn: tail)
                moovEnd = resume + movie.end
            } else {
                throw .inspection(.malformed(first.format, reason: "there is no moov box"))
            }
            do {
                let (fields, metadata) = try Self.fields(movieBytes, first.format, inspector)
                let ends = fields.isFragmented ? await session.fragmentEnds(after: moovEnd, fields, first: first) : nil
                let header = try ISOMediaParser.header(
                    brands: brands, fields: fields, fragmentEnds: ends, isFastStart: isFastStart, first.format,
                    personalMetadata: metadata)
                return header.reading(session.fetchedByteCount)
            } catch {
                throw .inspection(error)
            }
        }

        /// The requests of one inspection, counted against the limits.
        struct Session {
            let reader: RemotePart.MediaHeaderReader
            let url: URL
            let headers: HTTPHeaders
            var requestCount = 0
            var fetchedByteCount = 0
            var validator: String?
            var format: ISOMediaHeader.Format?
            /// The most bytes the inspection fetches.
            let limit: Int

            init(reader: RemotePart.MediaHeaderReader, url: URL, headers: HTTPHeaders, limit: Int? = nil) {
                self.reader = reader
                self.url = url
                self.headers = headers
                self.limit = limit ?? reader.maximumByteCount
            }

            /// The bytes the limit still allows.
            var remaining: Int64 { Int64(limit - fetchedByteCount) }

            /// Fetches up to `count` bytes from `offset` (fewer at the end of the file, none past it).
            mutating func fetch(from offset: Int64, count: Int64) async throws(RemotePart.MediaHeaderReader.Error)
                -> Piece
            {
                let fetched = try await fetchBytes(from: offset, count: count)
                return try piece(fetched, at: offset)
            }

            /// The ISO media file's bytes `fetched` from `offset`.
            mutating func piece(_ fetched: RangedFetch, at offset: Int64) throws(RemotePart.MediaHeaderReader.Error)
                -> Piece
            {
                let piece = try Piece(bytes: fetched.bytes, offset: offset, total: fetched.total, known: format)
                format = piece.format
                return piece
            }

            /// Fetches up to `count` bytes from `offset` (fewer at the end of the file, none past
            /// it), whatever they are.
            mutating func fetchBytes(from offset: Int64, count: Int64) async throws(RemotePart.MediaHeaderReader.Error)
                -> RangedFetch
            {
                let allowed = Int64(limit - fetchedByteCount)
                guard requestCount < RemotePart.MediaHeaderReader.maximumRequestCount,
                    count <= allowed || requestCount == 0
                else {
                    throw .headerTooLarge(byteCount: Int64(fetchedByteCount) + count, limit: limit)
                }
                let length = min(count, allowed)
                guard length > 0 else { throw .inspection(.truncated(format ?? .mp4, offset: Int(clamping: offset))) }
                requestCount += 1
                let fetched = try await RangedFetch.fetch(
                    url, first: offset, last: offset + length - 1, validator: validator, headers: headers,
                    follower: reader.follower, clock: reader.clock)
                fetchedByteCount += fetched.bytes.count
                validator = fetched.validator
                return fetched
            }

            /// The bytes of `box` (offsets relative to `piece`), fetching the part past the piece.
            mutating func box(_ box: ISOBox, startingIn piece: Piece) async throws(RemotePart.MediaHeaderReader.Error)
                -> Data
            {
                let inPiece = piece.bytes[box.offset..<min(box.end, piece.bytes.count)]
                guard box.end > piece.bytes.count else { return Data(inPiece) }
                let rest = try await fetch(
                    from: piece.offset + Int64(piece.bytes.count), count: Int64(box.end - piece.bytes.count))
                return inPiece + rest.bytes
            }
        }
    }
}
