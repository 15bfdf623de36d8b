#if os(macOS) || os(Linux)
import Foundation
import Testing

@testable import AttachmentKit

/// The checks every stripped photo passes against exiftool and ImageMagick.
enum StrippingChecks {
    /// Strips `input` with `policy` into the folder and checks, with the outside tools, that the
    /// removed tags are gone (exiftool finds none, and none of their values is in the bytes), the
    /// picture is decoded to the same pixels, the ICC profile, the thumbnail, the orientation and
    /// the copyright are unchanged, and `exiftool -validate` warns of nothing new.
    @discardableResult
    static func strip(
        _ input: URL, in folder: StorageTemporaryDirectory, policy: MetadataPolicy = .removePersonal,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (output: URL, removed: PersonalMetadata, before: [String: Any], after: [String: Any]) {
        let output = folder.appending("stripped-" + input.lastPathComponent)
        let original = try Data(contentsOf: input)
        let removed = try MetadataStripper(policy: policy).strip(fileAt: input, to: output)
        #expect(try Data(contentsOf: input) == original, "the input is untouched", sourceLocation: sourceLocation)
        let before = try PrivacyTools.tags(input)
        let after = try PrivacyTools.tags(output)
        #expect(
            try PrivacyTools.pixelSignature(output) == PrivacyTools.pixelSignature(input),
            sourceLocation: sourceLocation)
        for tag in ["ICC_Profile", "ThumbnailImage"] {
            #expect(
                try PrivacyTools.binary(tag, of: output) == PrivacyTools.binary(tag, of: input), "\(tag)",
                sourceLocation: sourceLocation)
        }
        for tag in ["IFD0:Orientation", "IFD0:Copyright", "IFD0:Make", "IFD0:Model"] {
            #expect("\(after[tag] ?? "none")" == "\(before[tag] ?? "none")", "\(tag)", sourceLocation: sourceLocation)
        }
        let newWarnings = try PrivacyTools.validationWarnings(output).subtracting(
            PrivacyTools.validationWarnings(input))
        #expect(newWarnings.isEmpty, "exiftool -validate: \(newWarnings)", sourceLocation: sourceLocation)
        if policy == .removePersonal {
            #expect(PrivacyTools.personalTags(after) == [], sourceLocation: sourceLocation)
            let bytes = try Data(contentsOf: output)
            for value in PrivacyFixtures.personalValues {
                #expect(bytes.range(of: Data(value.utf8)) == nil, "\(value) is left", sourceLocation: sourceLocation)
            }
        }
        return (output, removed, before, after)
    }
}
#endif
