/// What wakes the agent's core.
public enum AgentEvent: String, Sendable, CaseIterable {
    /// The agent starts.
    case start
    /// A timer armed for a fixed point or a reminder slot fired.
    case timer
    /// The snapshot or progress file changed.
    case filesChanged
    /// The real clock jumped (set by hand, NTP) or the machine resumed from suspend.
    case clockChanged
    /// The system time zone changed.
    case zoneChanged
    /// SIGHUP: reload the configuration.
    case reload
}
