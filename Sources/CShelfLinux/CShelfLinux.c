// Everything is inline in include/CShelfLinux.h; SwiftPM needs one source file per C target.
#include "CShelfLinux.h"
