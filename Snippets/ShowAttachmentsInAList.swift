// List cells that show image messages through the attachment loaders, and the prefetching that
// warms them, in UIKit and SwiftUI, as in the "Showing attachments in a list" article. Built on
// Apple platforms only; on Linux the file is empty.
#if canImport(UIKit) && !os(watchOS)
import AttachmentKit
import UIKit

/// A collection view cell that shows one image message (iOS 15 and later).
final class AttachmentCell: UICollectionViewCell {
    private let imageView = UIImageView()
    private let loader = CallbackAttachmentLoader()

    override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        contentView.addSubview(imageView)
        loader.onChange = { [weak self] state in self?.show(state) }
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
        let scale = traitCollection.displayScale
        let pixels = PixelSize(width: bounds.width * scale, height: bounds.height * scale)
        loader.displayedPixelSizeChanged(to: pixels)  // nothing happens when the size is covered
    }

    /// Shows a message: the preview, then the rendition that covers `pixels` (the cell's size ×
    /// the screen scale), or the original when none is offered.
    func configure(with parts: [any MessagePart], pixels: PixelSize) {
        // Cancels the previous message's load.
        loader.load(parts: parts, displayedPixelSize: pixels, fetchingOriginal: true)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        loader.reset()
        imageView.image = nil
    }

    func willDisplay() { loader.appear() }
    func didEndDisplaying() { loader.disappear() }

    private func show(_ state: AttachmentLoadState) {
        imageView.image = state.content.flatMap { try? $0.bytes() }.flatMap(UIImage.init(data:))
    }
}

/// The list: the loaders show, the prefetcher warms what is about to scroll in.
final class MessagesViewController: UICollectionViewController, UICollectionViewDataSourcePrefetching {
    var messages: [[any MessagePart]] = []
    // Fetches what the cells fetch; released with the list: its work stops.
    private let prefetcher = AttachmentPrefetcher(fetchingOriginal: true)

    /// The device pixels a cell shows: the layout's item size × the screen scale. The loaders
    /// and the prefetcher are given the same size, so the prefetched rendition is the one shown.
    private var cellPixels: PixelSize {
        let size = (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 120, height: 90)
        let scale = traitCollection.displayScale
        return PixelSize(width: size.width * scale, height: size.height * scale)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(AttachmentCell.self, forCellWithReuseIdentifier: "attachment")
        collectionView.prefetchDataSource = self
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        messages.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "attachment", for: indexPath)
        (cell as? AttachmentCell)?.configure(with: messages[indexPath.item], pixels: cellPixels)
        return cell
    }

    override func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        (cell as? AttachmentCell)?.willDisplay()
    }

    override func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        (cell as? AttachmentCell)?.didEndDisplaying()
    }

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        prefetcher.startPrefetching(indexPaths.map { messages[$0.item] }, displayedPixelSize: cellPixels)
    }

    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        prefetcher.stopPrefetching(indexPaths.map { messages[$0.item] })
    }
}
#endif

#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import AttachmentKit
import SwiftUI
import UIKit

/// A SwiftUI list row that shows one image message (iOS 17 and later).
@available(iOS 17, tvOS 17, *)
@MainActor
struct AttachmentRow: View {
    let parts: [any MessagePart]
    @State private var loader = AttachmentLoader()
    @Environment(\.displayScale) private var displayScale

    var body: some View {
        GeometryReader { proxy in
            Group {
                if let image = loader.content.flatMap({ try? $0.bytes() }).flatMap(UIImage.init(data:)) {
                    Image(uiImage: image).resizable().scaledToFill()
                } else {
                    Color.gray.opacity(0.2)  // the placeholder, at the image's aspect ratio
                }
            }
            .frame(width: proxy.size.width, height: proxy.size.height)
            .clipped()
            .onAppear { appear(at: proxy.size) }
            .onChange(of: proxy.size) { _, size in  // a rotation, a resize: a larger rendition if needed
                loader.displayedPixelSizeChanged(
                    to: PixelSize(width: size.width * displayScale, height: size.height * displayScale))
            }
        }
        .aspectRatio(loader.placeholderSize?.aspectRatio ?? 4.0 / 3.0, contentMode: .fit)
        .onDisappear { loader.disappear() }
    }

    /// Loads the message for the row's pixels (points × screen scale) the first time, so that the
    /// rendition that covers them is fetched; afterwards restores the loader's priority.
    private func appear(at size: CGSize) {
        guard case .empty = loader.phase else {
            loader.appear()
            return
        }
        let pixels = PixelSize(width: size.width * displayScale, height: size.height * displayScale)
        loader.load(parts: parts, displayedPixelSize: pixels, fetchingOriginal: true)
    }
}
#endif
