import Foundation

extension ZoomViewport {
    /// Insets around the scaled content, in points: the values for `UIScrollView.contentInset`
    /// (`UIEdgeInsets(top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right)`).
    ///
    /// Its own type because `UIEdgeInsets` and SwiftUI's `EdgeInsets` do not exist on every
    /// platform the library builds for.
    public struct Insets: Sendable, Hashable {
        /// The inset above the content.
        public var top: CGFloat
        /// The inset left of the content.
        public var left: CGFloat
        /// The inset below the content.
        public var bottom: CGFloat
        /// The inset right of the content.
        public var right: CGFloat

        /// Creates insets.
        public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        /// No inset on any side.
        public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
    }
}
