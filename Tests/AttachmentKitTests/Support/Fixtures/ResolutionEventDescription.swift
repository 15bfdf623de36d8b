@testable import AttachmentKit

extension AttachmentResolver.Event {
    /// The event in a compact form that is easy to compare, such as `"preview p"`.
    var testDescription: String {
        switch self {
        case .placeholder(let size): "placeholder \(Int(size.displayedSize.width))x\(Int(size.displayedSize.height))"
        case .preview(_, let id): "preview \(id)"
        case .progress(let progress, _): "progress \(progress.completedBytes)/\(progress.totalBytes ?? -1)"
        case .original(_, let id): "full \(id)"
        case .failed(let failure): "failed \(failure.role) \(failure.partID)"
        }
    }
}
