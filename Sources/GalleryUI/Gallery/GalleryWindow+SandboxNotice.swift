import GalleryCore

extension GalleryWindow {
    /// Where bubblewrap cannot run, the decoders of untrusted pictures have less protection
    /// (a system-call filter and Landlock, no namespaces): the person is told, above the grid,
    /// at each start until they choose "Don't Show Again". Finding out starts a probe process,
    /// so it runs off the main thread.
    func showSandboxNoticeIfNeeded() {
        guard !services.settings.sandboxNoticeDismissed else { return }
        Task { @MainActor [weak self] in
            let fullSandbox = await BlockingWork.run(on: BlockingWork.disk) { DecoderSandboxStatus.usesBubblewrap }
            guard let self, !fullSandbox, !self.services.settings.sandboxNoticeDismissed else { return }
            let message = L10n.tr("Pictures are decoded with less protection on this computer: the bubblewrap sandbox cannot run here. Install bubblewrap or allow unprivileged user namespaces for full protection.")
            self.sandboxNotice.show(message, buttonLabel: L10n.tr("Don’t Show Again")) { [weak self] in
                self?.services.settings.sandboxNoticeDismissed = true
                self?.sandboxNotice.hide()
            }
        }
    }
}
