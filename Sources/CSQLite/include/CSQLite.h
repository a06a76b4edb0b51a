// The part of SQLite's C interface that SiestaSQLite uses, loaded at run time from the system's
// libsqlite3 (present wherever the Swift toolchain runs), so building needs no SQLite headers.
// Types and constants follow SQLite's documented, stable ABI; functions carry a csqlite_ prefix
// and forward to the library's sqlite3_ functions.
#ifndef HAMMOCK_CSQLITE_H
#define HAMMOCK_CSQLITE_H

#include <stdint.h>

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
typedef int64_t sqlite3_int64;
typedef uint64_t sqlite3_uint64;
typedef void (*sqlite3_destructor_type)(void *);

#define SQLITE_OK 0
#define SQLITE_BUSY 5
#define SQLITE_CORRUPT 11
#define SQLITE_NOTADB 26
#define SQLITE_ROW 100
#define SQLITE_DONE 101

#define SQLITE_INTEGER 1
#define SQLITE_FLOAT 2
#define SQLITE_TEXT 3
#define SQLITE_BLOB 4
#define SQLITE_NULL 5

#define SQLITE_OPEN_READWRITE 0x00000002
#define SQLITE_OPEN_CREATE 0x00000004
#define SQLITE_OPEN_NOMUTEX 0x00008000

#define SQLITE_PREPARE_PERSISTENT 0x01

/// Loads the SQLite library once; returns 1 when every function is available, 0 otherwise.
int csqlite_load(void);
/// Why loading failed, or NULL after a successful load.
const char *csqlite_load_error(void);

int csqlite_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs);
int csqlite_close_v2(sqlite3 *db);
const char *csqlite_errmsg(sqlite3 *db);
const char *csqlite_errstr(int code);
int csqlite_extended_result_codes(sqlite3 *db, int onoff);
int csqlite_busy_timeout(sqlite3 *db, int milliseconds);
int csqlite_db_readonly(sqlite3 *db, const char *schema);
int csqlite_get_autocommit(sqlite3 *db);
int csqlite_prepare_v3(sqlite3 *db, const char *sql, int bytes, unsigned int flags, sqlite3_stmt **statement,
                       const char **tail);
int csqlite_step(sqlite3_stmt *statement);
int csqlite_reset(sqlite3_stmt *statement);
int csqlite_finalize(sqlite3_stmt *statement);
int csqlite_clear_bindings(sqlite3_stmt *statement);
int csqlite_bind_blob64(sqlite3_stmt *statement, int index, const void *value, sqlite3_uint64 bytes,
                        sqlite3_destructor_type destructor);
int csqlite_bind_double(sqlite3_stmt *statement, int index, double value);
int csqlite_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value);
int csqlite_bind_null(sqlite3_stmt *statement, int index);
int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *value, int bytes,
                      sqlite3_destructor_type destructor);
int csqlite_bind_zeroblob(sqlite3_stmt *statement, int index, int bytes);
const void *csqlite_column_blob(sqlite3_stmt *statement, int column);
int csqlite_column_bytes(sqlite3_stmt *statement, int column);
double csqlite_column_double(sqlite3_stmt *statement, int column);
sqlite3_int64 csqlite_column_int64(sqlite3_stmt *statement, int column);
const unsigned char *csqlite_column_text(sqlite3_stmt *statement, int column);
int csqlite_column_type(sqlite3_stmt *statement, int column);

#endif
