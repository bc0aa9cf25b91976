//! Specification of hdu1525 (HDU 1525 "Euclid's Game"), through the built binaries
//! only, so it holds whatever style `src/main.rs` is written in: the solution against
//! the brute force on every small input and on random large ones (each batch one
//! run of each binary), the game's own laws at huge values, the testdata, and the
//! input handling.

euclid_spec::suite! {
    win: "Stan wins",
    lose: "Ollie wins",
    solution: env!("CARGO_BIN_EXE_hdu1525"),
    brute: env!("CARGO_BIN_EXE_hdu1525-brute"),
    validate: env!("CARGO_BIN_EXE_hdu1525-validate"),
    gen: env!("CARGO_BIN_EXE_hdu1525-gen"),
    testdata: "hdu1525",
}
