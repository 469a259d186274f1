import CGtk
import GalleryCore

/// "About Link Gallery".
@MainActor
enum AboutDialog {
    static func present(parent: UnsafeMutablePointer<GtkWidget>?) {
        let dialog = gtk_about_dialog_new()!
        let about = dialog.opaque
        gtk_about_dialog_set_program_name(about, AppIdentity.name)
        gtk_about_dialog_set_logo_icon_name(about, AppIdentity.applicationID)
        gtk_about_dialog_set_version(about, AppIdentity.version)
        gtk_about_dialog_set_comments(about, L10n.tr("Browse the images listed in a links file"))
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_GPL_3_0)
        gtk_about_dialog_set_website(about, "https://github.com/linkgallery/link-gallery")
        // Translators: put your names here, one per line.
        gtk_about_dialog_set_translator_credits(about, L10n.tr("translator-credits"))
        if let parent {
            gtk_window_set_transient_for(dialog.cast(), parent.cast())
            gtk_window_set_modal(dialog.cast(), 1)
        }
        gtk_window_present(dialog.cast())
    }
}
