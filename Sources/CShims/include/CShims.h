// C one-liners Swift cannot call directly: variadic functions, function-like macros
// and libdispatch's private main-queue hooks. Keep each shim trivial.
#pragma once
#include <gtk/gtk.h>
#include <curl/curl.h>

// --- libdispatch main queue <-> GLib main loop bridge (same pair CoreFoundation uses) ---
int shim_dispatch_main_queue_fd(void);
void shim_dispatch_drain_main_queue(void);

// --- libcurl (curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt are variadic) ---
typedef size_t (*shim_curl_data_callback)(char *, size_t, size_t, void *);
CURLcode shim_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode shim_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode shim_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode shim_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode shim_curl_easy_setopt_data_callback(CURL *handle, CURLoption option, shim_curl_data_callback fn);
CURLcode shim_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode shim_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode shim_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode shim_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);
CURLMcode shim_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

// --- GObject / GTK variadic helpers ---
void shim_g_object_set_boolean(gpointer object, const char *property, gboolean value);
gboolean shim_g_object_get_boolean(gpointer object, const char *property);
void shim_g_object_set_string(gpointer object, const char *property, const char *value);
void shim_accessible_set_label(GtkAccessible *accessible, const char *label);
// What a progress bar's value means in words ("1.2 of 4.1 MB"), read after its number.
void shim_accessible_set_value_text(GtkAccessible *accessible, const char *text);
// GTK_ACCESSIBLE_STATE_SELECTED (gtk_accessible_update_state is variadic).
void shim_accessible_set_selected(GtkAccessible *accessible, gboolean selected);

// --- gdk-pixbuf animations (the iterator API takes GTimeVal, deprecated since GLib 2.62) ---
// An iterator whose clock starts at 0 ms, and advancing it to `milliseconds` after that start.
GdkPixbufAnimationIter *shim_pixbuf_animation_iter_at_zero(GdkPixbufAnimation *animation);
gboolean shim_pixbuf_animation_iter_advance_to(GdkPixbufAnimationIter *iter, long milliseconds);

// --- glibc heap ---
// malloc_trim(0): returns free heap pages to the system (malloc.h is not in Swift's Glibc).
int shim_malloc_trim(void);
// mallinfo2().uordblks: bytes of heap in use by allocations, for benchmarks of what a structure
// holds.
size_t shim_heap_bytes_in_use(void);
// mallopt(M_MMAP_THRESHOLD, bytes): allocations of at least `bytes` get pages of their own,
// returned on free; setting it also stops glibc from raising the threshold by itself.
int shim_set_mmap_threshold(int bytes);

// open(directory, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600): a file with no name in that folder's
// file system (the flag is a macro whose value differs between architectures). -1 and errno
// EOPNOTSUPP (or EISDIR, EINVAL) where the file system cannot do it. Readable, so a download
// in progress can be drawn from the bytes it wrote.
int shim_open_unnamed_file(const char *directory);
// The same with `mode` (the process's umask applies, as to any file it creates): a picture
// saved into a person's folder is theirs, readable as their other files are.
int shim_open_unnamed_file_mode(const char *directory, unsigned int mode);
// rename(2) that fails with EEXIST rather than replace `to` (renameat2's RENAME_NOREPLACE);
// EINVAL where the file system cannot promise that.
int shim_rename_noreplace(const char *from, const char *to);

// --- zlib ---
// CRC-32 of `length` bytes (zlib's crc32_z: any length).
uint32_t shim_crc32(const void *data, size_t length);
// The CRC-32 of bytes that follow those `crc` covers (start from shim_crc32(NULL, 0)).
uint32_t shim_crc32_update(uint32_t crc, const void *data, size_t length);

// --- the private network (local_addresses.c) ---
#include <sys/socket.h>
// 1 for loopback, "this network" (0/8), RFC 1918, RFC 6598, link-local, RFC 4193 and site-local
// addresses (IPv4-mapped ones as their IPv4 address) and for any family but IPv4 and IPv6.
int shim_address_is_local(const struct sockaddr *address, socklen_t length);
// The same for an address written as text; -1 when the text is not an IP address.
int shim_address_text_is_local(const char *text);
// Makes libcurl refuse to connect `handle` to a local address: the connection fails and
// `*refused` becomes 1. `refused` must live as long as the handle.
CURLcode shim_curl_public_addresses_only(CURL *handle, int *refused);
