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
        let cipherContent: PartContent
        if let streaming = ciphertext as? any StoreStreamingPart {
            cipherContent = try await streaming.downloadContent(
                into: cipherStore, key: cipherKey, clock: clock, reportingTo: observer)
        } else {
            cipherStore = nil
            cipherContent = try await ciphertext.downloadContent(reportingTo: observer)
        }
        try Task.checkCancellation()
        let staging =
            stagingDirectory
            .appendingPathComponent("AttachmentKit-decrypting-\(UUID().uuidString)", isDirectory: false)
        do {
            try await decrypt(cipherContent, toStaging: staging)
        } catch {
            if let cipherStore { await cipherStore.removeContent(for: cipherKey) }
            throw error
        }
        if let cipherStore { await cipherStore.removeContent(for: cipherKey) }
        guard let store else { return .file(staging) }
        do {
            return try await store.storeFile(at: staging, for: key)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw EncryptedAttachmentError.storeFailed(error)
        }
    }

    /// Verifies and decrypts `content` into the new file `staging`.
    private func decrypt(_ content: PartContent, toStaging staging: URL) async throws {
        switch content {
        case .file(let url):
            try EncryptedAttachment.decrypt(
                fileAt: url, toStaging: staging, using: encryptedFile, declaredType: mimeType)
        case .data(let data):
            // Inline ciphertext goes through a private file: one code path checks everything.
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
            try EncryptedAttachment.decrypt(
                fileAt: cipherFile, toStaging: staging, using: encryptedFile, declaredType: mimeType)
        }
    }
}
