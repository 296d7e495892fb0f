#ifndef CNCURSES_H
#define CNCURSES_H
/// Wide-character ncurses, reached through functions so Swift 6 never touches the `stdscr` global.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <ncursesw/curses.h>
#include <locale.h>

WINDOW *cnc_stdscr(void);
int cnc_max_y(WINDOW *win);
int cnc_max_x(WINDOW *win);
#endif
