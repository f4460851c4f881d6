//! Shell completions and the manual page (issue 15), written from the same
//! arguments as the help.

mod common;

const COMMANDS: [&str; 8] = [
    "show", "advise", "odds", "layouts", "apply", "session", "arena", "bot",
];

#[test]
fn bash_completions_are_a_valid_script_naming_every_command() {
    let script = common::run_ok(&["completions", "bash"], None);
    assert!(script.contains("complete -F _manila__odds"), "{script}");
    for command in COMMANDS {
        assert!(script.contains(command), "{command} missing");
    }
    assert!(
        script.contains("--future") && script.contains("--me"),
        "flags complete too"
    );
    // bash reads it without a syntax error.
    let dir = std::env::temp_dir().join(format!("manila-odds-completion-{}", std::process::id()));
    std::fs::write(&dir, &script).expect("a temporary file");
    let checked = std::process::Command::new("bash")
        .arg("-n")
        .arg(&dir)
        .output();
    let _ = std::fs::remove_file(&dir);
    let checked = checked.expect("bash runs");
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
}

#[test]
fn zsh_and_fish_completions_name_every_command() {
    let zsh = common::run_ok(&["completions", "zsh"], None);
    assert!(zsh.starts_with("#compdef manila-odds"), "{zsh}");
    let fish = common::run_ok(&["completions", "fish"], None);
    assert!(fish.contains("complete -c manila-odds"), "{fish}");
    for command in COMMANDS {
        assert!(
            zsh.contains(command) && fish.contains(command),
            "{command} missing"
        );
    }
    let out = common::run_bin(&["completions", "tcsh"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_manual_page_covers_the_tool_and_each_command() {
    let page = common::run_ok(&["man"], None);
    assert!(page.contains(".TH manila-odds 1"), "{page}");
    assert!(
        page.contains(".SH NAME") && page.contains(".SH SUBCOMMANDS"),
        "{page}"
    );
    for command in COMMANDS {
        assert!(
            page.contains(&format!("manila\\-odds\\-{command}")),
            "{command} missing"
        );
    }
    let advise = common::run_ok(&["man", "advise"], None);
    assert!(advise.contains(".TH manila-odds-advise 1"), "{advise}");
    assert!(
        advise.contains("\\-\\-future") && advise.contains("P(paid)"),
        "{advise}"
    );
    let out = common::run_bin(&["man", "frobnicate"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'frobnicate' is not a command"));
}

#[test]
fn the_help_states_the_node_and_leaf_budgets_the_engine_uses() {
    use manila_odds::engine::analysis::{MAX_LEAVES, MAX_NODES};
    // The flags hold no clap default (a flag given is told apart from one
    // not given), so their help says the default in words.
    let help = common::run_ok(&["advise", "--help"], None).replace('\n', " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains(&format!("Default: {MAX_NODES} ")), "{help}");
    assert!(help.contains(&format!("Default: {MAX_LEAVES} ")), "{help}");
}
