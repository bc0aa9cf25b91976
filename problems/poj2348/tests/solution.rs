//! Specification of poj2348 (POJ 2348 "Euclid's Game"), through the built binaries
//! only, so it holds whatever style `src/main.rs` is written in: the solution against
//! the brute force on every small input and on random large ones (each batch one
//! run of each binary), the game's own laws at huge values, the testdata, and the
//! input handling.

euclid_spec::suite! {
    win: "Stan wins",
    lose: "Ollie wins",
    solution: env!("CARGO_BIN_EXE_poj2348"),
    brute: env!("CARGO_BIN_EXE_poj2348-brute"),
    validate: env!("CARGO_BIN_EXE_poj2348-validate"),
    gen: env!("CARGO_BIN_EXE_poj2348-gen"),
    testdata: "poj2348",
}
