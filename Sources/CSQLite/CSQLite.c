// Resolves SQLite's functions from the system library with dlopen/dlsym, once.
#include "CSQLite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static struct {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close_v2)(sqlite3 *);
    const char *(*errmsg)(sqlite3 *);
    const char *(*errstr)(int);
    int (*extended_result_codes)(sqlite3 *, int);
    int (*busy_timeout)(sqlite3 *, int);
    int (*db_readonly)(sqlite3 *, const char *);
    int (*get_autocommit)(sqlite3 *);
    int (*prepare_v3)(sqlite3 *, const char *, int, unsigned int, sqlite3_stmt **, const char **);
    int (*step)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    int (*finalize)(sqlite3_stmt *);
    int (*clear_bindings)(sqlite3_stmt *);
    int (*bind_blob64)(sqlite3_stmt *, int, const void *, sqlite3_uint64, sqlite3_destructor_type);
    int (*bind_double)(sqlite3_stmt *, int, double);
    int (*bind_int64)(sqlite3_stmt *, int, sqlite3_int64);
    int (*bind_null)(sqlite3_stmt *, int);
    int (*bind_text)(sqlite3_stmt *, int, const char *, int, sqlite3_destructor_type);
    int (*bind_zeroblob)(sqlite3_stmt *, int, int);
    const void *(*column_blob)(sqlite3_stmt *, int);
    int (*column_bytes)(sqlite3_stmt *, int);
    double (*column_double)(sqlite3_stmt *, int);
    sqlite3_int64 (*column_int64)(sqlite3_stmt *, int);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);
    int (*column_type)(sqlite3_stmt *, int);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static const char *failure = "the SQLite library has not been loaded";

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    return *slot != NULL;
}

static void load(void) {
    static const char *candidates[] = {
        "libsqlite3.so.0", "libsqlite3.so", "/usr/lib/libsqlite3.dylib", "libsqlite3.dylib", NULL,
    };
    void *library = NULL;
    for (int index = 0; candidates[index] != NULL && library == NULL; index++) {
        library = dlopen(candidates[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        failure = "the system SQLite library (libsqlite3.so.0) could not be loaded";
        return;
    }
#define RESOLVE(field, name)                                   \
    if (!resolve(library, (void **)&api.field, name)) {        \
        failure = "the system SQLite library lacks " name;     \
        return;                                                \
    }
    RESOLVE(open_v2, "sqlite3_open_v2")
    RESOLVE(close_v2, "sqlite3_close_v2")
    RESOLVE(errmsg, "sqlite3_errmsg")
    RESOLVE(errstr, "sqlite3_errstr")
    RESOLVE(extended_result_codes, "sqlite3_extended_result_codes")
    RESOLVE(busy_timeout, "sqlite3_busy_timeout")
    RESOLVE(db_readonly, "sqlite3_db_readonly")
    RESOLVE(get_autocommit, "sqlite3_get_autocommit")
    RESOLVE(prepare_v3, "sqlite3_prepare_v3")
    RESOLVE(step, "sqlite3_step")
    RESOLVE(reset, "sqlite3_reset")
    RESOLVE(finalize, "sqlite3_finalize")
    RESOLVE(clear_bindings, "sqlite3_clear_bindings")
    RESOLVE(bind_blob64, "sqlite3_bind_blob64")
    RESOLVE(bind_double, "sqlite3_bind_double")
    RESOLVE(bind_int64, "sqlite3_bind_int64")
    RESOLVE(bind_null, "sqlite3_bind_null")
    RESOLVE(bind_text, "sqlite3_bind_text")
    RESOLVE(bind_zeroblob, "sqlite3_bind_zeroblob")
    RESOLVE(column_blob, "sqlite3_column_blob")
    RESOLVE(column_bytes, "sqlite3_column_bytes")
    RESOLVE(column_double, "sqlite3_column_double")
    RESOLVE(column_int64, "sqlite3_column_int64")
    RESOLVE(column_text, "sqlite3_column_text")
    RESOLVE(column_type, "sqlite3_column_type")
#undef RESOLVE
    failure = NULL;
    loaded = 1;
}

int csqlite_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *csqlite_load_error(void) {
    csqlite_load();
    return failure;
}

int csqlite_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) {
    return api.open_v2(filename, db, flags, vfs);
}
int csqlite_close_v2(sqlite3 *db) { return api.close_v2(db); }
const char *csqlite_errmsg(sqlite3 *db) { return api.errmsg(db); }
const char *csqlite_errstr(int code) { return api.errstr(code); }
int csqlite_extended_result_codes(sqlite3 *db, int onoff) { return api.extended_result_codes(db, onoff); }
int csqlite_busy_timeout(sqlite3 *db, int milliseconds) { return api.busy_timeout(db, milliseconds); }
int csqlite_db_readonly(sqlite3 *db, const char *schema) { return api.db_readonly(db, schema); }
int csqlite_get_autocommit(sqlite3 *db) { return api.get_autocommit(db); }
int csqlite_prepare_v3(sqlite3 *db, const char *sql, int bytes, unsigned int flags, sqlite3_stmt **statement,
                       const char **tail) {
    return api.prepare_v3(db, sql, bytes, flags, statement, tail);
}
int csqlite_step(sqlite3_stmt *statement) { return api.step(statement); }
int csqlite_reset(sqlite3_stmt *statement) { return api.reset(statement); }
int csqlite_finalize(sqlite3_stmt *statement) { return api.finalize(statement); }
int csqlite_clear_bindings(sqlite3_stmt *statement) { return api.clear_bindings(statement); }
int csqlite_bind_blob64(sqlite3_stmt *statement, int index, const void *value, sqlite3_uint64 bytes,
                        sqlite3_destructor_type destructor) {
    return api.bind_blob64(statement, index, value, bytes, destructor);
}
int csqlite_bind_double(sqlite3_stmt *statement, int index, double value) {
    return api.bind_double(statement, index, value);
}
int csqlite_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value) {
    return api.bind_int64(statement, index, value);
}
int csqlite_bind_null(sqlite3_stmt *statement, int index) { return api.bind_null(statement, index); }
int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *value, int bytes,
                      sqlite3_destructor_type destructor) {
    return api.bind_text(statement, index, value, bytes, destructor);
}
int csqlite_bind_zeroblob(sqlite3_stmt *statement, int index, int bytes) {
    return api.bind_zeroblob(statement, index, bytes);
}
const void *csqlite_column_blob(sqlite3_stmt *statement, int column) { return api.column_blob(statement, column); }
int csqlite_column_bytes(sqlite3_stmt *statement, int column) { return api.column_bytes(statement, column); }
double csqlite_column_double(sqlite3_stmt *statement, int column) { return api.column_double(statement, column); }
sqlite3_int64 csqlite_column_int64(sqlite3_stmt *statement, int column) {
    return api.column_int64(statement, column);
}
const unsigned char *csqlite_column_text(sqlite3_stmt *statement, int column) {
    return api.column_text(statement, column);
}
int csqlite_column_type(sqlite3_stmt *statement, int column) { return api.column_type(statement, column); }
