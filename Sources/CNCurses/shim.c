#define _GNU_SOURCE 1
#include "CNCurses.h"
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

WINDOW *cnc_stdscr(void) { return stdscr; }
int cnc_max_y(WINDOW *win) { int y, x; getmaxyx(win, y, x); (void)x; return y; }
int cnc_max_x(WINDOW *win) { int y, x; getmaxyx(win, y, x); (void)y; return x; }

unsigned int cnc_a_normal(void) { return (unsigned int)A_NORMAL; }
unsigned int cnc_a_bold(void) { return (unsigned int)A_BOLD; }
unsigned int cnc_a_reverse(void) { return (unsigned int)A_REVERSE; }
unsigned int cnc_a_underline(void) { return (unsigned int)A_UNDERLINE; }
unsigned int cnc_a_dim(void) { return (unsigned int)A_DIM; }
unsigned int cnc_color_pair(int pair) { return (unsigned int)COLOR_PAIR(pair); }

int cnc_put(WINDOW *win, int y, int x, const char *text, unsigned int attrs) {
  wattrset(win, (int)attrs);
  int result = mvwaddstr(win, y, x, text);
  wattrset(win, A_NORMAL);
  return result;
}

int cnc_fill(WINDOW *win, int y, int x, int count, const char *cell, unsigned int attrs) {
  if (wmove(win, y, x) == ERR) return ERR;
  /* A printable ASCII cell (blanks, mostly: every pane clears its area each frame) is one
     whline call instead of a string per cell. */
  unsigned char first = (unsigned char)cell[0];
  if (first >= 0x20 && first < 0x7F && cell[1] == 0) {
    return whline(win, (chtype)first | (chtype)attrs, count);
  }
  wattrset(win, (int)attrs);
  for (int i = 0; i < count; i++) waddstr(win, cell);
  wattrset(win, A_NORMAL);
  return OK;
}

int cnc_alloc_pair(int fg, int bg) { return alloc_pair(fg, bg); }

int cnc_put_pair(WINDOW *win, int y, int x, const char *text, unsigned int attrs, int pair) {
  int extended = pair;
  wattr_set(win, (attr_t)attrs, (short)(pair < 256 ? pair : 0), &extended);
  int result = mvwaddstr(win, y, x, text);
  wattrset(win, A_NORMAL);
  return result;
}

int cnc_colors(void) { return COLORS; }

int cnc_direct_color(void) {
  int rgb = tigetflag("RGB");
  return rgb > 0 || COLORS >= 0x1000000;
}

int cnc_redraw_lines(WINDOW *win, int y, int n) { return wredrawln(win, y, n); }

int cnc_window_size(int fd, int *rows, int *cols) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
  *rows = size.ws_row;
  *cols = size.ws_col;
  return 0;
}

static struct termios saved_modes;
static int saved_fd = -1;

void cnc_save_terminal(int fd) {
  if (tcgetattr(fd, &saved_modes) == 0) saved_fd = fd;
}

void cnc_restore_terminal_raw(void) {
  static const char reset[] =
      "\033[?2004l\033[?1006l\033[?1000l\033[0m\033[?25h\033[?1049l\r\n";
  if (saved_fd >= 0) {
    tcsetattr(saved_fd, TCSAFLUSH, &saved_modes);
    ssize_t ignored = write(saved_fd, reset, sizeof reset - 1);
    (void)ignored;
  }
}

static void fatal_handler(int sig) {
  cnc_restore_terminal_raw();
  signal(sig, SIG_DFL);
  raise(sig);
}

void cnc_install_fatal_handlers(void) {
  int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fatal_handler;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(signals[i], &action, NULL);
  }
}

int cnc_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

#include <wchar.h>
int cnc_wcwidth(unsigned int codepoint) { return wcwidth((wchar_t)codepoint); }
