import CGtk
import CSandbox
import Foundation
import Glibc

/// The `--decode-worker` mode of the app's own executable: a warm decoder that serves one
/// picture after another on its standard input and output (one socket), inside the sandbox
/// `DecodeWorkerLaunch` starts it in. Each request brings a memfd for the pixels, and the
/// picture's bytes in a sealed memfd or after the header (`SharedMemory.worthIt`) — or only
/// the id of a picture this worker keeps open from an earlier request (`OpenedPictures`); large
/// pixels go back in the memfd, small ones after the reply's header.
///
/// Before it reads a byte it closes every inherited descriptor but the socket, sets its
/// resource limits, loads gdk-pixbuf's list of loaders and installs its seccomp filter
/// (`sandbox_lockdown`): from then on it can read files and use memory and threads, and
/// nothing else. Without bubblewrap, Landlock keeps it to the system's read-only files, or a
/// mount namespace of its own hides the person's folders, or it opens no file at all.
/// Each request gets its own CPU and address-space allowance; a decode that passes either
/// dies, and the parent starts another worker.
public enum DecodeWorker {
    static let flag = "--decode-worker"
    /// True in the worker: it decodes in-process (it is the sandbox).
    static let isWorker = CommandLine.arguments.dropFirst().first == flag

    /// Largest picture file a worker accepts: the originals' download cap.
    static let maxInputBytes = 256 * 1024 * 1024
    /// Processes and threads within the worker's own user namespace: its decoders' threads.
    static let maxThreads: UInt64 = 64
    static let maxOpenFiles: UInt64 = 64
    /// The CPU hard limit of a worker's whole life; each decode gets its own soft allowance.
    static let lifetimeCPUSeconds: UInt64 = 3600
    /// Input and reply bytes past which a worker trims its heap after the decode.
    static let releaseAfterBytes = 8 << 20

    /// Exit codes of a worker that stops by itself.
    enum ExitCode: Int32 {
        case limitsRefused = 70, filterRefused = 71, badRequest = 72, shortInput = 73, replyFailed = 74
    }

    /// Runs the mode and exits when `arguments` ask for it; returns otherwise. Call first thing
    /// in `main`. `--decode-worker bwrap` runs inside bubblewrap's user namespace (its process
    /// limit counts only its own threads there); `plain` is the fallback without it.
    public static func runIfAsked(arguments: [String]) {
        guard arguments.dropFirst().first == flag else { return }
        let inNamespace = arguments.dropFirst(2).first == "bwrap"
        if let probe = arguments.dropFirst(3).first {
            exit(lockDown(inNamespace: inNamespace) ?? SandboxProbe.run(probe))
        }
        exit(lockDown(inNamespace: inNamespace) ?? serve())
    }

    /// Starts one worker of the shared pool in the background (finding how workers start here
    /// first, which itself starts one): the app's saved list is read by a worker, so a start
    /// from the cache would otherwise wait for both before it shows anything.
    public static func startOneEarly() {
        DispatchQueue.global(qos: .userInitiated).async { DecodeWorkerPool.shared.prewarm() }
    }

    /// Everything before the first request; nil when the sandbox is in place, else why not.
    /// Without bubblewrap's namespaces, the strongest of Landlock, a private mount namespace and
    /// a filter that opens no file (`DecoderProtection`), each unless the app asked for a weaker
    /// one (`DecoderProtection.skippedVariable`, for tests).
    private static func lockDown(inNamespace: Bool) -> Int32? {
        sandbox_close_descriptors_from(3)
        // The folder the app was started from (the person's home, often) stays reachable by a
        // relative path even once a private mount covers it: bubblewrap changes to `/`, and so
        // does every fallback.
        guard chdir("/") == 0 else { return ExitCode.filterRefused.rawValue }
        // Outside a namespace the process limit would count every process of this user: left
        // as it is there (the filter refuses new processes anyway).
        let processes = inNamespace ? maxThreads : 0
        guard sandbox_set_limits(UInt64(DecodeWorkerPool.rasterLimits.addressSpaceBytes), maxOpenFiles, processes,
                                 lifetimeCPUSeconds) == 0 else { return ExitCode.limitsRefused.rawValue }
        _ = PixbufLoaderRegistry.loaderNames // reads gdk-pixbuf's loader list while it still may
        MetadataReading.prepare()
        protection = inNamespace ? .bubblewrap : strongestWithoutNamespaces()
        guard let protection else { return ExitCode.filterRefused.rawValue }
        if protection == .filterOnly { PixbufLoaderRegistry.loadEveryLoader() } // no file opens later
        guard sandbox_lockdown(protection == .filterOnly ? 0 : 1) == 0 else { return ExitCode.filterRefused.rawValue }
        return nil
    }

    /// What `lockDown` put in place, said in the worker's first message.
    nonisolated(unsafe) private static var protection: DecoderProtection? // set once, before any thread

