extension MIMEType {
    /// `application/x-thumbhash`: a part whose content is an image's ThumbHash in base64, as
    /// UTF-8 text (the form of a size part's `"thumbhash"`; padding optional, surrounding white
    /// space ignored). The resolver decodes it into ``PlaceholderSize/image`` when the size part
    /// carries no hash of its own. See <doc:ShowingPlaceholders>.
    public static let thumbHash = MIMEType(validatedType: "application", subtype: "x-thumbhash", parameters: [:])
    /// `application/x-blurhash`: a part whose content is an image's BlurHash, the base-83 string
    /// as UTF-8 text (surrounding white space ignored). The resolver decodes it into
    /// ``PlaceholderSize/image`` when the size part and a ThumbHash part carry none. See
    /// <doc:ShowingPlaceholders>.
    public static let blurHash = MIMEType(validatedType: "application", subtype: "x-blurhash", parameters: [:])
}
