import Foundation

// attachmentkit-bench [FIGURE…]: runs the named figures (all when none are named) and prints
// one tab-separated line per figure:
// figure  NAME  VALUE  UNIT  BASELINE  RATIO  TARGET  met|missed

let requested = Array(CommandLine.arguments.dropFirst())
if requested.first == RemotePeakMemory.childArgument, requested.count == 3 {
    exit(await RemotePeakMemory.runChild(requested[1], client: requested[2]))
}
if requested.first == PrivacyBench.childArgument, requested.count == 4 {
    exit(PrivacyBench.runChild(mode: requested[1], input: requested[2], output: requested[3]))
}
if requested.first == SendingChild.argument, requested.count == 4 {
    exit(await SendingChild.run(endpoint: requested[1], file: requested[2], journal: requested[3]))
}
if requested.contains("--list") {
    for figure in allFigures { print(figure.name) }
    exit(0)
}
let unknown = requested.filter { name in !allFigures.contains { $0.name == name } }
guard unknown.isEmpty else {
    let message = "attachmentkit-bench: unknown figure \(unknown.joined(separator: ", ")); --list shows them\n"
    FileHandle.standardError.write(Data(message.utf8))
    exit(2)
}
let selected = requested.isEmpty ? allFigures : allFigures.filter { requested.contains($0.name) }
var missed = 0
for figure in selected {
    do {
        let result = try await figure.measure()
        print(result.line(name: figure.name))
        if !result.met { missed += 1 }
    } catch let skipped as FigureSkipped {
        print("figure\t\(figure.name)\tskipped\t\(skipped.reason)")
    } catch {
        print("figure\t\(figure.name)\terror\t\(error)")
        missed += 1
    }
}
exit(missed == 0 ? 0 : 1)
