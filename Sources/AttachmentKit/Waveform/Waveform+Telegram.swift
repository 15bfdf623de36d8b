import Foundation

extension Waveform {
    /// The levels as Telegram sends them in `documentAttributeAudio.waveform`: 5-bit values
    /// 0…31, packed least significant bit first (value `i` at bit `5·i`, a value that crosses a
    /// byte boundary continuing in the next byte's low bits), in ⌈5·count/8⌉ bytes.
    public var telegramBytes: Data {
        let values = integerLevels(maximum: 31)
        var bytes = [UInt8](repeating: 0, count: (values.count * 5 + 7) / 8)
        for (index, value) in values.enumerated() {
            let bit = index * 5
            let shifted = UInt16(value & 0x1F) << (bit % 8)
            bytes[bit / 8] |= UInt8(shifted & 0xFF)
            if bit / 8 + 1 < bytes.count { bytes[bit / 8 + 1] |= UInt8(shifted >> 8) }
        }
        return Data(bytes)
    }

    /// The waveform Telegram's packed bytes describe: ⌊8·count/5⌋ values of 5 bits, 0…31. Any
    /// bytes decode; bits left over after the last whole value are ignored.
    public init(telegramBytes data: Data) {
        let bytes = [UInt8](data)
        let count = bytes.count * 8 / 5
        let values = (0..<count).map { index -> Double in
            let bit = index * 5
            let low = UInt16(bytes[bit / 8])
            let high = bit / 8 + 1 < bytes.count ? UInt16(bytes[bit / 8 + 1]) : 0
            return Double((high << 8 | low) >> (bit % 8) & 0x1F) / 31
        }
        self.init(levels: values)
    }
}
