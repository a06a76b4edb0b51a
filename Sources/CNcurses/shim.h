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
static inline int hammock_color_pairs(void) { return COLOR_PAIRS; }
static inline int hammock_colors(void) { return COLORS; }

static inline attr_t hammock_a_normal(void) { return A_NORMAL; }
static inline attr_t hammock_a_bold(void) { return A_BOLD; }
static inline attr_t hammock_a_dim(void) { return A_DIM; }
static inline attr_t hammock_a_underline(void) { return A_UNDERLINE; }
static inline attr_t hammock_a_reverse(void) { return A_REVERSE; }
static inline attr_t hammock_a_italic(void) { return A_ITALIC; }

/// Moves to (y, x), sets the attributes and colour pair, and writes a UTF-8 string.
static inline int hammock_put(int y, int x, const char *utf8, attr_t attrs, int pair) {
    attr_set(attrs, (short)pair, NULL);
    return mvaddstr(y, x, utf8);
}

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

#endif
