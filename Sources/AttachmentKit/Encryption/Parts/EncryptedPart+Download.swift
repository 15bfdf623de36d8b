import Foundation

extension EncryptedPart: StoreStreamingPart {
    func downloadContent(
        into store: (any PartialDownloadStore)?, key: ContentKey, clock: any TransferClock,
        reportingTo observer: any ProgressObserver
    ) async throws -> PartContent {
        let cipherKey = ContentKey(partID: ciphertext.id)
        // The store the ciphertext goes to, so that it can be removed after decryption: the
        // caller's, or for a remote part downloaded on its own, its downloader's scratch store.
        var cipherStore = store
        if cipherStore == nil, let remote = ciphertext as? RemotePart {
            cipherStore = try? remote.downloader.scratchStore()
        }
        // A part that streams into no store keeps its ciphertext itself.
        let keptCiphertext = ciphertext is any StoreStreamingPart ? cipherStore : nil
        let removeCiphertext = { if let keptCiphertext { await keptCiphertext.removeContent(for: cipherKey) } }
        // Inside a store's folder, whose opening removes what a crash left there.
        let stagingStore: any PartialDownloadStore
        if let owner = store ?? keptCiphertext {
            stagingStore = owner
        } else {
            stagingStore = try Self.fallbackStagingStore()
        }
        let staging = stagingStore.newStagingFileURL()
        if let remote = ciphertext as? RemotePart {
            try await downloadDecrypting(
                remote, into: cipherStore, key: cipherKey, staging: staging, clock: clock, observer: observer)
        } else {
            let progress = EncryptedPartProgress(partID: id, observer: observer)
            let cipherContent = try await downloadCiphertext(
                into: cipherStore, key: cipherKey, clock: clock, progress: progress)
            do {
                try Task.checkCancellation()
                try decrypt(cipherContent, toStaging: staging, progress: progress)
            } catch {
                await removeCiphertext()
                throw error
            }
        }
        await removeCiphertext()
        return try await keep(staging, in: store, for: key)
    }

    /// Downloads a ``RemotePart``'s ciphertext, declaring its SHA-256 (its download computes it
    /// as the bytes arrive and refuses them when it differs), and decrypts it into `staging` as
    /// it arrives; on return `staging` holds the checked plaintext, on a throw it is removed (a
    /// failed download keeps its partial ciphertext in the store for a resume).
    private func downloadDecrypting(
        _ remote: RemotePart, into store: (any PartialDownloadStore)?, key: ContentKey, staging: URL,
        clock: any TransferClock, observer: any ProgressObserver
    ) async throws {
        let decryptor = try ArrivalDecryptor(file: encryptedFile, staging: staging)
        let progress = EncryptedPartProgress(partID: id, observer: observer, decryptor: decryptor)
        let content: PartContent
        do {
            content = try await remote.declaring(encryptedFile.ciphertextSHA256).downloadContent(
                into: store, key: key, clock: clock, reportingTo: progress)
        } catch RemotePartError.digestMismatch(let expected, let actual) {
            await decryptor.discard()
            throw EncryptedAttachment.Error.hashMismatch(expected: expected, actual: actual)
        } catch {
            await decryptor.discard()
            throw error
        }
        // The ciphertext is complete and its hash matched: it goes whatever happens next.
        do {
            try await decryptor.finish(byteCount: try content.byteCount(), from: content)
            try Task.checkCancellation()
            try EncryptedAttachment.checkContent(ofStaging: staging, declaredType: mimeType)
        } catch {
            await decryptor.discard()
            if let store { await store.removeContent(for: key) }
            throw error
        }
    }

    /// Downloads the ciphertext of a part that is not a ``RemotePart``, through its own store
    /// streaming when it has it; it is hashed as it is decrypted.
    private func downloadCiphertext(
        into store: (any PartialDownloadStore)?, key: ContentKey, clock: any TransferClock,
        progress: EncryptedPartProgress
    ) async throws -> PartContent {
        if let streaming = ciphertext as? any StoreStreamingPart {
            return try await streaming.downloadContent(into: store, key: key, clock: clock, reportingTo: progress)
        }
        return try await ciphertext.downloadContent(reportingTo: progress)
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
                throw EncryptedAttachment.Error.writeFailed(file, reason: "\(error)")
            }
            return .file(file)
        }
        do {
            return try await store.storeStagingFile(at: staging, for: key)
        } catch {
            throw EncryptedAttachment.Error.storeFailed(error)
        }
    }

    /// Where the plaintext is staged when neither the caller nor the ciphertext has a store:
    /// the shared downloader's scratch store.
    private static func fallbackStagingStore() throws(EncryptedAttachment.Error) -> FileContentStore {
        do {
            return try RemotePart.Downloader.shared.scratchStore()
        } catch {
            throw .storeFailed(error)
        }
    }

    /// Decrypts `content` into the new file `staging`, verifying it in the same pass.
    private func decrypt(
        _ content: PartContent, toStaging staging: URL, progress: EncryptedPartProgress
    ) throws(EncryptedAttachment.Error) {
        switch content {
        case .file(let url):
            let byteCount = (try? content.byteCount()) ?? 0
            try EncryptedAttachment.decrypt(
                fileAt: url, toStaging: staging, using: encryptedFile, declaredType: mimeType,
                progress: { progress.decrypted($0, of: byteCount) })
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
                throw EncryptedAttachment.Error.writeFailed(cipherFile, reason: "\(error)")
            }
            let byteCount = Int64(data.count)
            try EncryptedAttachment.decrypt(
                fileAt: cipherFile, toStaging: staging, using: encryptedFile, declaredType: mimeType,
                progress: { progress.decrypted($0, of: byteCount) })
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
        part.renditions = renditions
        return part
    }
}
