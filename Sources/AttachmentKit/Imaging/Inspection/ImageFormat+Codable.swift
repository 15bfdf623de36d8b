/// ``ImageFormat`` is encoded as its raw value (`"jpeg"`), declared apart from the format so that
/// the parsers build where `Codable` does not exist (Embedded Swift, `.ci/embedded32`).
extension ImageFormat: Codable {}
