import Foundation

extension PartContent {
    /// How ``bytes()`` reads a file: mapped where that is safe, copied where the file may become
    /// unreadable while the data is still in use.
    static func readingOptions(for url: URL) -> Data.ReadingOptions {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // Files of these classes can't be read while the device is locked: a mapped page read
        // then raises SIGBUS. A file of the default class (`completeUntilFirstUserAuthentication`)
        // stays readable from the first unlock on, so mapping it is safe.
        let protection = try? url.resourceValues(forKeys: [.fileProtectionKey]).fileProtection
        if protection == .complete || protection == .completeUnlessOpen { return [] }
        #endif
        return .mappedIfSafe
    }
}
