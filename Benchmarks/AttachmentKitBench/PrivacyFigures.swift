import AttachmentKit
import Foundation

/// Figures for stripping personal metadata: a 20 MB camera JPEG stripped against copying it (the
/// same file read and written in the same 1 MiB pieces, to a temporary file renamed into place,
/// as the stripper writes), and the peak memory of stripping a 1 GiB JPEG in a fresh process.
let privacyFigures: [Figure] = [
    Figure(name: "privacy-strip-jpeg-time") {
        let folder = try PrivacyBench.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try PrivacyBench.cameraJPEG(in: folder, scanByteCount: 20_000_000)
        let output = folder.appendingPathComponent("out.jpg")
        let stripper = MetadataStripper()
        let times = try Measure.alternatingMicroseconds(
            samples: 11, iterations: 3,
            measured: { blackHole(try stripper.strip(fileAt: input, to: output)) },
            baseline: { try PrivacyBench.copy(input, to: output) })
        return FigureResult(
            value: times.measured / 1000, unit: "ms", baseline: times.baseline / 1000, target: .ratioAtMost(1.5))
    },
    Figure(name: "privacy-strip-1gib-peak-rss") {
        let folder = try PrivacyBench.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try PrivacyBench.cameraJPEG(in: folder, scanByteCount: 1 << 30)
        let output = folder.appendingPathComponent("out.jpg")
        let stripped = try PrivacyBench.childPeak(mode: "strip", input, output)
        let copied = try PrivacyBench.childPeak(mode: "copy", input, output)
        return FigureResult(value: stripped, unit: "MiB", baseline: copied, target: .valueAtMost(64))
    },
]

/// The privacy figures' files, plain copy and child process.
enum PrivacyBench {
    /// The argument that makes the benchmark strip (or copy) one file and print its peak memory.
    static let childArgument = "--privacy-peak-rss-child"

    /// A new temporary folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("privacy-bench-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A camera-like JPEG: an Exif block with GPS, serial numbers and a 60 KB thumbnail, an XMP
    /// packet with GPS, an ICC-sized profile, the tables, and `scanByteCount` bytes of scan data,
    /// written in 1 MiB pieces.
    static func cameraJPEG(in folder: URL, scanByteCount: Int) throws -> URL {
        let url = folder.appendingPathComponent("camera.jpg")
        var header = ImagingBenchmarkFile.header(width: 5472, height: 3648, thumbnailByteCount: 60_000)
        // After SOI and the 18-byte JFIF segment.
        let afterJFIF = 20
        var metadata = Data([0xFF, 0xE1])
        let xmp =
            Data("http://ns.adobe.com/xap/1.0/\0".utf8)
            + Data(
                "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF><rdf:Description exif:GPSLatitude='48,51.0N' exif:GPSLongitude='2,21.0E'/></rdf:RDF></x:xmpmeta>"
                    .utf8)
        metadata += Data([UInt8((xmp.count + 2) >> 8), UInt8((xmp.count + 2) & 0xFF)]) + xmp
        metadata += gpsExif()
        header.insert(contentsOf: metadata, at: afterJFIF)
        guard FileManager.default.createFile(atPath: url.path, contents: header) else { throw POSIXError(.EIO) }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        var generator = SplitMix64(seed: 35)
        var piece = [UInt8](repeating: 0, count: 1 << 20)
        var remaining = scanByteCount
        while remaining > 0 {
            for index in piece.indices { piece[index] = UInt8(truncatingIfNeeded: generator.next() % 255) }
            let count = min(remaining, piece.count)
            try handle.write(contentsOf: piece[..<count])
            remaining -= count
        }
        try handle.write(contentsOf: [0xFF, 0xD9])
        return url
    }

    /// An Exif segment (a second one, as editors leave) with a GPS directory and a serial number.
    private static func gpsExif() -> Data {
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8]
        // IFD0 at 8: GPSInfo → 38, BodySerialNumber (ASCII, 9 bytes) → 56.
        tiff += [
            0, 2, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38, 0xA4, 0x31, 0, 2, 0, 0, 0, 9, 0, 0, 0, 56, 0, 0, 0, 0,
        ]
        // The GPS directory at 38: GPSLatitudeRef "N".
        tiff += [0, 1, 0, 1, 0, 2, 0, 0, 0, 2, 0x4E, 0, 0, 0, 0, 0, 0, 0]
        tiff += Array("SN123456\0".utf8)
        let payload = Data("Exif\0\0".utf8) + Data(tiff)
        return Data([0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)]) + payload
    }

    /// Copies `input` to `output` as the stripper writes: in 1 MiB pieces, to a temporary file
    /// renamed into place.
    static func copy(_ input: URL, to output: URL) throws {
        let temporary = output.deletingLastPathComponent().appendingPathComponent(".copy-\(UUID())")
        let source = open(input.path, O_RDONLY)
        let destination = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        defer {
            close(source)
            close(destination)
        }
        guard source >= 0, destination >= 0 else { throw POSIXError(.EIO) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while case let count = read(source, buffer.baseAddress, buffer.count), count > 0 {
            var done = 0
            while done < count {
                let written = write(destination, buffer.baseAddress! + done, count - done)
                guard written > 0 else { throw POSIXError(.EIO) }
                done += written
            }
        }
        guard rename(temporary.path, output.path) == 0 else { throw POSIXError(.EIO) }
    }

    /// Runs this executable with ``childArgument``: strips (or copies) `input` to `output` in a
    /// fresh process and returns its peak resident memory in MiB.
    static func childPeak(mode: String, _ input: URL, _ output: URL) throws -> Double {
        let child = Process()
        child.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = [childArgument, mode, input.path, output.path]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard child.terminationStatus == 0, let peak = Double(text) else {
            throw FigureSkipped(reason: "the \(mode) child failed: \(child.terminationStatus) \(text)")
        }
        print("privacy-peak-rss\t\(mode)\t1 GiB\tpeak \(peak) MiB (fresh process)")
        return peak
    }

    /// In the child: strips or copies, then prints the peak resident memory in MiB.
    static func runChild(mode: String, input: String, output: String) -> Int32 {
        let (input, output) = (URL(fileURLWithPath: input), URL(fileURLWithPath: output))
        do {
            if mode == "strip" {
                let removed = try MetadataStripper().strip(fileAt: input, to: output)
                guard removed == [.gps, .xmp, .identifyingFields] else {
                    throw FigureSkipped(reason: "removed \(removed)")
                }
            } else {
                try copy(input, to: output)
            }
            print(try RemotePeakMemory.peakResident())
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }
}
