// SPDX-License-Identifier: GPL-3.0-or-later
import Notify
import Posix

extension GLibPump {
    /// Polls GLib's descriptors and dispatches, as the agent's loop does (`wait`), until `done()`
    /// holds or `timeout` passes; returns whether `done()` held.
    @discardableResult
    package func run(until done: () -> Bool, timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        dispatchPending()
        while !done() {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let leftMilliseconds = Int32(min(left / .milliseconds(1), 60_000).rounded(.up))
            _ = try? wait(PollSet(), timeoutMilliseconds: leftMilliseconds)
        }
        return true
    }
}
