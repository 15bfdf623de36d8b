/// ``ImageOrientation`` is encoded as its raw value (the UIImageOrientation number), declared
/// apart from the orientation so that the parsers build where `Codable` does not exist
/// (Embedded Swift, `.ci/embedded32`).
extension ImageOrientation: Codable {}
