#include "CDeferredContent.h"

// GdkContentProvider's two async hooks, forwarded to a callback that makes the bytes when a
// reader asks (GTK's own providers need their bytes or value up front).
typedef struct {
    GdkContentProvider parent;
    char *mime_type;
    lg_deferred_content_write write;
    gpointer user_data;
    GDestroyNotify destroy;
} LgDeferredContent;

typedef struct {
    GdkContentProviderClass parent_class;
} LgDeferredContentClass;

G_DEFINE_TYPE(LgDeferredContent, lg_deferred_content, GDK_TYPE_CONTENT_PROVIDER)

// What a write keeps until its bytes are written: the reader's stream, and the bytes.
typedef struct {
    GOutputStream *stream;
    GBytes *bytes;
} Delivery;

static void delivery_free(gpointer data) {
    Delivery *delivery = data;
    g_object_unref(delivery->stream);
    if (delivery->bytes) g_bytes_unref(delivery->bytes);
    g_free(delivery);
}

static void lg_deferred_content_finalize(GObject *object) {
    LgDeferredContent *self = (LgDeferredContent *)object;
    if (self->destroy) self->destroy(self->user_data);
    g_free(self->mime_type);
    G_OBJECT_CLASS(lg_deferred_content_parent_class)->finalize(object);
}

static GdkContentFormats *lg_deferred_content_ref_formats(GdkContentProvider *provider) {
    LgDeferredContent *self = (LgDeferredContent *)provider;
    return gdk_content_formats_new((const char *[]){self->mime_type}, 1);
}

static void lg_deferred_content_write_mime_type_async(GdkContentProvider *provider, const char *mime_type,
                                                      GOutputStream *stream, int io_priority, GCancellable *cancellable,
                                                      GAsyncReadyCallback callback, gpointer user_data) {
    LgDeferredContent *self = (LgDeferredContent *)provider;
    GTask *task = g_task_new(provider, cancellable, callback, user_data);
    g_task_set_priority(task, io_priority);
    if (g_strcmp0(mime_type, self->mime_type) != 0) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Cannot provide contents as “%s”", mime_type);
        g_object_unref(task);
        return;
    }
    Delivery *delivery = g_new0(Delivery, 1);
    delivery->stream = g_object_ref(stream);
    g_task_set_task_data(task, delivery, delivery_free);
    self->write(task, self->user_data);
}

static gboolean lg_deferred_content_write_mime_type_finish(GdkContentProvider *provider, GAsyncResult *result, GError **error) {
    return g_task_propagate_boolean(G_TASK(result), error);
}

static void lg_deferred_content_class_init(LgDeferredContentClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = lg_deferred_content_finalize;
    GdkContentProviderClass *provider_class = GDK_CONTENT_PROVIDER_CLASS(klass);
    provider_class->ref_formats = lg_deferred_content_ref_formats;
    provider_class->write_mime_type_async = lg_deferred_content_write_mime_type_async;
    provider_class->write_mime_type_finish = lg_deferred_content_write_mime_type_finish;
}

static void lg_deferred_content_init(LgDeferredContent *self) {}

GdkContentProvider *lg_deferred_content_new(const char *mime_type, lg_deferred_content_write write, gpointer user_data,
                                            GDestroyNotify destroy) {
    LgDeferredContent *self = g_object_new(lg_deferred_content_get_type(), NULL);
    self->mime_type = g_strdup(mime_type);
    self->write = write;
    self->user_data = user_data;
    self->destroy = destroy;
    return GDK_CONTENT_PROVIDER(self);
}

static void written(GObject *source, GAsyncResult *result, gpointer data) {
    GTask *task = data;
    GError *error = NULL;
    if (g_output_stream_write_all_finish(G_OUTPUT_STREAM(source), result, NULL, &error)) {
        g_task_return_boolean(task, TRUE);
    } else {
        g_task_return_error(task, error);
    }
    g_object_unref(task);
}

void lg_deferred_content_deliver(GTask *task, GBytes *bytes) {
    if (!bytes) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_FAILED, "The picture could not be made");
        g_object_unref(task);
        return;
    }
    Delivery *delivery = g_task_get_task_data(task);
    delivery->bytes = g_bytes_ref(bytes); // alive until the write is done
    gsize size = 0;
    gconstpointer data = g_bytes_get_data(bytes, &size);
    g_output_stream_write_all_async(delivery->stream, data, size, g_task_get_priority(task), g_task_get_cancellable(task),
                                    written, task);
}
