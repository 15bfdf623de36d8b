import Foundation

extension Waveform {
    /// The largest level of Element's `org.matrix.msc1767.audio` `waveform` (MSC3245 v1).
    public static let matrixMaximum = 1024
    /// The largest level of MSC3246's `org.matrix.msc3246.waveform`.
    package static let msc3246Maximum = 256
    /// The most bars Discord accepts in a voice message's `waveform`.
    public static let discordMaximumCount = 256

    /// The levels as Element sends them in `org.matrix.msc1767.audio` `waveform`: integers
    /// 0…1024 (``matrixMaximum``), rounded to the nearest.
    public var matrixLevels: [Int] { integerLevels(maximum: Self.matrixMaximum) }

    /// The waveform Matrix `levels` describe: integers 0…`maximum` (1024 as Element sends them,
    /// 256 for MSC3246's `org.matrix.msc3246.waveform`).
    ///
    /// - Throws: ``Error/levelOutOfRange(index:value:maximum:)`` for a level below 0 or
    ///   above `maximum`.
    public init(matrixLevels levels: [Int], maximum: Int = Waveform.matrixMaximum) throws(Error) {
        guard maximum > 0 else { throw .levelOutOfRange(index: 0, value: Double(maximum), maximum: 1) }
        if let index = levels.firstIndex(where: { $0 < 0 || $0 > maximum }) {
            throw .levelOutOfRange(index: index, value: Double(levels[index]), maximum: Double(maximum))
        }
        self.init(levels: levels.map { Double($0) / Double(maximum) })
    }

    /// The levels as Stream sends them in a voice recording's `waveform_data`: numbers 0…1.
    public var streamLevels: [Double] { levels }

    /// The waveform Stream levels describe: numbers 0…1.
    ///
    /// - Throws: ``Error/levelOutOfRange(index:value:maximum:)`` for a level that is not
    ///   finite or outside 0…1.
    public init(streamLevels levels: [Double]) throws(Error) {
        if let index = levels.firstIndex(where: { !($0 >= 0 && $0 <= 1) }) {
            throw .levelOutOfRange(index: index, value: levels[index], maximum: 1)
        }
        self.init(levels: levels)
    }

    /// The levels as Discord sends them in a voice message's `waveform`: base64 of one byte
    /// 0…255 a bar. A waveform of more than 256 bars (``discordMaximumCount``) is first
    /// resampled to 256 (``resampled(toAtMost:)``), since Discord accepts no more.
    public func discordBase64() -> String {
        Data(resampled(toAtMost: Self.discordMaximumCount).integerLevels(maximum: 255).map(UInt8.init))
            .base64EncodedString()
    }

    /// The waveform a Discord `waveform` describes: base64 of one byte 0…255 a bar.
    ///
    /// - Throws: ``Error/invalidBase64`` when the text is not base64;
    ///   ``Error/tooManyLevels(count:maximum:)`` for more than 256 bars.
    public init(discordBase64 text: String) throws(Error) {
        guard let bytes = Data(base64Encoded: text) else { throw .invalidBase64 }
        guard bytes.count <= Self.discordMaximumCount else {
            throw .tooManyLevels(count: bytes.count, maximum: Self.discordMaximumCount)
        }
        self.init(levels: bytes.map { Double($0) / 255 })
    }

    /// Why a waveform another client sent could not be decoded.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The level at `index` is `value`, outside 0…`maximum` (or not a number).
        case levelOutOfRange(index: Int, value: Double, maximum: Double)
        /// The text is not base64.
        case invalidBase64
        /// There are `count` levels, more than the format's `maximum`.
        case tooManyLevels(count: Int, maximum: Int)

        public var description: String {
            switch self {
            case .levelOutOfRange(let index, let value, let maximum):
                "waveform level \(index) is \(value), outside 0…\(maximum)"
            case .invalidBase64: "the waveform is not base64"
            case .tooManyLevels(let count, let maximum): "the waveform has \(count) levels, more than \(maximum)"
            }
        }
    }
}
