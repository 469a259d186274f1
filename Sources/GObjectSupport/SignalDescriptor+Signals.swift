import CGtk

// The signals the app connects to, each once with its handler's signature. The emitting class
// is named where one signal name has two signatures (GtkGestureClick's `pressed` and
// GtkGestureLongPress's).

public extension SignalDescriptor where Handler == @MainActor () -> Void {
    /// GtkWidget
    static var destroy: Self { .noArguments("destroy") }
    static var map: Self { .noArguments("map") }
    /// GtkButton
    static var clicked: Self { .noArguments("clicked") }
    /// GtkEntry, GApplication
    static var activate: Self { .noArguments("activate") }
    /// GtkEditable, GtkAdjustment (bounds or page size)
    static var changed: Self { .noArguments("changed") }
    /// GtkSearchEntry: the text changed and typing has paused; Escape was pressed.
    static var searchChanged: Self { .noArguments("search-changed") }
    static var stopSearch: Self { .noArguments("stop-search") }
    /// GtkFlowBox
    static var selectedChildrenChanged: Self { .noArguments("selected-children-changed") }
    /// GtkAdjustment
    static var valueChanged: Self { .noArguments("value-changed") }
    /// GdkFrameClock
    static var afterPaint: Self { .noArguments("after-paint") }
    static var layout: Self { .noArguments("layout") }
    /// GtkPopover
    static var closed: Self { .noArguments("closed") }
    /// GApplication
    static var startup: Self { .noArguments("startup") }
    static var shutdown: Self { .noArguments("shutdown") }
    /// GtkEventControllerMotion
    static var leave: Self { .noArguments("leave") }
    /// GtkEventControllerScroll
    static var scrollEnd: Self { .noArguments("scroll-end") }
}

public extension SignalDescriptor where Handler == @MainActor () -> Bool {
    /// GtkWindow: return true to keep the window open.
    static var closeRequest: Self { .handled("close-request") }
}

public extension SignalDescriptor where Handler == @MainActor (PointerArgument) -> Void {
    /// `notify::property` (GParamSpec *)
    static func notify(_ property: String) -> Self { .pointer("notify::" + property) }
    /// GtkFlowBox (GtkFlowBoxChild *)
    static var childActivated: Self { .pointer("child-activated") }
    /// GSimpleAction `activate` (GVariant *parameter)
    static var actionActivated: Self { .pointer("activate") }
    /// GtkGesture (GdkEventSequence *), GtkDragSource (GdkDrag *)
    static var begin: Self { .pointer("begin") }
    static var end: Self { .pointer("end") }
    /// GtkSignalListItemFactory (GtkListItem *)
    static var setup: Self { .pointer("setup") }
    static var bind: Self { .pointer("bind") }
    static var unbind: Self { .pointer("unbind") }
}

public extension SignalDescriptor where Handler == @MainActor (PointerArgument) -> Int32 {
    /// GApplication (GApplicationCommandLine *): the exit status.
    static var commandLine: Self { .pointerReturningInt("command-line") }
    /// GApplication (GVariantDict *): an exit status, or -1 to go on.
    static var handleLocalOptions: Self { .pointerReturningInt("handle-local-options") }
}

public extension SignalDescriptor where Handler == @MainActor (Bool) -> Void {
    /// GNetworkMonitor (network available)
    static var networkChanged: Self { .boolean("network-changed") }
}

public extension SignalDescriptor where Handler == @MainActor (Int32) -> Void {
    /// GtkNativeDialog (GtkResponseType)
    static var response: Self { .integer("response") }
    /// GtkPrintOperation: its result (`GtkPrintOperationResult`), once the job is handed over.
    static var done: Self { .integer("done") }
    /// GtkListView, GtkGridView: the position of the item activated (Enter, a double click).
    static var itemActivated: Self { .integer("activate") }
}

public extension SignalDescriptor where Handler == @MainActor (PointerArgument, Int32) -> Void {
    /// GtkPrintOperation: the print context and the page's number.
    static var drawPage: Self { .pointerAndInteger("draw-page") }
}

public extension SignalDescriptor where Handler == @MainActor (Double) -> Void {
    /// GtkGestureZoom
    static var scaleChanged: Self { .double("scale-changed") }
}

public extension SignalDescriptor where Handler == @MainActor (Double, Double) -> Void {
    /// GtkEventControllerMotion
    static var motion: Self { .point("motion") }
    static var enter: Self { .point("enter") }
    /// GtkGestureLongPress `pressed`
    static var longPressed: Self { .point("pressed") }
    /// GtkGestureDrag: the start point, then offsets from it
    static var dragBegin: Self { .point("drag-begin") }
    static var dragUpdate: Self { .point("drag-update") }
    static var dragEnd: Self { .point("drag-end") }
}

public extension SignalDescriptor where Handler == @MainActor (Double, Double) -> Bool {
    /// GtkEventControllerScroll (dx, dy): return true when handled.
    static var scroll: Self { .handledPoint("scroll") }
}

public extension SignalDescriptor where Handler == @MainActor (Int32, Double, Double) -> Void {
    /// GtkGestureClick (n_press, x, y)
    static var pressed: Self { .pressAtPoint("pressed") }
    static var released: Self { .pressAtPoint("released") }
}

public extension SignalDescriptor where Handler == @MainActor (_ instance: PointerArgument, Double, Double) -> UnsafeMutableRawPointer? {
    /// GtkDragSource: the content provider to drag, or nil for none.
    static var prepare: Self { .pointReturningObject("prepare") }
}

public extension SignalDescriptor where Handler == @MainActor (_ instance: PointerArgument, PointerArgument, Double, Double) -> Bool {
    /// GtkDropTarget (const GValue *, x, y): return true when accepted.
    static var drop: Self { .pointerAtPoint("drop") }
}

public extension SignalDescriptor where Handler == @MainActor (PointerArgument, PointerArgument, PointerArgument) -> Void {
    /// GDBusProxy `g-signal` (sender name, signal name, GVariant *parameters)
    static var dbusSignal: Self { .threePointers("g-signal") }
}

public extension SignalDescriptor where Handler == @MainActor (GFileMonitorEvent) -> Void {
    /// GFileMonitor `changed`
    static var fileChanged: Self { .fileMonitorEvent("changed") }
}

public extension SignalDescriptor where Handler == @MainActor (_ x: Int32, _ y: Int32, _ keyboard: Bool, _ tooltip: OpaquePointer) -> Bool {
    /// GtkWidget: fill in the tooltip and return true to show it.
    static var queryTooltip: Self { .tooltip("query-tooltip") }
}

public extension SignalDescriptor where Handler == (_ instance: PointerArgument, Int32, Int32) -> Void {
    /// GdkPixbufLoader, on the decoding thread: the picture's size, before any pixels.
    static var sizePrepared: Self { .size("size-prepared") }
}
