extension EventRules: Codable {
    private enum CodingKeys: String, CodingKey {
        case exitMarginMeters, exitConfirmFixes, exitConfirmSeconds, minimumDwellSeconds
        case requiredAccuracyMeters, maximumSpeedMetersPerSecond, detectsCrossings
    }

    /// Decodes rules; a missing key takes its default.
    /// - Throws: `DecodingError.dataCorrupted` naming the invalid value and its coding path.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = EventRules()
        var rules = defaults
        rules.exitMarginMeters =
            try c.decodeIfPresent(Double.self, forKey: .exitMarginMeters) ?? defaults.exitMarginMeters
        rules.exitConfirmFixes = try c.decodeIfPresent(Int.self, forKey: .exitConfirmFixes) ?? defaults.exitConfirmFixes
        rules.exitConfirmSeconds =
            try c.decodeIfPresent(Double.self, forKey: .exitConfirmSeconds) ?? defaults.exitConfirmSeconds
        rules.minimumDwellSeconds =
            try c.decodeIfPresent(Double.self, forKey: .minimumDwellSeconds) ?? defaults.minimumDwellSeconds
        rules.requiredAccuracyMeters = try c.decodeIfPresent(Double.self, forKey: .requiredAccuracyMeters)
        rules.maximumSpeedMetersPerSecond =
            try c.decodeIfPresent(Double.self, forKey: .maximumSpeedMetersPerSecond)
            ?? defaults.maximumSpeedMetersPerSecond
        rules.detectsCrossings =
            try c.decodeIfPresent(Bool.self, forKey: .detectsCrossings) ?? defaults.detectsCrossings
        if let problem = rules.problem {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
        }
        self = rules
    }

    /// Encodes every rule, defaults included (`requiredAccuracyMeters` only when set).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(exitMarginMeters, forKey: .exitMarginMeters)
        try c.encode(exitConfirmFixes, forKey: .exitConfirmFixes)
        try c.encode(exitConfirmSeconds, forKey: .exitConfirmSeconds)
        try c.encode(minimumDwellSeconds, forKey: .minimumDwellSeconds)
        try c.encodeIfPresent(requiredAccuracyMeters, forKey: .requiredAccuracyMeters)
        try c.encode(maximumSpeedMetersPerSecond, forKey: .maximumSpeedMetersPerSecond)
        try c.encode(detectsCrossings, forKey: .detectsCrossings)
    }
}
