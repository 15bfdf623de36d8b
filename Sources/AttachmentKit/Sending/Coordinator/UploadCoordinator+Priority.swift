extension UploadCoordinator {
    /// The priority the upload of `partID` waits or runs at: the highest its callers asked for,
    /// or the one ``setPriority(_:of:)`` gave it; `nil` when the part is neither uploading nor
    /// waiting, nor in a message being uploaded.
    public func priority(of partID: PartID) -> DownloadPriority? {
        registry.withLock { $0.priorities[partID] }
    }

    /// Changes the priority of `partID`'s upload, up or down.
    ///
    /// An upload waiting for a slot of its host moves in the queue at once: the next slot
    /// freed goes to the highest priority. A part of a message being uploaded that has not
    /// started yet starts at this priority. A running upload keeps its slot. A part that is
    /// neither uploading nor waiting, nor in a message being uploaded, is left alone (nothing is
    /// kept for a later upload).
    public func setPriority(_ priority: DownloadPriority, of partID: PartID) {
        registry.withLock { registry in
            guard registry.priorities[partID] != nil else { return }
            registry.priorities[partID] = priority
        }
    }

    /// Forgets the priority of `partID` once nothing uploads it any more.
    func forgetPriorityIfIdle(_ partID: PartID) {
        registry.withLock { registry in
            if registry.running[partID] == nil { registry.priorities[partID] = nil }
        }
    }
}
