/// What an ``UploadCoordinator`` knows of its uploads, behind its one lock (`registry`).
struct UploadRegistry: Sendable {
    /// An upload under way.
    struct Running: Sendable {
        var task: Task<UploadCoordinator.UploadedPart, any Error>
        var progress: TransferProgress
        var filter = StepFilter()
    }

    var running: [PartID: Running] = [:]
    /// The observers of each part, waiting for its upload or following it.
    var listeners: [PartID: [DownloadListener]] = [:]
    /// Parts uploaded in this launch (the journal keeps them across launches).
    var completed: [PartID: UploadCoordinator.UploadedPart] = [:]
    /// Parts whose cancellation also ends the upload on the server.
    var terminating: Set<PartID> = []
    /// The priority of each part uploading, waiting for a slot of its host, or in a message
    /// being uploaded: what the host's queue asks when a slot frees.
    var priorities: [PartID: DownloadPriority] = [:]
}
