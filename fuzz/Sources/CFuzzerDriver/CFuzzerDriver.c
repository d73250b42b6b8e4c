// Only the header matters: SwiftPM needs one source file to make a C target.
#include "CFuzzerDriver.h"
