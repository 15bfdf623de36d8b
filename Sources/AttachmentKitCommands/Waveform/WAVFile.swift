import Foundation

/// The 16-bit PCM samples of a WAV file (RIFF `WAVE`, format 1 or `WAVE_FORMAT_EXTENSIBLE` with
/// 16 bits a sample), interleaved, with the channel count: what `attachmentkit waveform` reads.
struct WAVFile {
    let samples: [Int16]
    let channelCount: Int

    /// Why a file is not a WAV file the command reads.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads the chunks of `data` up to its `data` chunk, each bounded by what remains.
    init(_ data: Data) throws(Failure) {
        let bytes = [UInt8](data)
        func uint(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8)
        else { throw Failure(description: "not a WAV file (no RIFF WAVE header)") }
        var offset = 12
        var channels: Int?
        while offset + 8 <= bytes.count {
            let size = uint(offset + 4, 4)
            let body = offset + 8
            guard size <= bytes.count - body else {
                throw Failure(description: "the chunk at byte \(offset) runs past the end of the file")
            }
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            if id == "fmt ", size >= 16 {
                let format = uint(body, 2)
                let bits = uint(body + 14, 2)
                guard format == 1 || format == 0xFFFE, bits == 16 else {
                    throw Failure(description: "only 16-bit PCM is read (format \(format), \(bits) bits)")
                }
                channels = uint(body + 2, 2)
            } else if id == "data" {
                guard let channels, channels > 0 else { throw Failure(description: "no fmt chunk before the data") }
                samples = stride(from: body, to: body + size - 1, by: 2).map {
                    Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
                }
                channelCount = channels
                return
            }
            offset = body + size + size % 2
        }
        throw Failure(description: "no data chunk")
    }
}
