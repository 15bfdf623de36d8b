import Foundation
import Testing

@testable import AttachmentKitCommands

/// The CLI's progress text, as a function of the bytes, the total and the time elapsed.
@Suite(.inTurn)
struct ProgressLineTests {
    static let mebibyte: Int64 = 1 << 20

    @Test("the terminal bar shows the bar, percentage, bytes, rate and time left")
    func bar() {
        let line = ProgressLine.bar(label: "photo", bytes: 5 * Self.mebibyte, total: 10 * Self.mebibyte, elapsed: 5)
        let bar = "[" + String(repeating: "#", count: 15) + String(repeating: ".", count: 15) + "]"
        #expect(line == "photo \(bar)  50 % 5.0 MiB / 10.0 MiB  1.0 MiB/s  ETA 0:05   ")
    }

    @Test("a resumed download's rate and time left count only this run's bytes")
    func resumed() {
        let line = ProgressLine.bar(
            label: "photo", bytes: 5 * Self.mebibyte, total: 125 * Self.mebibyte, elapsed: 1,
            startBytes: 4 * Self.mebibyte)
        #expect(line.hasSuffix("5.0 MiB / 125.0 MiB  1.0 MiB/s  ETA 2:00   "))
        #expect(line.contains("   4 % "))
    }

    @Test("with no total there is no bar, percentage or time left; zero elapsed time is safe")
    func unknownTotal() {
        #expect(ProgressLine.bar(label: "a", bytes: 2048, total: nil, elapsed: 2) == "a 2.0 KiB  1.0 KiB/s   ")
        #expect(ProgressLine.bar(label: "a", bytes: 0, total: 0, elapsed: 0) == "a 0 B / 0 B  0 B/s   ")
        let full = ProgressLine.bar(label: "a", bytes: 10, total: 10, elapsed: 0)
        #expect(full.hasPrefix("a [" + String(repeating: "#", count: 30) + "] 100 % 10 B / 10 B"))
    }

    @Test("off a terminal: one line per 10 %, each once, whatever the chunk sizes")
    func tenths() {
        var last = -1
        var lines: [String] = []
        for bytes in stride(from: Int64(0), through: 1000, by: 37) + [1000, 1000] {
            if let (tenth, line) = ProgressLine.tenth(label: "f", bytes: bytes, total: 1000, after: last) {
                last = tenth
                lines.append(line)
            }
        }
        #expect(lines.count == 11)
        #expect(lines.first == "f: 0 % (0 B of 1000 B)\n")
        #expect(lines[5] == "f: 50 % (518 B of 1000 B)\n")
        #expect(lines.last == "f: 100 % (1000 B of 1000 B)\n")
        #expect(ProgressLine.tenth(label: "f", bytes: 10, total: nil, after: -1) == nil)
    }

    @Test("byte counts are in B, KiB, MiB and GiB")
    func byteCounts() {
        #expect(ProgressLine.bytes(1023) == "1023 B")
        #expect(ProgressLine.bytes(1536) == "1.5 KiB")
        #expect(ProgressLine.bytes(3 << 30) == "3.0 GiB")
        #expect(ProgressLine.bytes(5 << 40) == "5120.0 GiB")
    }
}
