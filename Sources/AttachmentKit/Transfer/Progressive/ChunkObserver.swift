import Foundation

/// A ``ProgressObserver`` that also sees each chunk of a download as it is written: the hook
/// through which a transfer finds a progressive JPEG's displayable prefixes without reading
/// its file again. Internal: a download that streams through AttachmentKit (``RemotePart``)
/// calls it; a chat SDK's own download does not.
protocol ChunkObserver: ProgressObserver {
    /// Whether the download's chunks are wanted at all; when `false` the download never calls
    /// ``transfer(of:didReceive:at:totalBytes:)``, so it costs nothing.
    var observesChunks: Bool { get }

    /// `chunk`, which starts at byte `offset` of the resource, has been written; the resource
    /// has `totalBytes` in all, when known. Called on the transport's thread, in order.
    func transfer(of partID: PartID, didReceive chunk: Data, at offset: Int64, totalBytes: Int64?)

    /// The most bytes the download may have, when nobody asked for it (the sole-image rule's limit
    /// for an original of unknown size); `nil` for no such limit. Read at each chunk: a caller
    /// who asks for the part lifts it while the download runs.
    var automaticByteLimit: Int64? { get }
}

extension ChunkObserver {
    var automaticByteLimit: Int64? { nil }
}

extension MIMEType {
    /// Whether the type is `image/jpeg` or its preview variant: a download worth scanning for
    /// displayable prefixes.
    var isJPEG: Bool { essence == "image/jpeg" || essence == "image/jpeg+preview" }
}
