extension UploadCoordinator {
    /// Why a message's upload did not finish: the first part that failed. The parts before it are
    /// uploaded and are not sent again when the message is.
    public enum MessageError: Swift.Error, Sendable, CustomStringConvertible {
        /// The part at `index` (in message order) failed; the parts after it were not started.
        case partFailed(index: Int, TransferError)

        /// The part that failed.
        public var partID: PartID {
            switch self {
            case .partFailed(_, let error): error.partID
            }
        }

        public var description: String {
            switch self {
            case .partFailed(let index, let error): "part \(index + 1) of the message: \(error)"
            }
        }
    }
}
