extension ImageSizeMetadata {
    /// The code a sender writes in the `orientation` of an `application/json+imageSize` part:
    /// chat clients never agreed on one. This table is the one place that says which codes
    /// AttachmentKit reads and writes.
    ///
    /// | Code | `orientation` values | `width` and `height` |
    /// | --- | --- | --- |
    /// | ``uiImageOrientation`` (the default) | `UIImage.Orientation` raw values 0–7 (Atlas iOS) | stored pixels |
    /// | ``exif`` | the EXIF `Orientation` tag, 1–8 | stored pixels |
    /// | ``atlasAndroid`` | 0, 1, 2, 3 for 0°, 180°, 90°, 270° clockwise | displayed (swapped for 90° and 270°) |
    /// | ``atlasAndroidLegacy`` | 0, 1, 3, 2 for 0°, 180°, 90°, 270° clockwise | displayed (swapped for 90° and 270°) |
    ///
    /// **By default the reader accepts ``uiImageOrientation`` only**: integers 0–7 (a whole
    /// number written as a float, such as `3.0`, counts); a missing or `null` `orientation` is
    /// up; any other value (8, −1, 2.5, a string) is ``ImageSizeMetadata/Error/invalidOrientation(_:)``
    /// or ``ImageSizeMetadata/Error/notANumber(key:)``, reported in
    /// ``AttachmentResolver/Resolution/sizeMetadataError``. ``AttachmentComposer`` writes the same code unless
    /// told otherwise, so what AttachmentKit sends AttachmentKit reads.
    ///
    /// A receiver whose peers write another code names it in
    /// ``AttachmentResolver/Policy/sizePartOrientationCode`` (the resolver, the loaders and
    /// ``AttachmentResolver/events(for:displayedPixelSize:fetchingOriginal:priority:)`` then read every size part
    /// in it) or, for one part, in ``ImageSizeMetadata/init(json:orientationCode:)``; a sender
    /// writing for such peers names it in ``AttachmentComposer/orientationCode``. A message does not
    /// say which code it was written in: the app knows its peers. The Android codes have no
    /// mirrored orientations.
    public enum OrientationCode: String, Sendable, Hashable, CaseIterable, Codable {
        /// `UIImage.Orientation` raw values (0 up, 1 down, 2 left, 3 right, 4–7 mirrored), as Atlas
        /// iOS wrote them and ``ImageSizeMetadata/init(json:)`` reads them.
        case uiImageOrientation
        /// The EXIF `Orientation` tag's values, 1–8.
        case exif
        /// Atlas Android's `ORIENTATION_0`, `_180`, `_90`, `_270`: 0, 1, 2, 3, with the displayed
        /// width and height.
        case atlasAndroid
        /// The older Atlas Android cells' codes, which swap 90° and 270°: 0, 1, 3, 2.
        case atlasAndroidLegacy

        /// The value this code writes for `orientation`, or `nil` when it has none (a mirrored
        /// orientation in an Android code).
        public func value(for orientation: ImageOrientation) -> Int? {
            switch self {
            case .uiImageOrientation: orientation.rawValue
            case .exif: orientation.exifValue
            case .atlasAndroid, .atlasAndroidLegacy: androidTurns.firstIndex(of: orientation)
            }
        }

        /// The orientation `value` means in this code, or `nil` when it means none.
        public func orientation(for value: Int) -> ImageOrientation? {
            switch self {
            case .uiImageOrientation: ImageOrientation(rawValue: value)
            case .exif: ImageOrientation(exifValue: value)
            case .atlasAndroid, .atlasAndroidLegacy: androidTurns.indices.contains(value) ? androidTurns[value] : nil
            }
        }

        /// Whether `width` and `height` are the displayed size (turned) rather than the stored one.
        public var writesDisplayedSize: Bool {
            switch self {
            case .uiImageOrientation, .exif: false
            case .atlasAndroid, .atlasAndroidLegacy: true
            }
        }

        /// The orientations of the Android codes, by value. 90° clockwise to display is EXIF 6
        /// (``ImageOrientation/right``), 270° is EXIF 8 (``ImageOrientation/left``).
        private var androidTurns: [ImageOrientation] {
            self == .atlasAndroid ? [.up, .down, .right, .left] : [.up, .down, .left, .right]
        }
    }
}
