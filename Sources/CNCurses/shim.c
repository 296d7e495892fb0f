#include "CNCurses.h"

WINDOW *cnc_stdscr(void) { return stdscr; }
int cnc_max_y(WINDOW *win) { int y, x; getmaxyx(win, y, x); (void)x; return y; }
int cnc_max_x(WINDOW *win) { int y, x; getmaxyx(win, y, x); (void)y; return x; }
