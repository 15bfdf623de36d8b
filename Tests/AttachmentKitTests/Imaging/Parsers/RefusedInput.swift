import Foundation
import Testing

@testable import AttachmentKit

/// An input a parser must refuse and the exact error it must give: one case of a format suite's
/// parameterised `refused` test, named by what is wrong with it.
struct RefusedInput: Sendable, CustomTestStringConvertible {
    /// What is wrong with the input, shown as the test case's name.
    let name: String
    let data: Data
    let error: ImageInspector.Error
    /// The inspector that reads it: the default one unless the case is about a limit.
    let inspector: ImageInspector

    init(_ name: String, _ data: Data, _ error: ImageInspector.Error, inspector: ImageInspector = ImageInspector()) {
        self.name = name
        self.data = data
        self.error = error
        self.inspector = inspector
    }

    var testDescription: String { name }

    /// Expects inspecting the input to throw exactly ``error``.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: error, sourceLocation: sourceLocation) { try inspector.inspect(data) }
    }
}
