#define _GNU_SOURCE
#include "CBenchPTY.h"
#include <pty.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <termios.h>

pid_t bench_spawn_in_pty(const char *path, char *const argv[], char *const envp[],
                         int rows, int cols, int *master) {
  struct winsize ws = {0};
  ws.ws_row = (unsigned short)rows;
  ws.ws_col = (unsigned short)cols;
  pid_t pid = forkpty(master, NULL, NULL, &ws);
  if (pid == 0) {
    /* Child: only async-signal-safe calls until exec. */
    execve(path, argv, envp);
    _exit(127);
  }
  return pid;
}

int bench_resize_pty(int master, int rows, int cols) {
  struct winsize ws = {0};
  ws.ws_row = (unsigned short)rows;
  ws.ws_col = (unsigned short)cols;
  return ioctl(master, TIOCSWINSZ, &ws);
}
