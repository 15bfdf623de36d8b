import Foundation

/// What takes a download's bytes as they arrive, beside the store's writer, in the order of the
/// file: the per-chunk hooks of ``RemoteDownload``. ``ArrivalDigest`` hashes them; the
/// ``ArrivalDecryptor`` of an ``EncryptedPart`` decrypts them into its staging file.
protocol ArrivalConsumer: Sendable {
    /// Makes the consumer cover exactly the first `offset` bytes of the partial file at `path`
    /// before the bytes that follow (a resume, a restart from zero). Called from the download's
    /// task before the first chunk of each response it writes.
    func catchUp(to offset: Int64, fileAt path: String) throws(RemotePartError)

    /// Takes the next bytes, which follow those taken so far. Called on the transport's thread:
    /// it must not wait.
    func update(_ chunk: Data)
}

/// A ``ProgressObserver`` that also consumes its download's bytes as they arrive: through it an
/// ``EncryptedPart`` hands its decryptor to its ciphertext's download.
protocol ArrivalObserver: ProgressObserver {
    /// What takes the bytes, beside the download's own digest.
    var arrivalConsumer: (any ArrivalConsumer)? { get }
}
