import Foundation
import Synchronization
import Glibc

/// How a decode worker is started: inside bubblewrap where it can run (no network, no home,
/// read-only system folders, its own PID, user, IPC and UTS namespaces, no capabilities, an
/// empty environment), else as a plain child with the same limits and filter, said once in
/// the log. The worker is the app's own executable (`DecodeWorker`).
struct DecodeWorkerLaunch: Sendable {
    let arguments: [String]
    let usesBubblewrap: Bool
    /// What a worker's environment holds beyond `LANG` and `PATH`: where gdk-pixbuf's loaders
    /// are, when the app was told, and a test's `DecodeWorkerFault`.
    let environment: [String: String]

    /// The app's variables a worker gets too.
    static let passedVariables = ["GDK_PIXBUF_MODULE_FILE", "GDK_PIXBUF_MODULEDIR", "LD_LIBRARY_PATH",
                                  DecodeWorkerFault.environmentName, DecoderProtection.skippedVariable]

    static let bubblewrap = "/usr/bin/bwrap"

    /// `link-gallery` itself, or beside the running executable (the test and benchmark
    /// runners live in the same build folder): what the decode workers run.
    static let workerExecutable: String? = {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let url = URL(fileURLWithPath: own)
        if url.lastPathComponent == "link-gallery" { return own }
        let sibling = url.deletingLastPathComponent().appendingPathComponent("link-gallery").path
        return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
    }()

    /// The launch for this machine, found once: bubblewrap is tried by starting a real worker
    /// in it, which the shared pool then takes as its first (`takeFirstWorker`), so finding
    /// out costs no process of its own.
    static let current: DecodeWorkerLaunch? = {
        let launch = find()
        DecoderSandboxStatus.announce(firstWorker.withLock { $0?.protection } ?? .filterOnly,
                                      bubblewrapInstalled: FileManager.default.isExecutableFile(atPath: bubblewrap))
        return launch
    }()

    /// The worker that showed bubblewrap runs here, until a pool of this launch takes it.
    private static let firstWorker = Mutex<DecodeWorkerProcess?>(nil)

    /// The worker `current` started to try bubblewrap, once, when `launch` is that launch.
    static func takeFirstWorker(for launch: DecodeWorkerLaunch) -> DecodeWorkerProcess? {
        guard launch.arguments == current?.arguments, launch.environment == current?.environment else { return nil }
        return firstWorker.withLock { worker in
            defer { worker = nil }
            return worker
        }
    }

    private static func find() -> DecodeWorkerLaunch? {
        guard let executable = workerExecutable else { return nil }
        let sandboxed = DecodeWorkerLaunch(executable: executable, bubblewrap: true)
        // A worker that says it is ready has set up its sandbox (`DecodeWorker.lockDown`).
        if FileManager.default.isExecutableFile(atPath: bubblewrap), let worker = DecodeWorkerProcess.start(sandboxed) {
            firstWorker.withLock { $0 = worker }
            return sandboxed
        }
        // Started to learn what protects it here (`DecoderProtection`), and kept as the first.
        let plain = DecodeWorkerLaunch(executable: executable, bubblewrap: false)
        let worker = DecodeWorkerProcess.start(plain)
        firstWorker.withLock { $0 = worker }
        FileHandle.standardError.write(Data(("link-gallery: bubblewrap cannot run here (\(bubblewrap) missing, or no "
            + "namespaces): pictures are decoded in a child process held by \(worker?.protection ?? .filterOnly)\n").utf8))
        return plain
    }

    /// `fault` nil: the app's own `LINK_GALLERY_WORKER_FAULT`, if any.
    /// `skipping`: protections a plain worker is not to set up (`DecoderProtection.skippedVariable`).
    init(executable: String, bubblewrap: Bool, fault: DecodeWorkerFault? = nil, skipping: [String] = []) {
        usesBubblewrap = bubblewrap
        var environment = ProcessInfo.processInfo.environment.filter { Self.passedVariables.contains($0.key) }
        if let fault { environment[DecodeWorkerFault.environmentName] = fault.rawValue }
        if !skipping.isEmpty { environment[DecoderProtection.skippedVariable] = skipping.joined(separator: ",") }
        self.environment = environment
        let worker = [executable, DecodeWorker.flag, bubblewrap ? "bwrap" : "plain"]
        arguments = bubblewrap ? Self.bubblewrapArguments(for: executable, environment: environment) + ["--"] + worker : worker
    }

