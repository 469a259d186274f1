import GalleryCore

extension GalleryWindow {
    /// Where bubblewrap cannot run, the decoders of untrusted pictures have less protection: the
    /// person is told, above the grid, what holds them on this computer (`DecoderProtection`)
    /// and the one command that gives the full sandbox, in each run, until they choose "Don't
    /// Show Again". Told when the first worker has found it out (`DecoderSandboxStatus.whenKnown`),
    /// off the main thread: asking would start one.
    func showSandboxNoticeIfNeeded() {
        guard !services.settings.sandboxNoticeDismissed else { return }
        DecoderSandboxStatus.whenKnown { [weak self] known in
            guard known.protection != .bubblewrap else { return }
            Task { @MainActor in self?.showSandboxNotice(known) }
        }
    }

    private func showSandboxNotice(_ known: DecoderSandboxStatus.Known) {
        guard !services.settings.sandboxNoticeDismissed else { return }
        sandboxNotice.show(Self.sandboxNoticeText(known), buttonLabel: L10n.tr("Don’t Show Again")) { [weak self] in
            self?.services.settings.sandboxNoticeDismissed = true
            self?.sandboxNotice.hide()
        }
    }

    /// What holds the decoders, then how to get bubblewrap running.
    static func sandboxNoticeText(_ known: DecoderSandboxStatus.Known) -> String {
        let held = switch known.protection {
        case .bubblewrap, .landlock:
            L10n.tr("Pictures are decoded with less protection on this computer: bubblewrap cannot run here, so Landlock and a system-call filter keep the decoders away from your files and the network.")
        case .privateMounts:
            L10n.tr("Pictures are decoded with less protection on this computer: neither bubblewrap nor Landlock can run here, so the decoders run with your folders hidden from them and under a system-call filter.")
        case .filterOnly:
            L10n.tr("Pictures are decoded with the least protection on this computer: neither bubblewrap, Landlock nor private folders can run here, so only a system-call filter holds the decoders, and they may open no file.")
        }
        let remedy = known.bubblewrapInstalled
            ? L10n.format("For full protection, allow unprivileged user namespaces: %1$s", known.namespaceCommand)
            : L10n.tr("For full protection, install bubblewrap: sudo apt install bubblewrap")
        return held + " " + remedy
    }
}
