#define _GNU_SOURCE // O_TMPFILE
#include "CShims.h"
#include <zlib.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/syscall.h>
#include <unistd.h>

// Exported by libdispatch for CoreFoundation's run loop; not in any public header.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

int shim_dispatch_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }
void shim_dispatch_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(NULL); }

CURLcode shim_curl_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
CURLcode shim_curl_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
CURLcode shim_curl_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
CURLcode shim_curl_easy_setopt_off_t(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
CURLcode shim_curl_easy_setopt_data_callback(CURL *h, CURLoption o, shim_curl_data_callback fn) {
    return curl_easy_setopt(h, o, fn);
}
CURLcode shim_curl_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
CURLcode shim_curl_easy_getinfo_off_t(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
CURLcode shim_curl_easy_getinfo_string(CURL *h, CURLINFO i, const char **v) { return curl_easy_getinfo(h, i, v); }
CURLcode shim_curl_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
CURLMcode shim_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

void shim_g_object_set_boolean(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}
void shim_g_object_set_string(gpointer object, const char *property, const char *value) { g_object_set(object, property, value, NULL); }
gboolean shim_g_object_get_boolean(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}
void shim_accessible_set_label(GtkAccessible *a, const char *label) {
    gtk_accessible_update_property(a, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
void shim_accessible_set_value_text(GtkAccessible *a, const char *text) {
    gtk_accessible_update_property(a, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}
void shim_accessible_set_selected(GtkAccessible *a, gboolean selected) {
    gtk_accessible_update_state(a, GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}


G_GNUC_BEGIN_IGNORE_DEPRECATIONS
GdkPixbufAnimationIter *shim_pixbuf_animation_iter_at_zero(GdkPixbufAnimation *animation) {
    GTimeVal start = { 0, 0 }; return gdk_pixbuf_animation_get_iter(animation, &start);
}
gboolean shim_pixbuf_animation_iter_advance_to(GdkPixbufAnimationIter *iter, long milliseconds) {
    GTimeVal now = { milliseconds / 1000, (milliseconds % 1000) * 1000 }; return gdk_pixbuf_animation_iter_advance(iter, &now);
}
G_GNUC_END_IGNORE_DEPRECATIONS

#include <fcntl.h>
#include <malloc.h>
int shim_malloc_trim(void) { return malloc_trim(0); }
size_t shim_heap_bytes_in_use(void) { return mallinfo2().uordblks; }
int shim_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

int shim_open_unnamed_file(const char *directory) { return open(directory, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600); }
int shim_open_unnamed_file_mode(const char *directory, unsigned int mode) { return open(directory, O_TMPFILE | O_RDWR | O_CLOEXEC, mode); }
int shim_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

uint32_t shim_crc32(const void *data, size_t length) {
    return (uint32_t)crc32_z(crc32(0L, Z_NULL, 0), data, length);
}

uint32_t shim_crc32_update(uint32_t crc, const void *data, size_t length) {
    return (uint32_t)crc32_z(crc, data, length);
}
