extension AttachmentResolver {
    /// Which parts of a message serve as an image's preview, original and size: data, not
    /// code, so an app can give its own.
    ///
    /// A policy is an ordered list of ``Chain``s. The resolver takes the first chain whose
    /// original list matches a part of the message (or, when none does, the first whose
    /// preview list does), then walks that chain's lists in order: the first type with a
    /// matching part wins, and among parts of the same type the first in the message wins.
    ///
    /// A message that no chain matches is a file message (``AttachmentResolver/Kind/file``) when it has a
    /// part of a type that is neither a size type nor one of ``nonFileTypes``: the first such part,
    /// in message order, is its original.
    ///
    /// ``default`` holds the usual image, video and voice message conventions.
    public struct Policy: Sendable, Equatable {
        /// The fallback order for one kind of image or video message.
        public struct Chain: Sendable, Equatable {
            /// Types to try for the preview, best first. May include original types, so
            /// that a message without a preview shows its original. For a video, the poster's.
            public var preview: [MIMEType]
            /// Types to try for the original image (or the video), best first.
            public var original: [MIMEType]
            /// What the original is: ``AttachmentResolver/Kind/image`` unless given, or
            /// ``AttachmentResolver/Kind/video``, whose content is checked with ``FileType/verify(_:declaredType:)``
            /// rather than as an image, whose size may come from its header, and which the
            /// sole-image rule of ``AttachmentResolver/AutoDownloadPolicy`` never fetches.
            public var kind: AttachmentResolver.Kind

            /// Creates a chain whose original is of `kind`: an image unless given.
            public init(preview: [MIMEType], original: [MIMEType], kind: AttachmentResolver.Kind = .image) {
                self.preview = preview
                self.original = original
                self.kind = kind
            }

            /// A video message: the poster `image/jpeg+preview`, the video `video/mp4` or
            /// `video/quicktime`.
            public static let video = Chain(
                preview: [.imageJPEGPreview], original: [.videoMP4, .videoQuickTime], kind: .video)

            /// A voice message or other audio: no preview, the audio `audio/ogg`, `audio/mpeg`,
            /// `audio/mp4`, `audio/x-m4a`, `audio/aac` or `audio/opus`, of ``AttachmentResolver/Kind/audio``.
            public static let voice = Chain(
                preview: [],
                original: [.audioOgg, .audioMPEG, .audioMP4]
                    + ["x-m4a", "aac", "opus"].map { MIMEType(validatedType: "audio", subtype: $0, parameters: [:]) },
                kind: .audio)

            /// A chain for one original type whose preview is its `+preview` variant:
            /// preview `[type+preview, type]`, original `[type]`.
            public static func single(_ type: MIMEType) -> Chain {
                Chain(preview: [type.previewVariant, type], original: [type])
            }
        }

        /// The chains, tried in order.
        public var chains: [Chain]
        /// Types of a part that carries an ``ImageSizeMetadata`` JSON object, best first.
        public var sizeMetadataTypes: [MIMEType]
        /// The code the senders write the size part's `orientation` in (see
        /// ``ImageSizeMetadata/OrientationCode``, which lists the codes and what each reads):
        /// ``ImageSizeMetadata/OrientationCode/uiImageOrientation`` by default, as iOS clients and
        /// ``AttachmentComposer`` write it. An app whose peers are other clients names theirs, for
        /// example ``ImageSizeMetadata/OrientationCode/atlasAndroid``.
        public var sizePartOrientationCode: ImageSizeMetadata.OrientationCode

        /// Types of parts that are the message itself, never a file attachment: its text, a
        /// location, a date (`text/plain`, `location/coordinate` and `text/date` unless given).
        public var nonFileTypes: [MIMEType]

        /// The non-file types unless given others: a chat's text, location and date parts.
        @usableFromInline package static let defaultNonFileTypes: [MIMEType] = [
            .textPlain, .locationCoordinate, .textDate,
        ]

        /// Creates a policy: size parts of `application/json+imageSize`, and text, location and
        /// date parts that are the message itself, unless given others.
        public init(
            chains: [Chain], sizeMetadataTypes: [MIMEType] = [.imageSize],
            nonFileTypes: [MIMEType] = AttachmentResolver.Policy.defaultNonFileTypes,
            sizePartOrientationCode: ImageSizeMetadata.OrientationCode = .uiImageOrientation
        ) {
            self.chains = chains
            self.sizeMetadataTypes = sizeMetadataTypes
            self.nonFileTypes = nonFileTypes
            self.sizePartOrientationCode = sizePartOrientationCode
        }

        /// The policy the resolver uses when given none: preview `image/jpeg+preview` →
        /// `image/jpeg` → `image/png` with the original `image/jpeg` → `image/png`; GIF messages
        /// `image/gif+preview` → `image/gif`; HEIC messages `image/heic+preview` →
        /// `image/jpeg+preview` → `image/heic`; video messages (``Chain/video``) the poster
        /// `image/jpeg+preview` with the video `video/mp4` → `video/quicktime`; voice messages
        /// (``Chain/voice``) `audio/ogg`, `audio/mpeg`, `audio/mp4` and the like; size from
        /// `application/json+imageSize`; any other part but text, a location or a date makes a file
        /// message.
        public static let `default` = AttachmentResolver.Policy(chains: [
            Chain(preview: [.imageJPEGPreview, .imageJPEG, .imagePNG], original: [.imageJPEG, .imagePNG]),
            .single(.imageGIF),
            Chain(preview: [.imageHEIC.previewVariant, .imageJPEGPreview, .imageHEIC], original: [.imageHEIC]),
            .video,
            .voice,
        ])

        /// Every type this policy treats as an image, preview or original (a video chain's
        /// posters, not its videos).
        package var imageTypes: Set<MIMEType> {
            Set(chains.flatMap { $0.preview + ($0.kind == .image ? $0.original : []) })
        }
    }
}
