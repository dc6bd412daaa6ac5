#ifndef SPRINGKIT_GNUTLS_SHIM_H
#define SPRINGKIT_GNUTLS_SHIM_H
// GnuTLS (Debian's libgnutls28-dev, Homebrew's gnutls; libmicrohttpd links it already) for the
// one digest the studio's WebSocket handshake needs: SHA-1 (RFC 6455 §4.2.2).
#include <stddef.h>
#include <gnutls/crypto.h>

/// SHA-1 of `size` bytes into `digest` (20 bytes); 0 on success.
static inline int sks_sha1(const void *data, size_t size, unsigned char digest[20]) {
    return gnutls_hash_fast(GNUTLS_DIG_SHA1, data, size, digest);
}

#endif
