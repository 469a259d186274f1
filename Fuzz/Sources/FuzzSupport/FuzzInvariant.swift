import Foundation

/// Stops the fuzzer when a property of the code under test does not hold.
///
/// `fatalError` traps, which libFuzzer reports as a crash and saves the input as an artifact.
/// The message goes to stderr first, so the report says which property failed even when the
/// Swift backtracer is off (tools/fuzz turns it off so that libFuzzer's handler runs).
public enum FuzzInvariant {
    public static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition() else { return }
        let text = message()
        FileHandle.standardError.write(Data("invariant failed at \(file):\(line): \(text)\n".utf8))
        fatalError(text, file: file, line: line)
    }
}
