/// The help of `attachmentkit waveform`.
enum WaveformHelp {
    static let command = CommandHelp(
        name: "waveform", synopsis: ["FILE.wav", "[--buckets N]", "[--format matrix|telegram|discord|stream]"],
        description: """
            Prints the waveform of a 16-bit PCM WAV file: N bars (100 by default),
            the channels mixed to mono, each bar the root mean square of its
            slice, the loudest at the format's maximum. matrix: a JSON array of
            integers 0-1024 (Element's org.matrix.msc1767.audio); stream: a JSON
            array of numbers 0-1; telegram: base64 of the 5-bit packed bytes;
            discord: base64 of bytes 0-255 (at most 256 bars, resampled).
            """)
}
