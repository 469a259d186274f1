// A GdkContentProvider whose bytes are made only when another application asks for them: a
// picture's file (its original, or a turned copy made in a sandboxed worker) on the clipboard
// or in a drag, without making it before a paste or a drop wants it.
#pragma once
#include <gtk/gtk.h>

// Called on the main thread when a reader asks for the bytes; the callee later answers
// `task` with lg_deferred_content_deliver, exactly once.
typedef void (*lg_deferred_content_write)(GTask *task, gpointer user_data);

// A provider of one MIME type. `user_data` is released with `destroy` when the provider goes.
GdkContentProvider *lg_deferred_content_new(const char *mime_type, lg_deferred_content_write write,
                                            gpointer user_data, GDestroyNotify destroy);

// Writes `bytes` to the reader's stream (NULL: the bytes could not be made, the reader gets an
// error) and gives `task` back.
void lg_deferred_content_deliver(GTask *task, GBytes *bytes);
