import Notify

#if canImport(Glibc)
    import Glibc
#endif

extension GLibPump {
    /// Polls GLib's descriptors and dispatches, as the agent's loop does, until `done()`
    /// holds or `timeout` passes; returns whether `done()` held.
    @discardableResult
    public func run(until done: () -> Bool, timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        dispatchPending()
        while !done() {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let request = descriptors()
            var fds = request.descriptors.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
            let leftMilliseconds = Int32(min(left / .milliseconds(1), 60_000).rounded(.up))
            let wait =
                request.timeoutMilliseconds < 0 ? leftMilliseconds : min(request.timeoutMilliseconds, leftMilliseconds)
            _ = poll(&fds, nfds_t(fds.count), wait)
            dispatch(ready: fds.map { GLibPump.Ready(fd: $0.fd, revents: $0.revents) })
        }
        return true
    }
}
