extension ISOMediaHeader {
    /// The family of an ISO base media file (ISO/IEC 14496-12) that ``ISOMediaInspector`` reads,
    /// told by the brands of its `ftyp` box.
    public enum Format: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
        /// MP4 (`isom`, `iso2`…`iso9`, `mp41`, `mp42`, `avc1`, `dash`, `M4V `…).
        case mp4
        /// QuickTime movie (`qt  `, or a file that starts with a `moov`, `mdat` or `wide` box and
        /// has no `ftyp`).
        case quickTime
        /// MPEG-4 audio (`M4A `, `M4B `, `M4P `).
        case m4a
        /// 3GPP or 3GPP2 (`3gp4`…`3gp9`, `3g2a`…).
        case threeGPP

        /// The format's media type: `video/mp4`, `video/quicktime`, `audio/mp4` or `video/3gpp`.
        public var mimeType: MIMEType {
            switch self {
            case .mp4: MIMEType(validatedType: "video", subtype: "mp4", parameters: [:])
            case .quickTime: MIMEType(validatedType: "video", subtype: "quicktime", parameters: [:])
            case .m4a: MIMEType(validatedType: "audio", subtype: "mp4", parameters: [:])
            case .threeGPP: MIMEType(validatedType: "video", subtype: "3gpp", parameters: [:])
            }
        }

        public var description: String {
            switch self {
            case .mp4: "MP4"
            case .quickTime: "QuickTime"
            case .m4a: "M4A"
            case .threeGPP: "3GP"
            }
        }

        /// The format named by a major brand, or by the first compatible brand that names one;
        /// `nil` for brands of no media format (a HEIF image, for example).
        init?(majorBrand: String, compatibleBrands: [String]) {
            guard let format = Self.format(of: majorBrand) ?? compatibleBrands.lazy.compactMap(Self.format(of:)).first
            else { return nil }
            self = format
        }

        private static func format(of brand: String) -> ISOMediaHeader.Format? {
            switch brand {
            case "qt  ": return .quickTime
            case "M4A ", "M4B ", "M4P ": return .m4a
            case "isom", "mp41", "mp42", "mp71", "avc1", "dash", "M4V ", "M4VH", "M4VP", "mmp4", "f4v ", "XAVC", "MSNV",
                "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "cmfc", "cmf2":
                return .mp4
            default:
                return brand.hasPrefix("3gp") || brand.hasPrefix("3g2") || brand.hasPrefix("3ge") ? .threeGPP : nil
            }
        }
    }
}
