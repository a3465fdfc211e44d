//! File → Export JCZ add-on: the open tile set written as the command line writes it, or
//! refused with the lines that JCZ cannot express.

#![allow(clippy::unwrap_used)]

use tilewright_editor::commands::Command;
use tilewright_editor::files::ScriptedDialogs;

mod common;
use common::{BASE, editor, settle, write};

/// Opens `text` as `dir/name.toml` and exports it, answering the dialog with `dir/name.jca`:
/// the notices shown, and the add-on's path.
fn export(dir: &std::path::Path, name: &str, text: &str) -> (Vec<String>, std::path::PathBuf) {
    let path = write(dir, &format!("{name}.toml"), text);
    let out = dir.join(format!("{name}.jca"));
    let mut dialogs = ScriptedDialogs::default();
    dialogs.saves.push(out.clone());
    let mut h = editor(Some(path), dialogs);
    settle(&mut h);
    h.state_mut().run_command(Command::ExportJcz);
    settle(&mut h);
    (h.state().messages().iter().map(|m| m.text.clone()).collect(), out)
}

#[test]
fn the_open_set_exports_as_the_command_line_exports_it() {
    let dir = tempfile::tempdir().unwrap();
    let (said, out) = export(dir.path(), "base", BASE);
    assert!(said.iter().any(|m| m.contains("base.jca (32 tiles)")), "{said:?}");
    let bundled = tilewright_engine::bundled::catalog().tileset("base").unwrap();
    let expected = tilewright_jcz::addon::build(&[bundled], "base", 1).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), expected.bytes);
}

#[test]
fn what_jcz_cannot_express_is_shown_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let text = "id = \"odd\"\nname = \"Odd\"\n\n[[tiles]]\nid = \"T\"\ncount = 1\nedges = [\"field 30 road 70 field\", \"field\", \"field\", \"field\"]\nfeatures.r = { kind = \"road\", on = [\"N\"], end = \"house\" }\nfeatures.f = { kind = \"field\", on = [\"N1\", \"N3\", \"E\", \"S\", \"W\"] }\n\n[[tiles]]\nid = \"U\"\ncount = 1\nedges = [\"city 70 city\", \"field\", \"field\", \"field\"]\nfeatures.c1 = { kind = \"city\", on = [\"N1\"] }\nfeatures.c2 = { kind = \"city\", on = [\"N2\"] }\nfeatures.f = { kind = \"field\", on = [\"E\", \"S\", \"W\"], cities = [\"c1\", \"c2\"] }\n";
    let (said, out) = export(dir.path(), "odd", text);
    let refusal = said
        .iter()
        .find(|m| m.contains("nothing written"))
        .unwrap_or_else(|| panic!("{said:?}"));
    // As the command line prints it: the error with its help, and the warnings too.
    assert!(
        refusal.contains("line 7: error: tile `T`: JCZ has no edge split"),
        "{refusal}"
    );
    assert!(refusal.contains("(help: use `city`, `road` or `field`)"), "{refusal}");
    assert!(
        refusal.contains("warning: tile `U`: JCZ keeps no split position"),
        "{refusal}"
    );
    assert!(!out.exists());
}
