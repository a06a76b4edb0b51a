#ifndef HAMMOCK_CNCURSES_SHIM_H
#define HAMMOCK_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so the wide-character API must be requested here.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <ncurses.h>
#include <sys/ioctl.h>
#include <unistd.h>

// Function-like macros and globals do not import into Swift: these wrappers expose them.

static inline WINDOW *hammock_stdscr(void) { return stdscr; }
static inline int hammock_lines(void) { return LINES; }
static inline int hammock_cols(void) { return COLS; }
static inline int hammock_colors(void) { return COLORS; }

/// Reads the terminal size of a file descriptor with TIOCGWINSZ; returns 0 on success.
static inline int hammock_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) {
        return -1;
    }
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

static inline mmask_t hammock_wheel_mask(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON4_PRESSED | BUTTON5_PRESSED;
#else
    return BUTTON4_PRESSED;
#endif
}
static inline mmask_t hammock_button4(void) { return BUTTON4_PRESSED; }
static inline mmask_t hammock_button5(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

// Declared in <term.h>, which is not included: its capability macros (lines, columns, …)
// would clash with ordinary names.
extern int setupterm(const char *, int, int *);

/// Reads the terminfo entry of `term` for `fd` without drawing anything and says whether it
/// can draw a full screen the way hammock writes frames: 1 yes (ANSI cursor addressing, `cup`
/// starting with ESC [), 0 no (a hard-copy or dumb terminal, or no `cup`), -1 no terminfo entry
/// for it, -2 no terminfo database, -3 cursor addressing that is not ANSI (a VT52 and the like).
static inline int hammock_terminal_can_draw(const char *term, int fd) {
    int status = 0;
    if (setupterm(term, fd, &status) != OK) {
        return status == 1 ? 0 : (status == 0 ? -1 : -2);
    }
    char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1) {
        return 0;
    }
    return (cup[0] == 27 && cup[1] == '[') ? 1 : -3;
}

#endif
