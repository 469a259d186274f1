# The unit-test step of tools/test, as a function: `run_unit_tests LOG [DEADLINE] [FILTER]`
# runs the test bundle (built by `swift build --build-tests`; FILTER as XCTest takes it,
# `Module.Class` or `Module.Class/method`) on a virtual X display inside a private D-Bus
# session, writes its output to LOG too, and returns its status.
#
# XCTest has no time limit per test, so the run gets DEADLINE seconds (default 1800; it takes
# about 10 minutes on two cores). A run that hangs fails and shows where: every thread's stack
# of the test process (gdb), the last test that started, then the whole run is killed. Nothing
# is run again: a hang is a failure to fix (that is how a lost HTTP continuation was found: a
# late cancel message naming a reused address).
#
# The bundle runs in a session of its own (setsid), so the deadline reaches it and everything it
# started, and nothing else on the machine. It is started directly, not through `swift test`,
# which starts it in a process group of its own where no signal sent to the run arrives:
# measured, a run killed at its deadline left the test process waiting for ever.
run_unit_tests() {
    local log=$1 deadline=${2:-1800} filter=${3:-}
    local bundle
    bundle="$(swift build --show-bin-path)/LinkGalleryPackageTests.xctest"
    # Line-buffered, so the log shows the last test that started even when the run is killed.
    # `setsid --wait` returns only when the run has ended, whether or not it had to fork to
    # lead a session; the session's leader writes its id (its pid) before it becomes the run.
    local sid_file
    sid_file=$(mktemp)
    setsid --wait bash -c 'echo $$ >"$0"; exec "$@"' "$sid_file" dbus-run-session -- \
        xvfb-run -a -s "-screen 0 1280x1024x24" \
        stdbuf -oL -eL "$bundle" ${filter:+"$filter"} > >(tee "$log") 2>&1 &
    local runner=$!
    (
        # Ended early (the run finished): its sleep goes with it.
        trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM
        sleep "$deadline" &
        sleeper=$!
        wait "$sleeper"
        kill -0 "$runner" 2>/dev/null || exit 0
        session=$(cat "$sid_file")
        touch "$sid_file.hung"
        echo "The unit tests hung past ${deadline} s; the last test that started:" \
            "$(grep -o "Test Case '[^']*' started" "$log" | tail -1)"
        for pid in $(pgrep -s "$session"); do
            [[ $(readlink "/proc/$pid/exe") == "$(readlink -f "$bundle")" ]] || continue
            echo "Every thread of the test process ($pid):"
            timeout 120 gdb -p "$pid" -batch -ex "thread apply all bt 40" 2>/dev/null | grep -E "^(Thread|#)" \
                | swift demangle --simplified
        done
        kill -KILL -- "-$session" 2>/dev/null
    ) >&2 &
    local watchdog=$!
    wait "$runner"
    local status=$?
    kill "$watchdog" 2>/dev/null
    wait "$watchdog" 2>/dev/null
    # The watchdog killed it: the run hung (its status is the kill's, 137 or 9 by setsid).
    [[ -e "$sid_file.hung" ]] && status=124
    rm -f "$sid_file" "$sid_file.hung"
    return "$status"
}
