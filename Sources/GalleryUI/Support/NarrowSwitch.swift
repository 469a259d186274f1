import GObjectSupport

/// When a window's controls switch to their narrow layout (issue 54). GTK 4.8 has no
/// breakpoints: the width is read after each layout and the switch made on the next idle
/// (widgets must not appear or go while GTK allocates). Narrow below the width the wide layout
/// needs; wide again `hysteresis` pixels above it, so a width near the edge does not flip the
/// layout back and forth. A layout the caller decides itself (the properties sheet) uses `set`.
@MainActor
final class NarrowSwitch {
    private var isNarrow = false
    private var pending = false
    private let hysteresis: Int
    private let apply: @MainActor (_ narrow: Bool) -> Void

    init(hysteresis: Int = 40, apply: @escaping @MainActor (_ narrow: Bool) -> Void) {
        self.hysteresis = hysteresis
        self.apply = apply
    }

    /// A window `width` pixels wide, whose wide layout needs `needed`.
    func fit(width: Int, needed: Int) {
        set(width < needed || (isNarrow && width < needed + hysteresis))
    }

    /// Switches to `narrow` (a layout decided by the caller) on the next idle, when it changes.
    func set(_ narrow: Bool) {
        guard narrow != isNarrow, !pending else { return }
        pending = true
        MainLoopSource.onceWhenIdle { [weak self] in
            guard let self else { return }
            self.pending = false
            self.isNarrow = narrow
            self.apply(narrow)
        }
    }
}
