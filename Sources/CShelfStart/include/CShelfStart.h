// Nothing to call: the target only adds a pre-initialiser to the `shelf` executable (CShelfStart.c).
#ifndef CSHELFSTART_H
#define CSHELFSTART_H
#endif
