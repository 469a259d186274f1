#include "CIndexListModel.h"

// One position of the list. Made fresh on every get_item: a view keeps the ones it shows and
// lets the others go, so memory follows what is on screen, not the list's length.
typedef struct {
    GObject parent;
    guint index;
} LgIndexItem;

typedef struct {
    GObjectClass parent_class;
} LgIndexItemClass;

G_DEFINE_TYPE(LgIndexItem, lg_index_item, G_TYPE_OBJECT)

static void lg_index_item_class_init(LgIndexItemClass *class) { (void)class; }
static void lg_index_item_init(LgIndexItem *item) { (void)item; }

guint lg_index_item_get_index(gpointer item) {
    g_return_val_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(item, lg_index_item_get_type()), 0);
    return ((LgIndexItem *)item)->index;
}

typedef struct {
    GObject parent;
    guint count;
} LgIndexListModel;

typedef struct {
    GObjectClass parent_class;
} LgIndexListModelClass;

static GType lg_index_list_model_get_item_type(GListModel *model) {
    (void)model;
    return lg_index_item_get_type();
}

static guint lg_index_list_model_get_n_items(GListModel *model) {
    return ((LgIndexListModel *)model)->count;
}

static gpointer lg_index_list_model_get_item(GListModel *model, guint position) {
    if (position >= ((LgIndexListModel *)model)->count) return NULL;
    LgIndexItem *item = g_object_new(lg_index_item_get_type(), NULL);
    item->index = position;
    return item;
}

static void lg_index_list_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = lg_index_list_model_get_item_type;
    iface->get_n_items = lg_index_list_model_get_n_items;
    iface->get_item = lg_index_list_model_get_item;
}

G_DEFINE_TYPE_WITH_CODE(LgIndexListModel, lg_index_list_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, lg_index_list_model_list_model_init))

static void lg_index_list_model_class_init(LgIndexListModelClass *class) { (void)class; }
static void lg_index_list_model_init(LgIndexListModel *model) { (void)model; }

GListModel *lg_index_list_model_new(guint count) {
    LgIndexListModel *model = g_object_new(lg_index_list_model_get_type(), NULL);
    model->count = count;
    return G_LIST_MODEL(model);
}
