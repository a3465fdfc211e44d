//! Whether the native file dialogs can be shown. On Linux and the BSDs rfd asks the desktop
//! portal (xdg-desktop-portal, over the D-Bus session bus) and, failing that, runs `zenity`;
//! with neither, every dialog returns at once as if cancelled, and nothing says why. The
//! editor looks for them first, and asks for a typed path when neither is there.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// What the dialogs need, as this system has it.
#[derive(Debug, Clone, Default)]
pub struct System {
    /// The folders of `PATH`.
    pub path: Vec<PathBuf>,
    /// The folders D-Bus looks in for services to start (`XDG_DATA_HOME`, `XDG_DATA_DIRS`).
    pub data_dirs: Vec<PathBuf>,
    /// Whether a session bus is there to ask the portal on.
    pub session_bus: bool,
}

/// The sentence shown when the dialogs cannot be shown.
pub const MISSING: &str = "File dialogs need xdg-desktop-portal (with a backend such as \
    xdg-desktop-portal-gtk) or zenity, and this system has neither: type the path instead.";

impl System {
    /// This process's system, read from its environment.
    pub fn current() -> System {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let path = var("PATH")
            .map(|p| std::env::split_paths(&p).collect())
            .unwrap_or_default();
        let home = var("HOME").map(PathBuf::from);
        let data_home = var("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| home.map(|h| h.join(".local/share")));
        let data_dirs = var("XDG_DATA_DIRS").unwrap_or_else(|| OsString::from("/usr/local/share:/usr/share"));
        let session_bus = var("DBUS_SESSION_BUS_ADDRESS").is_some()
            || var("XDG_RUNTIME_DIR").is_some_and(|dir| Path::new(&dir).join("bus").exists());
        System {
            path,
            data_dirs: data_home.into_iter().chain(std::env::split_paths(&data_dirs)).collect(),
            session_bus,
        }
    }

    /// Whether `zenity` is on the `PATH`.
    fn has_zenity(&self) -> bool {
        self.path.iter().any(|dir| dir.join("zenity").is_file())
    }

    /// Whether the desktop portal can be started on the session bus: D-Bus knows the service,
    /// or its program is where distributions put it.
    fn has_portal(&self) -> bool {
        let service = self.data_dirs.iter().any(|dir| {
            dir.join("dbus-1/services/org.freedesktop.portal.Desktop.service")
                .is_file()
        });
        self.session_bus && (service || portal_program_installed())
    }

    /// Why native dialogs cannot be shown here, or `None` when they can (always on Windows and
    /// macOS, which have their own).
    pub fn missing(&self) -> Option<&'static str> {
        let needs_helpers = cfg!(all(unix, not(target_os = "macos")));
        (needs_helpers && !self.has_zenity() && !self.has_portal()).then_some(MISSING)
    }
}

/// Whether the portal's program is where distributions install it.
fn portal_program_installed() -> bool {
    ["/usr/libexec/xdg-desktop-portal", "/usr/lib/xdg-desktop-portal"]
        .iter()
        .any(|p| Path::new(p).is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialogs_need_the_portal_or_zenity() {
        let dir = tempfile::tempdir().unwrap();
        let (bin, share) = (dir.path().join("bin"), dir.path().join("share"));
        let services = share.join("dbus-1/services");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(&services).unwrap();
        let system = System {
            path: vec![bin.clone()],
            data_dirs: vec![share.clone()],
            session_bus: true,
        };
        if cfg!(any(not(unix), target_os = "macos")) {
            assert_eq!(system.missing(), None);
            return;
        }
        if portal_program_installed() {
            // This machine has the portal's program: the dialogs can be shown here.
            assert_eq!(system.missing(), None);
            return;
        }
        assert_eq!(system.missing(), Some(MISSING), "neither");
        std::fs::write(bin.join("zenity"), "").unwrap();
        assert_eq!(system.missing(), None, "zenity");
        std::fs::remove_file(bin.join("zenity")).unwrap();
        std::fs::write(services.join("org.freedesktop.portal.Desktop.service"), "").unwrap();
        assert_eq!(system.missing(), None, "the portal");
        let no_bus = System {
            session_bus: false,
            ..system
        };
        assert_eq!(no_bus.missing(), Some(MISSING), "a portal with no bus to ask it on");
    }
}
