/*
 * terminal.h — the few terminal operations `simrun tune` needs that Swift cannot call
 * portably (ioctl is variadic) or safely (restoring the terminal from a signal handler).
 */
#ifndef SPRINGKIT_TERMINAL_H
#define SPRINGKIT_TERMINAL_H

/* 1 when both standard input and standard output are terminals. */
int skt_is_interactive(void);

/* Rows and columns of the terminal on standard output; 0 on success. */
int skt_window_size(int *rows, int *columns);

/* Raw mode (no echo, no line buffering, no signals from keys), the alternate screen and a
 * hidden cursor. Installs handlers so that SIGINT, SIGTERM and SIGHUP restore the terminal
 * before the process ends, crashes (SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV)
 * restore it before the previous handler runs, and SIGWINCH sets a flag. 0 on success. */
int skt_enter(void);

/* Restores the terminal saved by skt_enter (idempotent). */
void skt_restore(void);

/* 1 once after each SIGWINCH. */
int skt_take_resized(void);

/* Reads up to `capacity` bytes from standard input, waiting at most `timeout_ms`;
 * returns the count (0 on timeout, -1 on error). */
int skt_read(unsigned char *buffer, int capacity, int timeout_ms);

/* Writes all bytes to standard output. */
void skt_write(const char *bytes, long count);

#endif
