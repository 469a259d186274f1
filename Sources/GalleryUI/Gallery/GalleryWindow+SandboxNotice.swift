import GalleryCore

extension GalleryWindow {
    /// Where bubblewrap cannot run, the decoders of untrusted pictures have less protection
    /// (a system-call filter and Landlock, no namespaces): the person is told, above the grid,
    /// in each run, until they choose "Don't Show Again". Told when the first worker has found
    /// it out (`DecoderSandboxStatus.whenKnown`), off the main thread: asking would start one.
    func showSandboxNoticeIfNeeded() {
        guard !services.settings.sandboxNoticeDismissed else { return }
        DecoderSandboxStatus.whenKnown { [weak self] fullSandbox in
            guard !fullSandbox else { return }
            Task { @MainActor in self?.showSandboxNotice() }
        }
    }

    private func showSandboxNotice() {
        guard !services.settings.sandboxNoticeDismissed else { return }
        let message = L10n.tr("Pictures are decoded with less protection on this computer: the bubblewrap sandbox cannot run here. Install bubblewrap or allow unprivileged user namespaces for full protection.")
        sandboxNotice.show(message, buttonLabel: L10n.tr("Don’t Show Again")) { [weak self] in
            self?.services.settings.sandboxNoticeDismissed = true
            self?.sandboxNotice.hide()
        }
    }
}
