import CFuzzerDriver

/// Starts libFuzzer from a `main` of our own.
///
/// SwiftPM links Linux executables with `main` renamed to `<module>_main` (so tests can link
/// them), which hides libFuzzer's own `main`. Each fuzz target therefore exports that symbol
/// and hands over to `LLVMFuzzerRunDriver`, which parses the usual libFuzzer flags.
public enum FuzzDriver {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    public static func run(
        argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, test: TestOneInput
    ) -> CInt {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, test)
    }
}
