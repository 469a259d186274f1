extension HTTPClient {
    /// Limits and identity of one client. The defaults suit the gallery; tests shorten the timeouts.
    public struct Configuration: Sendable {
        /// Some image hosts answer 403 without a descriptive User-Agent.
        public var userAgent: String
        public var connectTimeout: Duration
        /// A transfer slower than `lowSpeedLimitBytesPerSecond` for `lowSpeedTime` fails with
        /// `timedOut`. Catches servers that hang after connecting and servers that trickle
        /// (a "slow-loris" at a few hundred bytes a second). 1 KB/s is far below any real link.
        /// libcurl counts this limit in whole seconds.
        public var lowSpeedLimitBytesPerSecond: Int
        public var lowSpeedTime: Duration
        /// Every transfer ends within `totalTimeoutBase` plus the time its largest allowed body
        /// takes at `totalTimeoutBytesPerSecond`, so a server trickling just above the low-speed
        /// limit cannot keep one forever, while a 64 MB original still completes on a
        /// 512 kbit/s link (about 18 minutes).
        public var totalTimeoutBase: Duration
        public var totalTimeoutBytesPerSecond: Int
        public var maxRedirects: Int
        /// Transfers beyond this wait in a queue ordered by `LoadPriority`. Only transfers that hold
        /// a slot count (see `slotGracePeriod`). Never more than `maxConnectionsPerHost`: further
        /// transfers to one host would wait inside libcurl, out of priority order.
        public var maxConcurrentTransfers: Int
        /// A transfer holds one of the `maxConcurrentTransfers` slots while it waits for a
        /// connection, for its first `slotGracePeriod` after it has one, and after that only while
        /// it averages `slotHoldingBytesPerSecond`: slow servers cannot keep every other image
        /// waiting. 4 KB/s is 20 times a slow-loris and what each of 6 transfers gets on a
        /// 256 kbit/s link, so an ordinary slow link keeps the usual 6 transfers in priority order.
        public var slotGracePeriod: Duration
        public var slotHoldingBytesPerSecond: Int
        /// Bounds connections whatever slow servers hold: no transfer but an interactive one starts
        /// while this many run.
        public var maxRunningTransfers: Int
        /// Interactive transfers (the links file, the viewer's image) start at once while fewer
        /// than this many interactive ones run, whatever the other limits say.
        public var interactiveReserve: Int
        public var maxConnectionsPerHost: Int
        /// nil uses libcurl's built-in CA bundle (the system's).
        public var caBundlePath: String?
        /// Times a request refused with 429 or 503 is sent again once its host's wait is over.
        public var politeRetries: Int
        /// Times a download whose connection broke goes on (from its bytes, where it can), and
        /// the waits before: 0.5 s, 1 s, 2 s.
        public var resumeAttempts: Int
        public var resumeBackoff: Backoff
        /// How hosts are paced and paused (`HostPacing`).
        var hostRules = HostPacing.Rules()

        public init(
            userAgent: String = AppIdentity.userAgent,
            connectTimeout: Duration = .seconds(10),
            lowSpeedLimitBytesPerSecond: Int = 1024,
            lowSpeedTime: Duration = .seconds(15),
            totalTimeoutBase: Duration = .seconds(60),
            totalTimeoutBytesPerSecond: Int = 64 * 1024,
            maxRedirects: Int = 5,
            maxConcurrentTransfers: Int = 6,
            slotGracePeriod: Duration = .seconds(3),
            slotHoldingBytesPerSecond: Int = 4 * 1024,
            maxRunningTransfers: Int = 16,
            interactiveReserve: Int = 4,
            maxConnectionsPerHost: Int = 6,
            caBundlePath: String? = nil,
            politeRetries: Int = 8,
            resumeAttempts: Int = 3,
            resumeBackoff: Backoff = Backoff(initialSeconds: 0.5, capSeconds: 4)
        ) {
            self.userAgent = userAgent
            self.connectTimeout = connectTimeout
            self.lowSpeedLimitBytesPerSecond = lowSpeedLimitBytesPerSecond
            self.lowSpeedTime = lowSpeedTime
            self.totalTimeoutBase = totalTimeoutBase
            self.totalTimeoutBytesPerSecond = totalTimeoutBytesPerSecond
            self.maxRedirects = maxRedirects
            self.maxConcurrentTransfers = maxConcurrentTransfers
            self.slotGracePeriod = slotGracePeriod
            self.slotHoldingBytesPerSecond = slotHoldingBytesPerSecond
            self.maxRunningTransfers = maxRunningTransfers
            self.interactiveReserve = interactiveReserve
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.caBundlePath = caBundlePath
            self.politeRetries = politeRetries
            self.resumeAttempts = resumeAttempts
            self.resumeBackoff = resumeBackoff
        }

        /// The whole-transfer limit for a request that may receive up to `maxBodyBytes`.
        func totalTimeout(maxBodyBytes: Int) -> Duration {
            totalTimeoutBase + .seconds(max(0, maxBodyBytes) / max(1, totalTimeoutBytesPerSecond))
        }
    }
}
