#ifndef HAMMOCK_CSQLITE_SHIM_H
#define HAMMOCK_CSQLITE_SHIM_H

#include <sqlite3.h>

#endif
