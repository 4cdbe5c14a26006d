import RexCore

extension IO {
    /// Returns an IO whose dispatches reach the output only while `isAllowed` returns `true`,
    /// asked at the moment of each dispatch. A pure IO stays pure.
    func filteringOutput(_ isAllowed: @escaping @Sendable () -> Bool) -> IO {
        guard !isPure else { return self }
        return IO { output in
            self.run(AnyActionHandler(lifetime: output.lifetime) { dispatchedAction in
                if isAllowed() {
                    output.dispatch(dispatchedAction)
                }
            })
        }
    }
}
