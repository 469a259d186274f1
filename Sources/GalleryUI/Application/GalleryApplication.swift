import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// The GtkApplication: single instance, app-wide actions, and the windows.
@MainActor
public final class GalleryApplication {
    private let application: OpaquePointer
    private var services: AppServices?
    private var mainWindow: GalleryWindow?

    /// Runs GTK's main loop, which parses the command line (see `+CommandLine`); returns the
    /// exit status.
    public static func run(arguments: [String]) -> Int32 {
        L10n.setUp()
        MainLoopBridge.install()
        let app = GalleryApplication()
        return withArrayOfCStrings(arguments) { argv in
            g_application_run(app.application.cast(), Int32(arguments.count), argv)
        }
    }

    private init() {
        g_set_application_name(AppIdentity.name)
        application = OpaquePointer(gtk_application_new(AppIdentity.applicationID, G_APPLICATION_HANDLES_COMMAND_LINE))
        Self.addOptionEntries(to: application)
        Signal.connect(application, .handleLocalOptions) { options in
            GalleryApplication.handleLocalOptions(options!.assumingMemoryBound(to: GVariantDict.self))
        }
        // In the primary instance, for its own launch and every later one.
        Signal.connect(application, .commandLine) { [unowned self] commandLine in
            self.show(GalleryApplication.requestedList(commandLine!.assumingMemoryBound(to: GApplicationCommandLine.self)))
            return 0
        }
        Signal.connect(application, .startup) { [unowned self] in self.startup() }
        Signal.connect(application, .activate) { [unowned self] in self.show(nil) }
        // Verdicts are written a moment after they change: the last ones go with the quit.
        Signal.connect(application, .shutdown) { [unowned self] in self.services?.images.saveVerdictsNow() }
        // GTK holds the application for the whole run; its Swift side lives as long.
        AttachedObject.keep(self, aliveWith: application, key: "link-gallery-application")
        quitOnTerminationSignals()
    }

    /// Logging out or `kill` sends SIGTERM: close the windows the normal way so the window size
    /// and settings are saved, instead of dying mid-write.
    private func quitOnTerminationSignals() {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            UnixSignal.onceOn(signal) { [weak self] in self?.quit() }
        }
    }

    private func quit() {
        if let window = mainWindow?.window { gtk_window_close(window.cast()) }
        g_application_quit(application.cast())
    }

    private func startup() {
        PerformanceTrace.shared.record(.startup)
        gtk_window_set_default_icon_name(AppIdentity.applicationID)
        let services = AppServices(settings: AppSettings())
        services.style.start()
        self.services = services
        // Below the first frame's work (utility): the copies an earlier run handed to other
        // applications (Open With…), and the turns file read off the main thread, which asks
        // for each page's turn as the viewer shows it.
        let copies = OpenWithCopies.session, turns = services.images.turns
        DispatchQueue.global(qos: .utility).async {
            copies.removeAll()
            turns.prepare()
        }
        installActions(services)
        PerformanceTrace.shared.record(.servicesReady)
    }

    /// Presents the gallery window, switching it to `list` when a launch named one: a second
    /// `link-gallery B` shows B in the window already open rather than a second window.
    private func show(_ list: LinksSource?) {
        if let mainWindow {
            if let list { mainWindow.show(list) }
            mainWindow.present()
            return
        }
        guard let services else { return }
        let window = GalleryWindow(application: application, services: services, source: list ?? services.defaultSource)
        window.onOpenImage = { [weak self, weak window] images, index, slideshow in
            self?.openViewer(images: images, index: index, slideshow: slideshow, otherLinks: window?.otherLinks)
        }
        Signal.connect(window.window, .destroy) { [weak self] in self?.mainWindow = nil }
        mainWindow = window
        window.present()
    }

    private func openViewer(images: [GridItem], index: Int, slideshow: Bool,
                            otherLinks: (@MainActor (GridItem) -> [ViewerItem.OtherLink])? = nil) {
        guard let services else { return }
        let items = images.compactMap { image in
            image.entry.classification.address.map { ViewerItem(address: $0, otherLinks: otherLinks?(image) ?? []) }
        }
        let viewer = ViewerWindow(application: application, items: items, startIndex: index, source: services.images,
                                  settings: services.settings, turns: services.images.turns)
        viewer.present()
        if slideshow { viewer.startSlideshow() }
    }

    /// The application's actions and their keys (and `style`, below, which has a state).
    static let actions: [ActionEntry<GalleryApplication>] = [
        .init(name: AppAction.quit, accelerators: ["<Control>q"]) { $0.quit() },
        .init(name: AppAction.shortcuts, accelerators: ["<Control>question"]) { ShortcutsWindow.present(parent: $0.mainWindow?.window) },
        .init(name: AppAction.about) { AboutDialog.present(parent: $0.mainWindow?.window) },
    ]

    private func installActions(_ services: AppServices) {
        ActionTable.install(Self.actions, for: self, on: application, application: application)

        ActionTable.installChoice(AppAction.style, current: services.style.preference.rawValue, on: application) { value in
            guard let preference = ColorSchemePreference(rawValue: value) else { return false }
            services.style.preference = preference
            return true
        }
    }
}

/// Passes Swift strings to a C `char **argv`.
func withArrayOfCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
