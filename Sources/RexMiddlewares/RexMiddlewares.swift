@_exported import RexCore
