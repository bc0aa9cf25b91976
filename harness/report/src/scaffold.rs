//! The words of `new`: the folders and files it made, and what to do next.

use std::fmt::Write as _;

/// What `new` made.
#[derive(Debug, Clone, PartialEq)]
pub struct Made {
    /// The problem.
    pub name: String,
    /// Each folder made (relative to the workspace) with its files.
    pub folders: Vec<(String, Vec<String>)>,
    /// Which template.
    pub kind: Kind,
}

/// The template a problem was made from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The plain problem: a solution to write.
    Plain,
    /// A game with a placeholder solution, brute force, generator and validator.
    Game,
    /// An interactive problem: a placeholder dialogue against its interactor.
    Interactive,
}

/// The lines `cargo judge new` prints on stdout.
pub fn text(made: &Made) -> String {
    let mut text = String::new();
    for (dir, files) in &made.folders {
        let _ = writeln!(text, "created {dir}/");
        for file in files {
            let _ = writeln!(text, "    {file}");
        }
    }
    let name = &made.name;
    text.push_str(&match made.kind {
        Kind::Interactive => interactive_next_steps(name),
        Kind::Plain => plain_next_steps(name),
        Kind::Game => game_next_steps(name),
    });
    text
}

/// What to do after `new` made the interactive problem `name`.
fn interactive_next_steps(name: &str) -> String {
    format!(
        "\nThe skeleton plays a placeholder dialogue against its interactor (guess the\n\
         number: T cases, each a hidden x in 1..=n found by questions ? y), so everything\n\
         runs now. Next: the real dialogue in src/main.rs and src/bin/interactor.rs (the\n\
         TODOs: statement, dialogue, idea, why it is right), the inputs in gen.rs, the\n\
         real cases in testdata/{name}/ (01-placeholder is the placeholder's). Then:\n\
         \n    cargo judge {name}                     build and judge against the interactor\
         \n    cargo judge stress {name}              the solution against the interactor on random inputs\
         \n    cargo judge lint {name}                testdata hygiene, .interaction samples replayed\
         \n    cargo test -p {name}                   the interactor's own tests\n"
    )
}

/// What to do after `new` made the game `name`.
fn game_next_steps(name: &str) -> String {
    format!(
        "\nThe skeleton solves a placeholder game (T cases, take 1 or 2 stones), so everything\n\
         runs now. Next: write the problem into src/main.rs (the TODOs: statement, rule,\n\
         proof), the game search into src/bin/brute.rs, the format into gen.rs and\n\
         validate.rs, the statement's sample over testdata/{name}/01-sample (the\n\
         placeholder's until then). Each file stands alone and the tests run the built\n\
         binaries, so any of them may be rewritten in your own style. Then:\n\
         \n    cargo judge {name}                     build and judge on testdata/{name}/\
         \n    cargo judge bless {name} --force       expected outputs from the brute force\
         \n    cargo judge stress {name}              solution vs brute force on random inputs\
         \n    cargo judge lint {name}                testdata hygiene, inputs through {name}-validate\
         \n    cargo test -p {name}                   tests/solution.rs\n"
    )
}

/// What to do after `new` made the plain problem `name`.
fn plain_next_steps(name: &str) -> String {
    format!(
        "\nNext: the solution in src/main.rs (any style, any crate), the statement's samples\n\
         (`cargo judge add {name}`), and when you want them the brute force, the\n\
         generator and the validator (each says \"not written yet\" until you write it;\n\
         stress keeps shrunk inputs valid only once the validator is). Until a case is\n\
         added, `cargo judge {name}` says there is nothing to judge. Then:\n\
         \n    cargo judge add {name}                 paste a case: its input, a line ---, its output\
         \n    cargo judge {name}                     build and judge on testdata/{name}/\
         \n    cargo judge {name} --checked           the same with overflow checks\
         \n    cargo test -p {name}                   every case, and the brute force once written\n"
    )
}
