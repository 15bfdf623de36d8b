/// A raster image format that ``ImageInspector`` recognises by its magic bytes.
///
/// Each format has one canonical ``mimeType`` and the file extensions it is usually saved with.
/// ``isDescribed(by:)`` tells whether a declared media type names the format, accepting common
/// aliases (`image/jpg`, `image/x-ms-bmp`) and `+preview` variants (`image/jpeg+preview`).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// JPEG (JFIF or Exif), baseline or progressive.
    case jpeg
    /// PNG, including animated PNG (APNG).
    case png
    /// GIF 87a or 89a, still or animated.
    case gif
    /// WebP: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`: alpha, animation, metadata).
    case webp
    /// HEIC: an ISO-BMFF HEIF file whose brands name HEVC coding (`heic`, `heix`, `hevc`…).
    case heic
    /// HEIF with a generic brand (`mif1`, `msf1`) and no HEVC or AV1 brand.
    case heif
    /// AVIF: an ISO-BMFF HEIF file whose brands name AV1 coding (`avif`, `avis`).
    case avif
    /// Windows bitmap (BMP).
    case bmp
    /// TIFF, in either byte order.
    case tiff

    /// The file extensions the format is usually saved with, lowercased, without the dot,
    /// the usual one first.
    public var fileExtensions: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
        case .png: ["png", "apng"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .heic: ["heic", "heics"]
        case .heif: ["heif", "heifs", "hif"]
        case .avif: ["avif", "avifs"]
        case .bmp: ["bmp", "dib"]
        case .tiff: ["tiff", "tif"]
        }
    }

    /// The format a file extension (with or without its dot, any case) usually means, or `nil`
    /// for an extension of no known image format.
    public init?(fileExtension: String) {
        guard let format = Self.allCases.first(where: { $0.isDescribed(byFileExtension: fileExtension) }) else {
            return nil
        }
        self = format
    }

    /// Whether `fileExtension` (with or without its dot, any case) is one this format is saved
    /// with.
    public func isDescribed(byFileExtension fileExtension: String) -> Bool {
        var name = fileExtension.lowercased()
        if name.hasPrefix(".") { name.removeFirst() }
        return fileExtensions.contains(name)
    }

    public var description: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .heic: "HEIC"
        case .heif: "HEIF"
        case .avif: "AVIF"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        }
    }
}
