/// How a loader follows its view on and off screen, and the priority its downloads run at.
extension AttachmentLoadEngine {
    /// Sets the priority the app asks for. It applies at once, even to a loader lowered by
    /// ``disappear()``: the app's explicit choice is never overridden.
    func setPriority(_ newPriority: DownloadPriority) {
        priority = newPriority
        isLoweredForDisappearance = false
        applyPriority()
    }

    func disappear() {
        isOnScreen = false
        release?.cancel()
        release = nil
        switch disappearance {
        case .lowerPriority:
            guard !isLoweredForDisappearance else { return }
            isLoweredForDisappearance = true
            applyPriority()
        case .cancel:
            guard task != nil else { return }
            cancel()
            reloadsOnAppear = true
        case .keepLoading:
            break
        }
    }

    func appear() {
        isOnScreen = true
        scheduleRelease()
        if isLoweredForDisappearance {
            isLoweredForDisappearance = false
            applyPriority()
        }
        if reloadsOnAppear {
            reloadsOnAppear = false
            retry()
        }
    }

    /// Moves the running downloads to the effective priority. The changes run one after the
    /// other, in the order they were made.
    func applyPriority() {
        guard let control else { return }
        let priority = effectivePriority
        let coordinator = resolver.downloads
        control.setPriority(priority)
        let previous = priorityUpdate
        priorityUpdate = Task {
            await previous?.value
            await control.applyPriority(in: coordinator)
        }
    }

    /// Returns once every priority change made so far has reached the coordinator.
    func priorityChangesApplied() async {
        await priorityUpdate?.value
    }

    /// Releases the run's held downloads once the loader has been on screen for
    /// ``downloadDelay``, on the coordinator's clock.
    func scheduleRelease() {
        guard downloadDelay > 0, isOnScreen, release == nil, let control, control.isHeld else { return }
        let clock = resolver.downloads.configuration.clock
        let delay = downloadDelay
        release = Task { [weak self] in
            guard (try? await clock.sleep(for: delay)) != nil, self?.control === control else { return }
            control.release()
        }
    }
}
