// RexTicks is its header: rex_ticks is inline, so that Swift code calls no function to read it.
// SwiftPM builds a C target only from a source file, which this is.
#include "RexTicks.h"
