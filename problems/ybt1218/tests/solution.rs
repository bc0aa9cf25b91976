//! Specification of ybt1218 (YBT 1218 "取石子游戏"), through the built binaries
//! only, so it holds whatever style `src/main.rs` is written in: the solution against
//! the brute force on every small input and on random large ones (each batch one
//! run of each binary), the game's own laws at huge values, the testdata, and the
//! input handling.

euclid_spec::suite! {
    win: "win",
    lose: "lose",
    solution: env!("CARGO_BIN_EXE_ybt1218"),
    brute: env!("CARGO_BIN_EXE_ybt1218-brute"),
    validate: env!("CARGO_BIN_EXE_ybt1218-validate"),
    gen: env!("CARGO_BIN_EXE_ybt1218-gen"),
    testdata: "ybt1218",
}
