// Synchronous on purpose: a top-level `await` would make the runtime call `dispatch_main()`
// and run MainActor work off the GTK thread. See docs/ARCHITECTURE.md, "The main loop".
import Glibc
import GalleryCore
import GalleryUI

// The hidden sandboxed decoder mode (a child of the app, see DecodeWorker): before anything else.
DecodeWorker.runIfAsked(arguments: CommandLine.arguments)
LargeAllocations.returnToTheSystemWhenFreed()
// The saved list and the first pictures are read by a worker: start one while GTK starts.
DecodeWorker.startOneEarly()
exit(GalleryApplication.run(arguments: CommandLine.arguments))
