import Foundation

// link-gallery-bench: measures GalleryCore against reference tools on the same machine, in the
// same run, and prints a Markdown table of ratios. Benchmarks report; they never assert timings.
// Normally started by tools/bench (release build); see BenchCommand for the subcommands.
exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
