@testable import AttachmentKit

extension ResolutionEvents {
    /// Every event, once the sequence has ended.
    func collected() async -> [ResolutionEvent] {
        var collected: [ResolutionEvent] = []
        for await event in self { collected.append(event) }
        return collected
    }
}
