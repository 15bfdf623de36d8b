import Foundation

extension Rendition {
    /// Fetches a larger rendition of the picture a view shows as soon as the view displays it larger
    /// than what is shown: the next size up while the user zooms in, swapped in without a jump.
    ///
    /// Tell it the displayed size after every zoom or layout change; it starts a fetch only when the
    /// smallest rendition that covers that size (``AttachmentResolver/Policy/rendition(for:among:)``) is
    /// larger than the one shown, and hands the content over on the main actor once it is whole and
    /// has passed the resolver's content check:
    ///
    /// ```swift
    /// let resolution = resolver.resolve(message.parts)
    /// upgrader = Rendition.Upgrader(
    ///     renditions: resolution.renditions, showing: shownRendition, resolver: resolver
    /// ) { [weak self] rendition, content in
    ///     self?.imageView.image = decode(content)            // drawn at viewport.imageSize
    ///     self?.viewport.replaceContent(with: rendition)    // nothing moves on screen
    /// }
    /// // scrollViewDidZoom / DidEndZooming:
    /// upgrader.displayedSizeChanged(to: viewport.displayedPixelSize)
    /// ```
    ///
    /// Rules:
    /// - It only ever goes up: zooming out keeps the larger rendition shown, and a fetch that is
    ///   running goes on, so zooming back and forth downloads each rendition once. A fetch of a
    ///   smaller rendition is replaced by one of the larger when the size needed outgrows it.
    /// - A rendition that fails (download or content check) is not asked again by this upgrader;
    ///   the next size needed is then met by the next one up, the original last.
    /// - ``cancel()``, or releasing the upgrader (the image is dismissed), stops the fetch: its
    ///   download is cancelled for this caller, and its content is never handed over.
    /// - Downloads go through the resolver's ``AttachmentResolver/downloads``, so each rendition is
    ///   stored under its own key and shared with every other caller.
    ///
    /// To let the zoom go past a rendition's resolution, lay the viewport out at the original's size
    /// (``ZoomViewport/init(boundsSize:placeholder:screenScale:policy:)``): laid out at a rendition's
    /// own size, the default aspect-fit maximum is that rendition's native zoom, which it already
    /// covers.
    @MainActor
    public final class Upgrader {
        /// The renditions, smallest first, as the choice orders them.
        public let renditions: [Rendition]
        /// The rendition shown: the one given when created, or the last one handed over.
        public private(set) var shown: Rendition?
        /// The rendition being fetched, if any.
        public private(set) var fetching: Rendition?

        private let resolver: AttachmentResolver
        private let priority: DownloadPriority
        private let onUpgrade: @MainActor (Rendition, PartContent) -> Void
        private var failed = Set<PartID>()
        private var lastDisplayedPixels = PixelSize.zero
        private var generation = 0
        private var task: Task<Void, Never>?

        /// Creates an upgrader.
        ///
        /// - Parameters:
        ///   - renditions: The picture's renditions, in any order; usually
        ///     ``AttachmentResolver/Resolution/renditions``. Duplicates are ignored as
        ///     ``AttachmentResolver/Policy/rendition(for:among:)`` ignores them; with none, it never
        ///     fetches.
        ///   - shown: The rendition on screen now, if any (the preview, or the one chosen for the
        ///     first layout).
        ///   - resolver: Gives the choice (its ``AttachmentResolver/policy``), the downloads and the
        ///     content check.
        ///   - priority: The priority of the fetches; high, since the user is looking.
        ///   - onUpgrade: Called on the main actor with each rendition fetched and its content.
        public init(
            renditions: [Rendition], showing shown: Rendition? = nil,
            resolver: AttachmentResolver = AttachmentResolver(), priority: DownloadPriority = .high,
            onUpgrade: @escaping @MainActor (Rendition, PartContent) -> Void
        ) {
            self.renditions = RenditionChain(renditions).ordered
            self.shown = shown
            self.resolver = resolver
            self.priority = priority
            self.onUpgrade = onUpgrade
        }

        deinit { task?.cancel() }

        /// The running fetch's task, which ends once the fetch has been handed over or dropped: for
        /// tests to wait on.
        var fetchTask: Task<Void, Never>? { task }

        /// Fetches the smallest rendition that covers `displayedPixels` (the device pixels the
        /// picture takes, ``ZoomViewport/displayedPixelSize``) when it is larger than the one shown
        /// and than the one being fetched. An empty size asks for nothing.
        ///
        /// - Returns: The rendition being fetched after this call, or `nil` when none is.
        @discardableResult
        public func displayedSizeChanged(to displayedPixels: PixelSize) -> Rendition? {
            lastDisplayedPixels = displayedPixels
            guard !displayedPixels.isEmpty else { return fetching }
            let candidates = renditions.filter { !failed.contains($0.part.id) }
            guard let needed = resolver.policy.rendition(for: displayedPixels, among: candidates),
                rank(of: needed) > max(rank(of: shown), rank(of: fetching))
            else { return fetching }
            start(needed)
            return needed
        }

        /// Records that the view now shows `rendition` on its own (the original arrived from
        /// the resolver's events, say): a fetch of one no larger is cancelled.
        public func show(_ rendition: Rendition) {
            shown = rendition
            if let fetching, rank(of: fetching) <= rank(of: rendition) { cancel() }
        }

        /// Stops the fetch, if any, without handing anything over: call it when the image is
        /// dismissed. What is shown stays; a later size change may fetch again.
        public func cancel() {
            generation += 1
            task?.cancel()
            task = nil
            fetching = nil
        }

        /// The position in ``renditions`` (`-1` for none or an unknown one).
        private func rank(of rendition: Rendition?) -> Int {
            guard let rendition else { return -1 }
            return renditions.firstIndex(of: rendition) ?? -1
        }

        private func start(_ rendition: Rendition) {
            cancel()
            fetching = rendition
            let runGeneration = generation
            let resolver = resolver
            let priority = priority
            task = Task { [weak self] in
                let result = await Self.fetch(rendition, resolver: resolver, priority: priority)
                self?.fetchEnded(rendition, result: result, generation: runGeneration)
            }
        }

        private func fetchEnded(_ rendition: Rendition, result: PartContent?, generation: Int) {
            guard generation == self.generation else { return }
            task = nil
            fetching = nil
            guard let content = result else {
                failed.insert(rendition.part.id)
                displayedSizeChanged(to: lastDisplayedPixels)
                return
            }
            shown = rendition
            onUpgrade(rendition, content)
        }

        /// The rendition's content once it is whole and has passed the content check; `nil` when it
        /// failed or was cancelled.
        private nonisolated static func fetch(
            _ rendition: Rendition, resolver: AttachmentResolver, priority: DownloadPriority
        ) async -> PartContent? {
            let part = rendition.part
            guard let content = try? await resolver.downloads.content(for: part, priority: priority),
                !Task.isCancelled
            else { return nil }
            let check = ContentCheck(policy: resolver.contentPolicy).check(content, of: part, role: .original)
            return try? check.get().content
        }
    }
}
