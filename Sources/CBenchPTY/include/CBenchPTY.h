#ifndef CBENCHPTY_H
#define CBENCHPTY_H
#include <sys/types.h>

/// Starts `path` with `argv`/`envp` on a new pseudo-terminal of `rows`×`cols` that becomes its
/// controlling terminal (as a terminal emulator would). Returns the child's pid, or -1 with errno
/// set; the pty master is stored in `*master`.
pid_t bench_spawn_in_pty(const char *path, char *const argv[], char *const envp[],
                         int rows, int cols, int *master);

/// Resizes the pseudo-terminal behind `master`; the child gets SIGWINCH.
int bench_resize_pty(int master, int rows, int cols);
#endif
