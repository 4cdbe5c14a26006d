// RexAtomics is its header: every operation is inline, so that Swift code calls no function.
// SwiftPM builds a C target only from a source file, which this is.
#include "RexAtomics.h"
