#ifndef CNCURSES_H
#define CNCURSES_H
/// Wide-character ncurses, reached through functions so Swift 6 never touches the `stdscr` global
/// and never needs the function-like macros (`getmaxyx`, `COLOR_PAIR`, `A_*`) it cannot import.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <ncursesw/curses.h>
#include <locale.h>
#include <langinfo.h>

WINDOW *cnc_stdscr(void);
int cnc_max_y(WINDOW *win);
int cnc_max_x(WINDOW *win);

/// Attribute bits (the A_* macros).
unsigned int cnc_a_normal(void);
unsigned int cnc_a_bold(void);
unsigned int cnc_a_reverse(void);
unsigned int cnc_a_underline(void);
unsigned int cnc_a_dim(void);
/// COLOR_PAIR(n) as attribute bits.
unsigned int cnc_color_pair(int pair);

/// Writes UTF-8 `text` at (y, x) with `attrs`; ncursesw converts using the current locale.
int cnc_put(WINDOW *win, int y, int x, const char *text, unsigned int attrs);
/// Fills `count` cells from (y, x) with the ASCII or UTF-8 `cell` character in `attrs`.
int cnc_fill(WINDOW *win, int y, int x, int count, const char *cell, unsigned int attrs);

/// The terminal size from the kernel (TIOCGWINSZ) on `fd`; 0 on success.
int cnc_window_size(int fd, int *rows, int *cols);

/// Remembers the terminal modes of `fd` so a crash can restore them without ncurses.
void cnc_save_terminal(int fd);
/// Restores the saved modes and resets paste/mouse/alternate screen with raw writes:
/// async-signal-safe, for fatal signal handlers.
void cnc_restore_terminal_raw(void);
/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP that restore the
/// terminal and then re-raise the signal with its default action (so core dumps still happen).
void cnc_install_fatal_handlers(void);
/// Whether LC_CTYPE's codeset is UTF-8.
int cnc_locale_is_utf8(void);
/// The C library's width of one code point in the current locale (what ncurses believes).
int cnc_wcwidth(unsigned int codepoint);
#endif
