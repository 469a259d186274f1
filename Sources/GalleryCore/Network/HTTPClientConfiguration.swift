extension HTTPClient {
    /// Limits and identity of one client. The defaults suit the gallery; tests shorten the timeouts.
    public struct Configuration: Sendable {
        /// Some image hosts answer 403 without a descriptive User-Agent.
        public var userAgent: String
        public var connectTimeout: Duration
        /// A transfer slower than `lowSpeedLimitBytesPerSecond` for `lowSpeedTime` fails with
        /// `timedOut`. Catches servers that hang after connecting and servers that trickle.
        /// libcurl counts this limit in whole seconds.
        public var lowSpeedLimitBytesPerSecond: Int
        public var lowSpeedTime: Duration
        public var maxRedirects: Int
        /// Transfers beyond this wait in a queue ordered by `LoadPriority`.
        public var maxConcurrentTransfers: Int
        public var maxConnectionsPerHost: Int
        /// nil uses libcurl's built-in CA bundle (the system's).
        public var caBundlePath: String?

        public init(
            userAgent: String = AppIdentity.userAgent,
            connectTimeout: Duration = .seconds(10),
            lowSpeedLimitBytesPerSecond: Int = 100,
            lowSpeedTime: Duration = .seconds(10),
            maxRedirects: Int = 5,
            maxConcurrentTransfers: Int = 8,
            maxConnectionsPerHost: Int = 6,
            caBundlePath: String? = nil
        ) {
            self.userAgent = userAgent
            self.connectTimeout = connectTimeout
            self.lowSpeedLimitBytesPerSecond = lowSpeedLimitBytesPerSecond
            self.lowSpeedTime = lowSpeedTime
            self.maxRedirects = maxRedirects
            self.maxConcurrentTransfers = maxConcurrentTransfers
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.caBundlePath = caBundlePath
        }
    }
}
