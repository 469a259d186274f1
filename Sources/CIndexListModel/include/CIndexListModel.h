// A GListModel of the numbers 0..<n whose items are made only when a view asks for one: the
// viewer's filmstrip shows a list of 100,000 lines without making 100,000 objects first (GTK
// 4.8's GtkStringList makes every item when it is filled).
#pragma once
#include <gtk/gtk.h>

// A list of `count` items; each is an LgIndexItem.
GListModel *lg_index_list_model_new(guint count);

// The position an item of that list stands for.
guint lg_index_item_get_index(gpointer item);
