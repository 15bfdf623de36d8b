import Foundation

extension StoreLayout {
    /// On iOS, tvOS, watchOS and visionOS, creates the store's folders with the data protection
    /// class `completeUntilFirstUserAuthentication` and gives it to those that exist (and to the
    /// journal and lock files): files made in them inherit it, so that a download finishing
    /// while the device is locked, or a background launch after the first unlock, can use the
    /// store, whatever the app's default class. Under `complete`, the journal and lock
    /// descriptors would stop working about ten seconds after the device locks. Every
    /// ``FileContentStore`` does this on opening, one made by hand as much as
    /// ``DefaultContentStore``'s. Elsewhere there is no data protection, and opening creates
    /// the folders.
    func prepareProtectedFolders() {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let protection: [FileAttributeKey: Any] = [
            .protectionKey: FileProtectionType.completeUntilFirstUserAuthentication
        ]
        for folder in [root, entries, staging, partial] {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: protection.merging([.posixPermissions: 0o700]) { first, _ in first })
        }
        for path in [root, entries, staging, partial, journal, lock] {
            try? FileManager.default.setAttributes(protection, ofItemAtPath: path)
        }
        #endif
    }
}