    /// Landlock keeps the user's files out of reach and the file system read-only where the
    /// kernel has it; else a mount namespace of the worker's own hides them; else the filter
    /// will open no file. Nil when Landlock was there and could not be applied.
    private static func strongestWithoutNamespaces() -> DecoderProtection? {
        guard let executable = DecodeWorkerLaunch.workerExecutable else { return .filterOnly }
        let skipped = Set((ProcessInfo.processInfo.environment[DecoderProtection.skippedVariable] ?? "").split(separator: ","))
        if !skipped.contains("landlock") {
            let abi = withCStrings(DecodeWorkerLaunch.readableWithoutBubblewrap(executable: executable)) { sandbox_landlock($0, $1) }
            guard abi >= 0 else { return nil }
            if abi > 0 { return .landlock }
        }
        if !skipped.contains("mounts") {
            let (hidden, kept) = DecodeWorkerLaunch.privateMounts(executable: executable)
            let mounted = withCStrings(hidden) { hidden, hiddenCount in
                withCStrings(kept) { kept, keptCount in sandbox_private_mounts(hidden, hiddenCount, kept, keptCount) }
            }
            if mounted == 0 { return .privateMounts }
        }
        return .filterOnly
    }

    private static func withCStrings(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>, Int32) -> Int32) -> Int32 {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!, Int32(strings.count)) }
    }

    /// What a worker says first, once its sandbox is in place, followed by the
    /// `DecoderProtection` it put in place: the app takes no worker that has not said it
    /// (`DecodeWorkerProcess.start`).
    static let ready = Data("LGready".utf8)

    private static func serve() -> Int32 {
        let fault = ProcessInfo.processInfo.environment[DecodeWorkerFault.environmentName].flatMap(DecodeWorkerFault.init)
        guard let protection, WorkerSocket.write(ready + [protection.rawValue], to: 1) else { return ExitCode.replyFailed.rawValue }
        var opened = OpenedPictures()
        // Each request brings a memfd for the pixels, and its bytes in another memfd or after it.
        while let (header, descriptors) = WorkerSocket.read(count: DecodeRequest.headerSize, passing: 2, from: 0) {
            defer { descriptors.forEach { close($0) } }
            guard let request = DecodeRequest(header: header, maxDataLength: maxInputBytes),
                  descriptors.count == (request.dataInSharedMemory ? 2 : 1), let output = descriptors.last else {
                return ExitCode.badRequest.rawValue
            }
            request.closes.forEach { opened.close($0) } // before the bytes: their mapping goes now
            fault?.beforeReadingBytes(of: request)
            let received = request.dataInSharedMemory ? mappedInput(descriptors[0], offset: request.dataOffset, length: request.dataLength)
                : WorkerSocket.read(count: request.dataLength, from: 0)
            guard let data = received else { return ExitCode.shortInput.rawValue }
            sandbox_allow(UInt32(request.cpuSeconds), UInt64(request.addressSpaceBytes))
            let reply = answer(request, data: data, opened: &opened, fault: fault)
            // Large pixels into the app's memfd first: the app maps them once the header has
            // come. Pixels that cannot be delivered end the worker (the app says "could not
            // decode" and starts another): a header without them would show whatever the memfd
            // held. Small ones follow the header on the socket.
            var replyHeader = reply.header
            replyHeader.requestID = request.requestID
            replyHeader.bodyInSharedMemory = reply.bodyLength >= SharedMemory.worthIt
            fault?.sending(&replyHeader)
            guard !replyHeader.bodyInSharedMemory || reply.writeBody(into: output, keepMapping: fault == .holdsPixels),
                  fault?.afterWritingBody(into: output, length: reply.bodyLength) ?? true,
                  WorkerSocket.write(DecodeReply.encode(replyHeader) + (replyHeader.bodyInSharedMemory ? Data() : reply.packedBody()),
                                     to: 1)
            else { return ExitCode.replyFailed.rawValue }
            // Unlike the app (`LargeAllocations`), a worker keeps freed buffers in its heap for
            // the next picture (small decodes then fault in no fresh pages), and gives a large
            // decode's memory back after it, so an idle worker holds little.
            if reply.bodyLength > releaseAfterBytes { sandbox_release_memory() }
        }
        return 0 // the parent closed the socket
    }

    /// The picture's bytes, mapped read-only from the app's sealed memfd or an arriving
    /// download's cache file, from `offset`: nil when it holds fewer than the request said.
    private static func mappedInput(_ descriptor: Int32, offset: Int, length: Int) -> Data? {
        guard length > 0 else { return Data() }
        let mapped = offset + length // both bounded by the request's header
        guard sandbox_file_size(descriptor) >= Int64(mapped), let memory = sandbox_map(descriptor, mapped, 0) else { return nil }
        return Data(bytesNoCopy: memory + offset, count: length, deallocator: .custom { _, _ in sandbox_unmap(memory, mapped) })
    }
}
