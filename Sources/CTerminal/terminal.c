#include "terminal.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved;
static volatile sig_atomic_t entered = 0;
static volatile sig_atomic_t resized = 0;

static const char leave_screen[] = "\x1b[?25h\x1b[?1049l";

int skt_is_interactive(void) { return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO); }

int skt_window_size(int *rows, int *columns) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

void skt_restore(void) {
    if (!entered) return;
    entered = 0;
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    (void)!write(STDOUT_FILENO, leave_screen, sizeof leave_screen - 1);
}

static void on_signal(int number) {
    skt_restore();               /* async-signal-safe: tcsetattr and write only */
    signal(number, SIG_DFL);
    raise(number);
}

/* Crashes (a trap, a bad access, an abort): restore the terminal, then hand the signal to
 * whoever handled it before (the Swift runtime's backtracer, or the default action). */
static const int fatal_signals[] = {SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV};
#define FATAL_COUNT ((int)(sizeof fatal_signals / sizeof fatal_signals[0]))
static struct sigaction previous_fatal[FATAL_COUNT];

static void on_fatal(int number) {
    skt_restore();
    for (int k = 0; k < FATAL_COUNT; k++) {
        if (fatal_signals[k] == number) sigaction(number, &previous_fatal[k], 0);
    }
    /* Blocked while this handler runs: delivered to the previous handler on return (a
     * hardware fault also recurs when the instruction re-executes). */
    raise(number);
}

static void on_resize(int number) {
    (void)number;
    resized = 1;
}

int skt_enter(void) {
    if (tcgetattr(STDIN_FILENO, &saved) != 0) return -1;
    struct termios raw = saved;
    raw.c_lflag &= ~(ECHO | ICANON | ISIG | IEXTEN);
    raw.c_iflag &= ~(IXON | ICRNL);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) return -1;
    entered = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGINT, &action, 0);
    sigaction(SIGTERM, &action, 0);
    sigaction(SIGHUP, &action, 0);
    action.sa_handler = on_fatal;
    action.sa_flags = SA_ONSTACK;   /* the runtime's alternate stack, if any (stack overflows) */
    for (int k = 0; k < FATAL_COUNT; k++) sigaction(fatal_signals[k], &action, &previous_fatal[k]);
    action.sa_flags = 0;
    action.sa_handler = on_resize;
    sigaction(SIGWINCH, &action, 0);
    static const char enter_screen[] = "\x1b[?1049h\x1b[?25l";
    skt_write(enter_screen, sizeof enter_screen - 1);
    return 0;
}

int skt_take_resized(void) {
    if (!resized) return 0;
    resized = 0;
    return 1;
}

int skt_read(unsigned char *buffer, int capacity, int timeout_ms) {
    struct pollfd fd = {STDIN_FILENO, POLLIN, 0};
    int ready = poll(&fd, 1, timeout_ms);
    if (ready < 0) return errno == EINTR ? 0 : -1;
    if (ready == 0) return 0;
    ssize_t n = read(STDIN_FILENO, buffer, (size_t)capacity);
    return n < 0 ? (errno == EINTR || errno == EAGAIN ? 0 : -1) : (int)n;
}

void skt_write(const char *bytes, long count) {
    while (count > 0) {
        ssize_t n = write(STDOUT_FILENO, bytes, (size_t)count);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) continue;
            return;
        }
        bytes += n;
        count -= n;
    }
}
