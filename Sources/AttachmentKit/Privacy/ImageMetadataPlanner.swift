/// Runs the metadata planner of an image's format: for the stripper, and with nothing to remove
/// for the inspector's report. Free of Foundation (`.ci/embedded32` runs it with a 32-bit `Int`).
enum ImageMetadataPlanner {
    static func plan(_ reader: inout ByteReader, _ plan: inout MetadataPlan) throws(ImageInspector.Error) {
        switch reader.format {
        case .jpeg: try JPEGMetadataPlanner.plan(&reader, &plan)
        case .png: try PNGMetadataPlanner.plan(&reader, &plan)
        case .webp: try WebPMetadataPlanner.plan(&reader, &plan)
        case .heic, .heif, .avif: try HEIFMetadataPlanner.plan(&reader, &plan)
        case .tiff: try TIFFMetadataEditor.plan(at: 0, length: reader.count, &reader, &plan)
        case .gif: try GIFMetadataPlanner.plan(&reader, &plan)
        case .bmp: break
        }
    }
}
