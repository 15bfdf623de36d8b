@testable import AttachmentKit

extension AttachmentResolver.Events {
    /// Every event, once the sequence has ended.
    func collected() async -> [AttachmentResolver.Event] {
        var collected: [AttachmentResolver.Event] = []
        for await event in self { collected.append(event) }
        return collected
    }
}
