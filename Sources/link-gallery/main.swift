// Synchronous on purpose: a top-level `await` would make the runtime call `dispatch_main()`
// and run MainActor work off the GTK thread. See docs/ARCHITECTURE.md, "The main loop".
import Glibc
import GalleryUI

exit(GalleryApplication.run(arguments: CommandLine.arguments))
