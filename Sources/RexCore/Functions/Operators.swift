/// The composition operator (the "diamond"): combines two reducers, middlewares, IOs or readers
/// into one that runs the left one first.
infix operator <> : AdditionPrecedence
