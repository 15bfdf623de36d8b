import Foundation

extension EncryptedPart: StoreStreamingPart {
    func downloadContent(
        into store: (any PartialDownloadStore)?, key: ContentKey, clock: any TransferClock,
        reportingTo observer: any ProgressObserver
    ) async throws -> PartContent {
        let progress = EncryptedPartProgress(partID: id, observer: observer)
        let cipherKey = ContentKey(partID: ciphertext.id)
        // The store the ciphertext goes to, so that it can be removed after decryption: the
        // caller's, or for a remote part downloaded on its own, its downloader's scratch store.
        var cipherStore = store
        if cipherStore == nil, let remote = ciphertext as? RemotePart {
            cipherStore = try? remote.downloader.scratchStore()
        }
        let (cipherContent, hashVerified) = try await downloadCiphertext(
            into: cipherStore, key: cipherKey, clock: clock, progress: progress)
        // A part that streams into no store keeps its ciphertext itself.
        let keptCiphertext = ciphertext is any StoreStreamingPart ? cipherStore : nil
        let removeCiphertext = { if let keptCiphertext { await keptCiphertext.removeContent(for: cipherKey) } }
        do {
            try Task.checkCancellation()
            // Inside a store's folder, whose opening removes what a crash left there.
            let stagingStore: any PartialDownloadStore
            if let owner = store ?? keptCiphertext {
                stagingStore = owner
            } else {
                stagingStore = try Self.fallbackStagingStore()
            }
            let staging = stagingStore.newStagingFileURL()
            try decrypt(cipherContent, toStaging: staging, hashVerified: hashVerified, progress: progress)
            await removeCiphertext()
            return try await keep(staging, in: store, for: key)
        } catch {
            await removeCiphertext()
            throw error
        }
    }

    /// Downloads the ciphertext, through its part's own store streaming when it has it; a
    /// ``RemotePart`` declares the ciphertext's SHA-256, which its download computes as the bytes
    /// arrive and refuses when it differs. Returns the ciphertext and whether it was so verified.
    private func downloadCiphertext(
        into store: (any PartialDownloadStore)?, key: ContentKey, clock: any TransferClock,
        progress: EncryptedPartProgress
    ) async throws -> (PartContent, hashVerified: Bool) {
        if let remote = ciphertext as? RemotePart {
            do {
                let content = try await remote.declaring(encryptedFile.ciphertextSHA256).downloadContent(
                    into: store, key: key, clock: clock, reportingTo: progress)
                return (content, true)
            } catch RemotePartError.digestMismatch(let expected, let actual) {
                throw EncryptedAttachmentError.hashMismatch(expected: expected, actual: actual)
            }
        }
        if let streaming = ciphertext as? any StoreStreamingPart {
            return (
                try await streaming.downloadContent(into: store, key: key, clock: clock, reportingTo: progress), false
            )
        }
        return (try await ciphertext.downloadContent(reportingTo: progress), false)
    }

    /// Makes the verified plaintext at `staging` the entry of `key` in `store`, or with no
    /// store, moves it out of the scratch store to a file of the caller's in the temporary
    /// directory.
    private func keep(_ staging: URL, in store: (any PartialDownloadStore)?, for key: ContentKey) async throws
        -> PartContent
    {
        guard let store else {
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("AttachmentKit-decrypted-\(UUID().uuidString)", isDirectory: false)
            do {
                try FileManager.default.moveItem(at: staging, to: file)
            } catch {
                try? FileManager.default.removeItem(at: staging)
                throw EncryptedAttachmentError.writeFailed(file, reason: "\(error)")
            }
            return .file(file)
        }
        do {
            return try await store.storeStagingFile(at: staging, for: key)
        } catch {
            throw EncryptedAttachmentError.storeFailed(error)
        }
    }

    /// Where the plaintext is staged when neither the caller nor the ciphertext has a store:
    /// the shared downloader's scratch store.
    private static func fallbackStagingStore() throws(EncryptedAttachmentError) -> FileContentStore {
        do {
            return try RemoteDownloader.shared.scratchStore()
        } catch {
            throw .storeFailed(error)
        }
    }

    /// Decrypts `content` into the new file `staging`, verifying it unless `hashVerified`.
    private func decrypt(
        _ content: PartContent, toStaging staging: URL, hashVerified: Bool, progress: EncryptedPartProgress
    ) throws(EncryptedAttachmentError) {
        switch content {
        case .file(let url):
            let byteCount = (try? content.byteCount()) ?? 0
            try EncryptedAttachment.decrypt(
                fileAt: url, toStaging: staging, using: encryptedFile, declaredType: mimeType,
                hashVerified: hashVerified, progress: { progress.decrypted($0, of: byteCount) })
        case .data(let data):
            // Inline ciphertext goes through a private file beside the staging one: one code
            // path checks everything.
            let cipherFile = staging.appendingPathExtension("ciphertext")
            let handle = try CipherFileStream.create(cipherFile)
            defer { try? FileManager.default.removeItem(at: cipherFile) }
            do {
                try handle.write(contentsOf: data)
                try handle.close()
            } catch {
                try? handle.close()
                throw EncryptedAttachmentError.writeFailed(cipherFile, reason: "\(error)")
            }
            let byteCount = Int64(data.count)
            try EncryptedAttachment.decrypt(
                fileAt: cipherFile, toStaging: staging, using: encryptedFile, declaredType: mimeType,
                hashVerified: hashVerified, progress: { progress.decrypted($0, of: byteCount) })
        }
    }
}

extension RemotePart {
    /// The same part declaring `digest` as its SHA-256: its download hashes the bytes as they
    /// arrive and refuses them when they differ.
    func declaring(_ digest: SHA256Digest) -> RemotePart {
        var part = RemotePart(
            id: id, url: url, mimeType: mimeType, byteCount: byteCount, imageSize: imageSize, validator: validator,
            sha256: digest.hex, hooks: hooks, downloader: downloader)
        part.representations = representations
        return part
    }
}
