extension UndoHistory: Codable where Part: Codable {
    private enum CodingKeys: String, CodingKey {
        case limit, undoSteps, redoSteps, newestStepIsOpen, groupDepth, groupName, groupHasStep
    }

    /// Encodes the history with its steps (a recorded session, a saved state keeps it whole).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(limit, forKey: .limit)
        try container.encode(undoList, forKey: .undoSteps)
        try container.encode(redoList, forKey: .redoSteps)
        try container.encode(newestStepIsOpen, forKey: .newestStepIsOpen)
        try container.encode(groupDepth, forKey: .groupDepth)
        try container.encode(groupName, forKey: .groupName)
        try container.encode(groupHasStep, forKey: .groupHasStep)
    }

    /// Decodes a history; a limit below 1, more steps to undo than the limit, or a negative
    /// group depth is refused as corrupt data rather than kept.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let limit = try container.decode(Int.self, forKey: .limit)
        let undoList = try container.decode(UndoStepList<Part>.self, forKey: .undoSteps)
        let groupDepth = try container.decode(Int.self, forKey: .groupDepth)
        guard limit >= 1, undoList.count <= limit, groupDepth >= 0 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "UndoHistory: a limit of \(limit), \(undoList.count) steps to undo and \(groupDepth) groups open"
            ))
        }
        self.limit = limit
        self.undoList = undoList
        self.redoList = try container.decode(UndoStepList<Part>.self, forKey: .redoSteps)
        self.groupDepth = groupDepth
        newestStepIsOpen = try container.decode(Bool.self, forKey: .newestStepIsOpen)
        groupName = try container.decode(String.self, forKey: .groupName)
        groupHasStep = try container.decode(Bool.self, forKey: .groupHasStep)
    }
}
