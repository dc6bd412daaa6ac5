#ifndef SPRINGKIT_MICROHTTPD_SHIM_H
#define SPRINGKIT_MICROHTTPD_SHIM_H
// libmicrohttpd (Debian's libmicrohttpd-dev, Homebrew's libmicrohttpd) for `simrun studio`.
// Swift cannot call C variadic functions, so the daemon is started here with a fixed option
// list: bound to 127.0.0.1 only, a thread per connection (a streamed answer may wait for the
// run that makes it while other requests are served; the application orders what must not
// overlap), bounded connections and timeouts. A connection may be upgraded to a WebSocket
// (the studio's live channel).
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Starts a daemon listening on 127.0.0.1:`port` (0: a free port the system picks).
/// Returns NULL when it cannot listen (the port is taken, no loopback interface).
/// `notify` hears of every connection opened and closed, `completed` of every request
/// answered (the server's header deadline keeps its clock with them). An idle connection
/// is closed after 10 s; the memory of one connection is bounded (256 KiB: a long query is
/// parsed, and then refused by the application, rather than dropped unanswered).
static inline struct MHD_Daemon *sks_start_loopback(uint16_t port, MHD_AccessHandlerCallback handler, void *context,
                                                    MHD_NotifyConnectionCallback notify, MHD_RequestCompletedCallback completed) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_ALLOW_UPGRADE, port, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned int)32,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)10,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(256 * 1024),
                            MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/// The socket of a connection; -1 when unknown.
static inline int sks_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// The port the daemon listens on (useful after asking for port 0); 0 when unknown.
static inline uint16_t sks_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The listening socket's address as dotted text into `out` (at least 16 bytes); 0 on success.
static inline int sks_bound_address(struct MHD_Daemon *daemon, char *out, size_t size) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    if (!info) return -1;
    struct sockaddr_in address;
    socklen_t length = sizeof address;
    if (getsockname(info->listen_fd, (struct sockaddr *)&address, &length) != 0) return -1;
    return inet_ntop(AF_INET, &address.sin_addr, out, (socklen_t)size) ? 0 : -1;
}

/// Enumerators Swift does not import (the header wraps some in deprecation macros).
static inline enum MHD_ValueKind sks_header_kind(void) { return MHD_HEADER_KIND; }
static inline enum MHD_ValueKind sks_query_kind(void) { return MHD_GET_ARGUMENT_KIND; }
static inline enum MHD_ResponseMemoryMode sks_must_copy(void) { return MHD_RESPMEM_MUST_COPY; }
static inline enum MHD_ConnectionNotificationCode sks_connection_started(void) { return MHD_CONNECTION_NOTIFY_STARTED; }

/// A response whose body `reader` writes as it is made (chunked transfer): it may wait for
/// data (the daemon gives each connection a thread) and returns `sks_end_of_stream()` at the end;
/// `release` is called once when the response is done with, sent or not.
static inline struct MHD_Response *sks_streamed_response(MHD_ContentReaderCallback reader, void *context,
                                                         MHD_ContentReaderFreeCallback release) {
    return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 64 * 1024, reader, context, release);
}
static inline ssize_t sks_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

/// A `101 Switching Protocols` response: once it is sent, `handler` gets the connection's socket
/// (and any bytes read past the request) and owns it until it calls `sks_upgrade_close`.
static inline struct MHD_Response *sks_upgrade_response(MHD_UpgradeHandler handler, void *context) {
    return MHD_create_response_for_upgrade(handler, context);
}
/// Hands an upgraded connection back to libmicrohttpd, which closes it.
static inline void sks_upgrade_close(struct MHD_UpgradeResponseHandle *handle) {
    MHD_upgrade_action(handle, MHD_UPGRADE_ACTION_CLOSE);
}
/// The MHD_YES / MHD_NO results for Swift.
static inline enum MHD_Result sks_yes(void) { return MHD_YES; }
static inline enum MHD_Result sks_no(void) { return MHD_NO; }

#endif
