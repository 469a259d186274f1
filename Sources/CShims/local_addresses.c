// Which addresses belong to the person's own computer or network, and a libcurl socket
// opener and request check that refuse them: the one place the private-network rule is
// decided, on the address libcurl actually connects to (after DNS, on every redirect, on a
// connection reused), so no name, DNS answer or redirect can lead a public list's link there.
#define _GNU_SOURCE
#include "CShims.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

static int ipv4_is_local(uint32_t host_order) {
    uint8_t a = host_order >> 24, b = (host_order >> 16) & 0xff;
    return a == 0                               // "this network": 0.0.0.0 reaches the computer itself
        || a == 10                              // RFC 1918
        || a == 127                             // loopback
        || (a == 100 && (b & 0xc0) == 64)       // RFC 6598 shared address space, 100.64/10
        || (a == 169 && b == 254)               // link-local
        || (a == 172 && (b & 0xf0) == 16)       // RFC 1918, 172.16/12
        || (a == 192 && b == 168);              // RFC 1918
}

int shim_address_is_local(const struct sockaddr *address, socklen_t length) {
    if (!address) return 1;
    if (address->sa_family == AF_INET && length >= (socklen_t)sizeof(struct sockaddr_in)) {
        return ipv4_is_local(ntohl(((const struct sockaddr_in *)address)->sin_addr.s_addr));
    }
    if (address->sa_family == AF_INET6 && length >= (socklen_t)sizeof(struct sockaddr_in6)) {
        const uint8_t *bytes = ((const struct sockaddr_in6 *)address)->sin6_addr.s6_addr;
        static const uint8_t mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
        if (memcmp(bytes, mapped, 12) == 0) {   // ::ffff:a.b.c.d is that IPv4 address
            return ipv4_is_local((uint32_t)bytes[12] << 24 | (uint32_t)bytes[13] << 16 | (uint32_t)bytes[14] << 8 | bytes[15]);
        }
        static const uint8_t zero[15] = { 0 };
        if (memcmp(bytes, zero, 15) == 0 && bytes[15] <= 1) return 1; // :: and ::1
        if ((bytes[0] & 0xfe) == 0xfc) return 1;                      // RFC 4193 unique local, fc00::/7
        if (bytes[0] == 0xfe && (bytes[1] & 0xc0) == 0x80) return 1;  // link-local, fe80::/10
        if (bytes[0] == 0xfe && (bytes[1] & 0xc0) == 0xc0) return 1;  // site-local (deprecated), fec0::/10
        return 0;
    }
    return 1; // a family the rule does not know is not let through
}

int shim_address_text_is_local(const char *text) {
    struct sockaddr_in v4 = { .sin_family = AF_INET };
    struct sockaddr_in6 v6 = { .sin6_family = AF_INET6 };
    if (inet_pton(AF_INET, text, &v4.sin_addr) == 1) return shim_address_is_local((struct sockaddr *)&v4, sizeof v4);
    if (inet_pton(AF_INET6, text, &v6.sin6_addr) == 1) return shim_address_is_local((struct sockaddr *)&v6, sizeof v6);
    return -1;
}

static curl_socket_t open_public_only(void *refused, curlsocktype purpose, struct curl_sockaddr *address) {
    if (purpose == CURLSOCKTYPE_IPCXN && shim_address_is_local(&address->addr, address->addrlen)) {
        *(volatile int *)refused = 1;
        return CURL_SOCKET_BAD;
    }
    // Close-on-exec, as libcurl's own opener makes it: the decode workers this process starts
    // must never inherit a connection.
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

// A connection libcurl reuses opens no socket: it is looked at again before each request
// goes out on it (a local list's connection kept alive, then a public list naming that address).
static int send_to_public_only(void *refused, char *primary_ip, char *local_ip, int primary_port, int local_port) {
    (void)local_ip; (void)primary_port; (void)local_port;
    if (shim_address_text_is_local(primary_ip) != 0) {
        *(volatile int *)refused = 1;
        return CURL_PREREQFUNC_ABORT;
    }
    return CURL_PREREQFUNC_OK;
}

CURLcode shim_curl_public_addresses_only(CURL *handle, int *refused) {
    CURLcode status = curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, open_public_only);
    if (status == CURLE_OK) status = curl_easy_setopt(handle, CURLOPT_OPENSOCKETDATA, (void *)refused);
    if (status == CURLE_OK) status = curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, send_to_public_only);
    return status != CURLE_OK ? status : curl_easy_setopt(handle, CURLOPT_PREREQDATA, (void *)refused);
}
