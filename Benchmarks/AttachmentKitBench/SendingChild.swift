import AttachmentKit
import Foundation

/// An upload in a child process (this executable run again with ``argument``), for the figures
/// that need a fresh process (peak memory) or one to kill (resume after `SIGKILL`).
///
/// The child uploads FILE to the tus ENDPOINT with a ``UploadCoordinator/Journal`` in JOURNAL (so a
/// second child resumes what a killed one left), prints `progress BYTES` as the upload goes and
/// `done PEAK_MIB RESUMED_AT` at the end (its `VmHWM`, and the byte it resumed at, -1 for none).
enum SendingChild {
    static let argument = "--upload-child"

    /// What a finished child printed last.
    struct Outcome {
        var peakMiB: Double
        var resumedAt: Int64?
    }

    /// In the child: uploads, reports, returns the exit status.
    static func run(endpoint: String, file: String, journal: String) async -> Int32 {
        guard let endpoint = URL(string: endpoint) else { return 2 }
        do {
            let coordinator = try SendingBench.coordinator(journal: URL(fileURLWithPath: journal))
            let part = SendingBench.part(URL(fileURLWithPath: file))
            let printer = ProgressPrinter()  // observers are held weakly
            coordinator.addObserver(printer, for: part.id)
            let uploaded = try await coordinator.upload(part, to: .tus(endpoint))
            withExtendedLifetime(printer) {}
            write("done \(try RemotePeakMemory.peakResident()) \(uploaded.resumedAt ?? -1)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }

    private static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Prints each progress report on its own line, at once (not buffered).
    private final class ProgressPrinter: ProgressObserver {
        func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
            SendingChild.write("progress \(progress.completedBytes)")
        }
    }

    /// A running child.
    final class Running {
        private let process = Process()
        private let output = Pipe()
        private var buffer = Data()

        /// Starts a child uploading `file` to `endpoint` with the journal in `journal`.
        init(endpoint: URL, file: URL, journal: URL) throws {
            process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = [SendingChild.argument, endpoint.absoluteString, file.path, journal.path]
            process.standardOutput = output
            try process.run()
        }

        /// The next line the child printed; `nil` once it has closed its output.
        func nextLine() -> String? {
            while true {
                if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...end)
                    return line
                }
                let more = output.fileHandleForReading.availableData
                guard !more.isEmpty else { return nil }
                buffer.append(more)
            }
        }

        /// Kills the child with `SIGKILL` and waits for it.
        func kill() {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// Reads to the end and waits; what the child reported.
        func finish() throws -> Outcome {
            var last = ""
            while let line = nextLine() { last = line }
            process.waitUntilExit()
            let fields = last.split(separator: " ")
            guard process.terminationStatus == 0, fields.count == 3, fields[0] == "done",
                let peak = Double(fields[1]), let resumedAt = Int64(fields[2])
            else { throw FigureSkipped(reason: "the child upload failed: \(process.terminationStatus) \(last)") }
            return Outcome(peakMiB: peak, resumedAt: resumedAt < 0 ? nil : resumedAt)
        }
    }
}
