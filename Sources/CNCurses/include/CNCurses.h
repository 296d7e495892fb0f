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

/// Photo cells: a colour pair for (foreground, background) from ncurses' pool (`alloc_pair`,
/// which reuses the least recently used pair when the terminal's pairs run out); -1 when none.
/// Colours are palette indexes, or 0xRRGGBB values when `cnc_direct_color()`.
int cnc_alloc_pair(int fg, int bg);
/// Writes `text` at (y, x) with `attrs` and colour pair `pair`, which may be above 255 (an
/// extended pair, passed beside the attributes rather than inside them).
int cnc_put_pair(WINDOW *win, int y, int x, const char *text, unsigned int attrs, int pair);
/// How many colours the terminal has (COLORS; 0 before start_color).
int cnc_colors(void);
/// Whether colours are 24-bit values (terminfo `RGB`, e.g. TERM=xterm-direct).
int cnc_direct_color(void);
/// Tells ncurses lines [y, y+n) are garbled, so the next update rewrites them whole (what a
/// sixel image or 24-bit cells drawn behind its back left there).
int cnc_redraw_lines(WINDOW *win, int y, int n);

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