    /// The same sandbox running one of `SandboxProbe`'s attempts instead of serving.
    func probe(_ attempt: String, _ argument: String) -> [String] {
        arguments + [attempt, argument]
    }

    private static func bubblewrapArguments(for executable: String, environment: [String: String]) -> [String] {
        var arguments = [
            bubblewrap, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--clearenv",
            "--setenv", "LANG", "C.UTF-8", "--setenv", "PATH", "/usr/bin", "--setenv", "HOME", "/nonexistent",
            "--ro-bind", "/usr", "/usr", "--proc", "/proc", "--dev", "/dev", "--chdir", "/",
        ]
        // Debian's merged /usr: the top-level folders are links into it.
        for link in ["bin", "sbin", "lib", "lib64", "lib32", "libx32"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/" + link) {
                arguments += ["--symlink", target, "/" + link]
            } else if FileManager.default.fileExists(atPath: "/" + link) {
                arguments += ["--ro-bind", "/" + link, "/" + link]
            }
        }
        // The dynamic loader's cache and what librsvg draws text with, read-only.
        for path in ["/etc/ld.so.cache", "/etc/fonts", "/var/cache/fontconfig"] {
            arguments += ["--ro-bind-try", path, path]
        }
        // The executable and the libraries it loaded from outside /usr (the Swift runtime of
        // an unpacked toolchain, a build folder), read-only; and the loader settings it got.
        for folder in Set([URL(fileURLWithPath: executable).deletingLastPathComponent().path] + loadedLibraryFolders())
        where !folder.hasPrefix("/usr/") {
            arguments += ["--ro-bind", folder, folder]
        }
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["--setenv", name, value] }
        // The new root itself read-only too: no file can be made anywhere.
        return arguments + ["--remount-ro", "/"]
    }

    /// What a worker without bubblewrap may still read under Landlock (`sandbox_landlock`): what
    /// bubblewrap would have bound into its namespace, and the system's CPU list and its own
    /// /proc entry. Home, the cache and every other user file stay out of reach.
    static func readableWithoutBubblewrap(executable: String) -> [String] {
        var paths = ["/usr", "/etc/ld.so.cache", "/etc/fonts", "/var/cache/fontconfig", "/proc/self",
                     "/sys/devices/system/cpu", "/dev/null", "/dev/urandom",
                     URL(fileURLWithPath: executable).deletingLastPathComponent().path] + loadedLibraryFolders()
        let environment = ProcessInfo.processInfo.environment
        if let moduleFile = environment["GDK_PIXBUF_MODULE_FILE"] {
            paths.append(URL(fileURLWithPath: moduleFile).deletingLastPathComponent().path)
        }
        paths += [environment["GDK_PIXBUF_MODULEDIR"]].compactMap { $0 }
        paths += (environment["LD_LIBRARY_PATH"] ?? "").split(separator: ":").map(String.init)
        return Array(Set(paths)).sorted()
    }

    /// What a worker with neither bubblewrap nor Landlock covers in its own mount namespace
    /// (`sandbox_private_mounts`): home, the temporary and runtime folders, removable media, and
    /// the app's own /proc entry (its memory); and the folders it must still read from beneath
    /// them (a build folder in /tmp), bound back read-only.
    static func privateMounts(executable: String) -> (hidden: [String], kept: [String]) {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        let hidden = Set([home, "/home", "/root", "/tmp", "/var/tmp", "/run", "/media", "/mnt", "/srv", "/proc/\(getppid())"])
            .filter { $0.hasPrefix("/") && $0 != "/" }
        // An outer folder covered after an inner one would cover it again: outer ones first.
        let ordered = hidden.sorted { $0.count < $1.count }
        let kept = readableWithoutBubblewrap(executable: executable).filter { path in
            hidden.contains { path.hasPrefix($0 + "/") } && (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil
        }
        return (ordered, Array(kept.prefix(64)))
    }

    /// The folders of the shared libraries mapped into this process.
    private static func loadedLibraryFolders() -> [String] {
        guard let maps = ProcFile.read("/proc/self/maps", maxBytes: 16 << 20) else { return [] }
        let paths = maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last,
                  path.hasPrefix("/"), path.contains(".so") else { return nil }
            return URL(fileURLWithPath: String(path)).deletingLastPathComponent().path
        }
        return Array(Set(paths))
    }
}
