// The README's quick start: a view controller that shows a photo message (placeholder, preview,
// then the original with progress) and sends one (compose, then upload with progress).
// On Apple platforms it builds against UIKit; elsewhere against the stand-ins below.
import AttachmentKit
// snippet.hide
import Foundation

#if !canImport(UIKit) || os(watchOS)
/// Stand-ins for the few UIKit names the quick start uses, so that it builds on Linux.
@MainActor class UIViewController { init() {} }
@MainActor class UIView { var backgroundColor: UIColor? }
@MainActor final class UIImageView: UIView { var image: UIImage? }
@MainActor final class UIProgressView: UIView {
    var progress: Float = 0
    var isHidden = false
}
final class UIImage: Sendable {
    init?(data: Data) { if data.isEmpty { return nil } }
    init?(contentsOfFile path: String) { if path.isEmpty { return nil } }
}
final class UIColor: Sendable {
    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
}
#else
// snippet.show
import UIKit
// snippet.hide
// The same names on every platform, for the project's Apple-platform guard (.ci/apple-compat).
typealias UIViewController = UIKit.UIViewController
typealias UIImageView = UIKit.UIImageView
typealias UIProgressView = UIKit.UIProgressView
typealias UIImage = UIKit.UIImage
typealias UIColor = UIKit.UIColor
#endif
// snippet.show

/// One per app. Its journal lets uploads resume after a crash (`resumePendingUploads()` at launch).
let uploads = UploadCoordinator(
    journal: try? UploadCoordinator.Journal(
        directory: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("uploads")))

final class PhotoMessageViewController: UIViewController, MainActorProgressObserver {
    let imageView = UIImageView()
    let progressView = UIProgressView()
    var aspectRatio = 1.0  // width / height: lay the image view out with it
    private var showing: Task<Void, Never>?

    /// Shows a message: `parts` are your chat SDK's parts adapted to `MessagePart`, or
    /// `RemotePart`s for plain URLs.
    func show(_ parts: [any MessagePart]) {
        showing?.cancel()
        showing = Task {
            // Which part is the preview, which the original, and the size to lay out at, then
            // each step as it happens. Downloads are shared, stored, and resumed.
            for await event in AttachmentResolver().events(for: parts, fetchingOriginal: true) {
                switch event {
                case .placeholder(let size):
                    aspectRatio = size.aspectRatio  // at once, before any pixel
                    if let color = size.image?.averageColor {  // from the ThumbHash or BlurHash
                        imageView.backgroundColor = UIColor(
                            red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
                    }
                case .preview(let content, _): imageView.image = image(content)
                case .progress(let progress, _): progressView.progress = Float(progress.fractionCompleted ?? 0)
                case .original(let content, _):
                    imageView.image = image(content)  // swapped in without a jump
                    progressView.isHidden = true
                case .failed(let failure): print(failure)  // names the part and why
                }
            }
        }
    }

    /// Sends the photo the user picked: shown at once from its local files, then uploaded.
    func send(photoAt file: URL, outbox: URL) async throws {
        let attachment = try AttachmentComposer().compose(imageAt: file, into: outbox, id: UUID().uuidString)
        show(attachment.parts)
        uploads.addObserver(self, for: attachment.original.id)
        let server = URL(string: "https://uploads.example.com/files/")!
        for part in attachment.parts {  // in order: the original, the preview, the size part
            let uploaded = try await uploads.upload(part, to: .tus(server))  // or .put(url), .post(url)
            print(uploaded.partID, uploaded.remoteURL)  // post these in your message
        }
    }

    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
        progressView.progress = Float(progress.fractionCompleted ?? 0)
    }

    private func image(_ content: PartContent) -> UIImage? {
        if let url = content.fileURL { return UIImage(contentsOfFile: url.path) }
        return (try? content.bytes()).flatMap { UIImage(data: $0) }
    }
}
